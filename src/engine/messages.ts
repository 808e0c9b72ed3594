/**
 * Which message key names a label, a help text, an option, an error or a title (the lookup rules of
 * the message catalogue, see src/generated/messages). Service texts win over the shared ones in
 * schemas/common/i18n, so a service can say "ID is missing" where the site says "This field is required".
 */
export type Lookup = (key: string) => boolean;

/** The first candidate key that exists in the catalogue (the last one is the fallback). */
export function firstKnown(candidates: string[], has: Lookup): string {
  return candidates.find(has) ?? (candidates[candidates.length - 1] as string);
}

/** A form variant's own text (forms.<variant>.fields.<field>.*) wins over the service's and the shared one. */
const fieldKeys = (ns: string, field: string, what: string, variant?: string): string[] => [
  ...(variant ? [`${ns}.forms.${variant}.fields.${field}.${what}`] : []),
  `${ns}.fields.${field}.${what}`,
  `fields.${field}.${what}`,
];

export const labelKey = (ns: string, field: string, has: Lookup, variant?: string): string => firstKnown(fieldKeys(ns, field, 'label', variant), has);

/** Help is optional: undefined when neither the variant, the service nor the shared catalogue has one. */
export const helpKey = (ns: string, field: string, has: Lookup, variant?: string): string | undefined => fieldKeys(ns, field, 'help', variant).find(has);

/** A shared option set (traits.options, e.g. "options.usStates") or the service's own labels. */
export const optionKey = (ns: string, field: string, value: string | number, optionSet: string | undefined): string =>
  optionSet ? `${optionSet}.${value}` : `${ns}.fields.${field}.options.${value}`;

/** The submit button: the variant's or the service's own words ("Place order"), else "Continue". */
export const submitKey = (ns: string, variant: string, has: Lookup): string =>
  firstKnown([`${ns}.forms.${variant}.submit`, `${ns}.submit`, 'form.submit'], has);

/** A form variant's own title if the service has one, else the service's title. */
export const variantTitleKey = (ns: string, variant: string, has: Lookup): string => firstKnown([`${ns}.forms.${variant}.title`, `${ns}.title`], has);

/**
 * Error text for a failed rule: an AJV keyword (required, maxLength, format, …) or one of ours
 * (fileType, fileSize, fileCount). The service's text for the field wins, then a shared one for a field
 * of that name ("ID is missing"), then the text the field's schema names for the rule (`fromSchema`,
 * its x-errors: "Enter a 5-digit ZIP code, like 94105"), and only then the rule's generic text;
 * `format` narrows a generic format error, e.g. errors.format.email.
 */
export function errorKey(ns: string, field: string, rule: string, has: Lookup, format?: string, fromSchema?: string): string {
  return firstKnown(
    [
      `${ns}.fields.${field}.errors.${rule}`,
      `fields.${field}.errors.${rule}`,
      ...(fromSchema ? [fromSchema] : []),
      ...(format ? [`errors.${rule}.${format}`] : []),
      `errors.${rule}`,
      'errors.invalid',
    ],
    has,
  );
}
