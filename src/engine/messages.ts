/**
 * Which message key names a label, an option or an error. Service texts win over the shared ones in
 * schemas/common/i18n, so a service can say "ID is missing" where the site says "This field is required".
 */
export type Lookup = (key: string) => boolean;

/** The first candidate key that exists in the catalogue (the last one is the fallback). */
export function firstKnown(candidates: string[], has: Lookup): string {
  return candidates.find(has) ?? (candidates[candidates.length - 1] as string);
}

export const labelKey = (ns: string, field: string, has: Lookup): string =>
  firstKnown([`${ns}.fields.${field}.label`, `fields.${field}.label`], has);

export const helpKey = (ns: string, field: string, has: Lookup): string | undefined => {
  const key = [`${ns}.fields.${field}.help`, `fields.${field}.help`].find(has);
  return key;
};

export const optionKey = (ns: string, field: string, value: string | number, optionSet: string | undefined): string =>
  optionSet ? `${optionSet}.${value}` : `${ns}.fields.${field}.options.${value}`;

/** Error text for a failed rule (an AJV keyword or one of ours: fileType, fileSize). */
export function errorKey(ns: string, field: string, keyword: string, has: Lookup, format?: string): string {
  return firstKnown(
    [
      `${ns}.fields.${field}.errors.${keyword}`,
      `fields.${field}.errors.${keyword}`,
      ...(format ? [`errors.${keyword}.${format}`] : []),
      `errors.${keyword}`,
      'errors.invalid',
    ],
    has,
  );
}
