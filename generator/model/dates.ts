/**
 * A date field's limits (design: dates): formatMinimum/formatMaximum (absolute, YYYY-MM-DD) and x-date
 * (relative to the day of submission) belong to `format: date` fields only, and an absolute range must
 * not be empty. The meta-schema has checked their spelling; this checks what it cannot.
 */
import { isIsoDate } from '../../shared/dateLimits.ts';
import type { PropertySchema } from '../sources.ts';

/** Problems of one field's date limits, each with the JSON pointer below the field it is about. */
export function dateLimitProblems(schema: PropertySchema): { at: string; message: string }[] {
  const problems: { at: string; message: string }[] = [];
  const limits = (['formatMinimum', 'formatMaximum', 'x-date'] as const).filter((k) => schema[k as keyof PropertySchema] !== undefined);
  if (schema.format !== 'date') {
    for (const k of limits) problems.push({ at: `/${k}`, message: `${k} limits a date: the field needs "format": "date"` });
    return problems;
  }
  for (const k of ['formatMinimum', 'formatMaximum'] as const) {
    const value = (schema as Record<string, unknown>)[k];
    if (typeof value === 'string' && !isIsoDate(value)) problems.push({ at: `/${k}`, message: `"${value}" is not a date (YYYY-MM-DD)` });
  }
  const { formatMinimum: min, formatMaximum: max } = schema as { formatMinimum?: string; formatMaximum?: string };
  if (min && max && min > max) problems.push({ at: '/formatMaximum', message: `formatMaximum ${max} is before formatMinimum ${min}: no date could be given` });
  return problems;
}
