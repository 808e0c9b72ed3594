/**
 * The widget for a field follows from its schema and traits, in this one place, never from a
 * service's name. Ranked predicates in the manner of JSON Forms: the highest-ranked tester wins.
 */
import type { FieldTraits } from './types.ts';

export interface FieldFacts {
  schema: { type?: unknown; enum?: unknown[]; format?: string };
  traits: FieldTraits;
}

export type WidgetName = 'FileWidget' | 'SsnWidget' | 'select' | 'textarea' | 'checkbox' | 'email' | 'text';
type Tester = (f: FieldFacts) => boolean;

export const isFileField: Tester = (f) => Boolean(f.traits.file);
export const isMaskedSsn: Tester = (f) => f.traits.mask === 'ssn';
export const isEnumField: Tester = (f) => Array.isArray(f.schema.enum);
export const isMultilineText: Tester = (f) => Boolean(f.traits.multiline);
export const isBooleanField: Tester = (f) => f.schema.type === 'boolean';
export const isEmailField: Tester = (f) => f.schema.format === 'email';

const RANKED: [number, Tester, WidgetName][] = [
  [5, isFileField, 'FileWidget'],
  [4, isMaskedSsn, 'SsnWidget'],
  [3, isEnumField, 'select'],
  [2, isMultilineText, 'textarea'],
  [2, isBooleanField, 'checkbox'],
  [1, isEmailField, 'email'],
];

export function widgetFor(facts: FieldFacts): WidgetName {
  let best: [number, WidgetName] = [0, 'text'];
  for (const [rank, test, widget] of RANKED) if (rank > best[0] && test(facts)) best = [rank, widget];
  return best[1];
}
