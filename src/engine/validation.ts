/**
 * Validation the way an applicant expects it: a field shows its error once the applicant has entered
 * something in it and left it (a field only passed by Tab shows none), or after a submit attempt. Errors are recomputed from the data on every
 * render rather than kept in RJSF's state, so they follow the language and the set of touched fields.
 */
import { ErrorSchemaBuilder, type ErrorSchema, type RJSFValidationError } from '@rjsf/utils';
import { pathOf, problemOf, type FieldProblem } from './problems.ts';

export type Describe = (field: string, problem: FieldProblem) => string;

/**
 * The first error of each field, in the current language where the applicant sees it (`isShown`) and ''
 * elsewhere: every field with an error has an entry, since it blocks a submit, but a message with values
 * costs an ICU formatter, and a fresh form (what a page first renders) shows none. Keys are paths: a
 * top-level field ("email") or a cell of a group's row ("dependents.2.name"). Form-level errors have
 * no field and are left out.
 */
export function schemaMessages(errors: RJSFValidationError[], describe: Describe, isShown: (field: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const path = pathOf(e);
    if (path && !(path in out)) out[path] = isShown(path) ? describe(path, problemOf(e)) : '';
  }
  return out;
}

/** Paths sorted by their field's place in the form (rows in their order); fields the order does not know go last. */
export function inFormOrder(paths: string[], order: string[]): string[] {
  const rank = (p: string) => {
    const field = p.split('.')[0] ?? p;
    return order.includes(field) ? order.indexOf(field) : order.length;
  };
  const row = (p: string) => Number(p.split('.')[1] ?? -1);
  return [...paths].sort((a, b) => rank(a) - rank(b) || row(a) - row(b));
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
  /** What `shown` says, as a list in form order: the error summary's links (errorSummary.ts). */
  list: { path: string; message: string }[];
}

/**
 * One error per field. The server's answer wins (it is the last word), then what a widget saw, then
 * the schema. Server and widget errors answer something the applicant just did, so they show at once.
 */
export function fieldErrors({ order, schema, local, server, isShown }: ErrorSources): FieldErrors {
  const chosen: Record<string, string> = {};
  for (const [path, message] of Object.entries(schema)) if (isShown(path)) chosen[path] = message;
  Object.assign(chosen, local, server);
  // Nested the way RJSF hands errors down to a row's cell: { dependents: { 2: { name: { __errors } } } }.
  const builder = new ErrorSchemaBuilder();
  for (const [path, message] of Object.entries(chosen)) builder.setErrors(message, path.split('.'));
  const list = inFormOrder(Object.keys(chosen), order).map((path) => ({ path, message: chosen[path] as string }));
  return { shown: builder.ErrorSchema as ErrorSchema, blocking: inFormOrder(Object.keys(schema), order), list };
}
