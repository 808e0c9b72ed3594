/**
 * A field's problem in one vocabulary, whoever found it: the browser's JSON Schema check (AJV keywords),
 * the file widget (fileType, fileSize, fileCount) or the server (AJV keywords from our hooks, PocketBase codes).
 * Problems stay untranslated until they are shown, so their text follows a language switch.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { errorKey, type Lookup } from './messages.ts';

export type ProblemValues = Record<string, string | number>;

export interface FieldProblem {
  /** An AJV keyword or one of ours (fileType, fileSize, fileCount, invalid). */
  rule: string;
  /** ICU arguments of the message: limit, format, types, size, name. */
  values: ProblemValues;
}

/** The top-level field an RJSF validation error is about ("" for the form as a whole). */
export function fieldOf(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

/** AJV's params, narrowed to the ones our messages use as arguments. */
export function problemOf(error: RJSFValidationError): FieldProblem {
  const params = (error.params ?? {}) as Record<string, unknown>;
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
 * The message that describes a problem of a field. Every argument a shared message may use gets a
 * value, so a message never fails for want of one (react-intl would log an error).
 */
export function describeProblem(ns: string, field: string, problem: FieldProblem, has: Lookup): MessageRef {
  const format = typeof problem.values.format === 'string' ? problem.values.format : undefined;
  return {
    id: errorKey(ns, field, problem.rule, has, format),
    values: { limit: '', format: '', types: '', size: '', name: field, ...problem.values },
  };
}
