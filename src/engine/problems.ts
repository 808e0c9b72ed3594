/**
 * A field's problem in one vocabulary, whoever found it: the browser's JSON Schema check (AJV keywords),
 * the file widget (fileType, fileSize, fileCount) or the server (AJV keywords from our hooks, PocketBase codes).
 * Problems stay untranslated until they are shown, so their text follows a language switch.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { errorKey, type Lookup } from './messages.ts';
import type { FieldTraits } from './types.ts';

export type ProblemValues = Record<string, string | number>;

export interface FieldProblem {
  /** An AJV keyword or one of ours (fileType, fileSize, fileCount, invalid). */
  rule: string;
  /** ICU arguments of the message: limit, format, types, size, name. */
  values: ProblemValues;
}

/** The top-level field an RJSF validation error is about ("" for the form as a whole). */
export function fieldOf(error: RJSFValidationError): string {
  return pathOf(error).split('.')[0] ?? '';
}

/**
 * Where an RJSF validation error is, as a dotted path: "email", or "dependents.2.name" for a cell of a
 * repeating group's row (the server keys its field errors the same way, design §2); "" for the whole form.
 */
export function pathOf(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').replace(/\['([^']*)'\]/g, '.$1');
}

/**
 * The key a path's texts live under: a row's cell "dependents.2.name" → "dependents.items.name", as in
 * fields.<group>.items.<prop>.label (design §2).
 */
export const textPath = (path: string): string => path.replace(/\.\d+(\.|$)/, '.items$1').replace(/\.items$/, '');

/**
 * A date out of its limits, however it was found: ajv-formats' formatMinimum/formatMaximum (params.limit
 * is the date) or our x-date keyword (params.limit "min"|"max", params.date the resolved date). Both
 * become one rule, date.min or date.max, with the date in {date} (formatted when it is shown).
 */
export function dateProblem(rule: string, params: Record<string, unknown>): FieldProblem | null {
  if (rule === 'formatMinimum' || rule === 'formatExclusiveMinimum') return { rule: 'date.min', values: { date: String(params.limit ?? '') } };
  if (rule === 'formatMaximum' || rule === 'formatExclusiveMaximum') return { rule: 'date.max', values: { date: String(params.limit ?? '') } };
  if (rule === 'x-date') return { rule: params.limit === 'min' ? 'date.min' : 'date.max', values: { date: String(params.date ?? '') } };
  return null;
}

/** AJV's params, narrowed to the ones our messages use as arguments. */
export function problemOf(error: RJSFValidationError): FieldProblem {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const date = dateProblem(error.name ?? '', params);
  if (date) return date;
  const values: ProblemValues = {};
  if (typeof params.limit === 'number' || typeof params.limit === 'string') values.limit = params.limit;
  if (typeof params.format === 'string') values.format = params.format;
  if (typeof params.additionalProperty === 'string') values.name = params.additionalProperty;
  return { rule: error.name ?? 'invalid', values };
}

export interface MessageRef {
  id: string;
  values: ProblemValues;
}

/**
 * The traits of what a path names: a field ("zip"), or a cell of a group's row ("dependents.2.name",
 * from the group's traits.group.items); undefined for a path the form does not have.
 */
export function traitsAt(traits: Record<string, FieldTraits>, path: string): FieldTraits | undefined {
  const [field = '', , cell] = path.split('.');
  const own = traits[field];
  return cell === undefined ? own : own?.group?.items[cell];
}

/**
 * The message that describes a problem of a field, whoever found it (the browser's check, a widget, the
 * server's answer): `errors` are the field's own texts by rule (its traits, from the schema's
 * x-errors). Every argument a shared message may use gets a value, so a message never fails for want
 * of one (react-intl would log an error).
 */
export function describeProblem(ns: string, field: string, problem: FieldProblem, has: Lookup, errors?: Record<string, string>): MessageRef {
  const format = typeof problem.values.format === 'string' ? problem.values.format : undefined;
  return {
    id: errorKey(ns, textPath(field), problem.rule, has, format, errors?.[problem.rule]),
    values: { limit: '', format: '', types: '', size: '', date: '', name: field, ...problem.values },
  };
}
