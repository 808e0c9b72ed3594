/**
 * The named pattern library: the patterns of schemas/common/fields.json's phone, zip and ssn (same regex,
 * same maxLength, same error text), so a field typed by hand checks what the shared one checks and says
 * the same thing when it fails. A field whose pattern equals one is shown under that name.
 */
import type { Json } from './document.ts';

export type PatternName = 'usPhone' | 'zip' | 'ssn';

export interface NamedPattern {
  pattern: string;
  maxLength: number;
  /** common/i18n key the field's x-errors.pattern names (the generator requires a pattern to explain itself). */
  error: string;
}

export const NAMED_PATTERNS: Record<PatternName, NamedPattern> = {
  usPhone: { pattern: '^[0-9+() .-]{7,20}$', maxLength: 20, error: 'errors.field.phone.pattern' },
  zip: { pattern: '^[0-9]{5}(-[0-9]{4})?$', maxLength: 10, error: 'errors.field.zip.pattern' },
  ssn: { pattern: '^[0-9]{9}$', maxLength: 9, error: 'errors.field.ssn.pattern' },
};

export const PATTERN_NAMES = Object.keys(NAMED_PATTERNS) as PatternName[];

/** The library entry a field schema's pattern equals, or null (no pattern, or a custom one). */
export function patternName(schema: Json | undefined): PatternName | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const pattern = schema.pattern;
  return PATTERN_NAMES.find((n) => NAMED_PATTERNS[n].pattern === pattern) ?? null;
}
