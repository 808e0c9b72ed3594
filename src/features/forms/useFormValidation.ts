/**
 * Validation the way an applicant expects it: a field shows its error once it has been left (or after
 * a submit attempt), and 'Looks good!' when it is right. One validator, the same schema the server uses.
 */
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useCallback } from 'react';

export interface Validation {
  /** Translated errors by field name (first error of each field). */
  byField: Record<string, string>;
  /** Field names in form order that have errors. */
  invalid: string[];
}

export type TranslateError = (field: string, error: RJSFValidationError) => string;

export function useFormValidation(schema: RJSFSchema | null, order: string[], translate: TranslateError) {
  return useCallback(
    (data: Record<string, unknown>): Validation => {
      if (!schema) return { byField: {}, invalid: [] };
      const { errors } = validator.validateFormData(data, schema);
      const byField: Record<string, string> = {};
      for (const e of errors) {
        const field = e.name === 'required' ? String(e.params.missingProperty) : (e.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
        if (field && !(field in byField)) byField[field] = translate(field, e);
      }
      const invalid = order.filter((f) => f in byField);
      return { byField, invalid };
    },
    [schema, order, translate],
  );
}

/** Only the errors the applicant should see now, in RJSF's errorSchema shape. */
export function visibleErrors(v: Validation, show: (field: string) => boolean, server: Record<string, string>): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const [field, message] of Object.entries(v.byField)) if (show(field)) out[field] = { __errors: [message] };
  for (const [field, message] of Object.entries(server)) out[field] = { __errors: [message] };
  return out as ErrorSchema;
}
