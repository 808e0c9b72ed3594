/**
 * Validation the way an applicant expects it ("onBlur" style): a field shows its error once it has been
 * left, or after a submit attempt, and never before. Errors are recomputed from the data on every
 * render rather than kept in RJSF's state, so they follow the language and the set of touched fields.
 */
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { fieldOf, problemOf, type FieldProblem } from './problems.ts';

export type Describe = (field: string, problem: FieldProblem) => string;

/**
 * The first error of each top-level field, in the current language where the applicant sees it
 * (`isShown`) and '' elsewhere: every field with an error has an entry, since it blocks a submit, but a
 * message with values costs an ICU formatter, and a fresh form (what a page first renders) shows none.
 * Form-level errors have no field and are left out.
 */
export function schemaMessages(errors: RJSFValidationError[], describe: Describe, isShown: (field: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const field = fieldOf(e);
    if (field && !(field in out)) out[field] = isShown(field) ? describe(field, problemOf(e)) : '';
  }
  return out;
}

/** Field names sorted by their place in the form; names the order does not know go last. */
export function inFormOrder(fields: string[], order: string[]): string[] {
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

export interface ErrorSources {
  order: string[];
  /** Translated schema errors by field (from the validator). */
  schema: Record<string, string>;
  /** Translated problems a widget found itself, e.g. a refused file. */
  local: Record<string, string>;
  /** Translated field errors of the last server answer. */
  server: Record<string, string>;
  /** Whether the applicant should see a field's schema error yet (touched, or a submit was tried). */
  isShown: (field: string) => boolean;
}

export interface FieldErrors {
  /** What RJSF renders at the fields (its `extraErrors`). */
  shown: ErrorSchema;
  /** Fields whose schema error stops a submit, in form order. */
  blocking: string[];
}

/**
 * One error per field. The server's answer wins (it is the last word), then what a widget saw, then
 * the schema. Server and widget errors answer something the applicant just did, so they show at once.
 */
export function fieldErrors({ order, schema, local, server, isShown }: ErrorSources): FieldErrors {
  const shown: Record<string, { __errors: string[] }> = {};
  for (const [field, message] of Object.entries(schema)) if (isShown(field)) shown[field] = { __errors: [message] };
  for (const [field, message] of Object.entries(local)) shown[field] = { __errors: [message] };
  for (const [field, message] of Object.entries(server)) shown[field] = { __errors: [message] };
  return { shown: shown as ErrorSchema, blocking: inFormOrder(Object.keys(schema), order) };
}
