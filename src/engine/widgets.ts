/**
 * The widget for a field follows from its schema and traits (the x- keywords), in this one place,
 * never from a service's name. Ranked testers in the manner of JSON Forms: the highest rank that
 * matches wins, so an upload stays an upload even if its schema also has an enum.
 */
import type { FieldTraits } from './types.ts';

export interface FieldFacts {
  schema: { type?: unknown; enum?: unknown[]; format?: string };
  traits: FieldTraits;
}

/** Names in the widget registry: ours (src/theme/widgets) or RJSF core's ("text" is its default). */
export type WidgetName = 'FileWidget' | 'SsnWidget' | 'select' | 'textarea' | 'checkbox' | 'email' | 'text';
export type Tester = (f: FieldFacts) => boolean;

export const isFileField: Tester = (f) => Boolean(f.traits.file);
export const isMaskedSsn: Tester = (f) => f.traits.mask === 'ssn';
export const isEnumField: Tester = (f) => Array.isArray(f.schema.enum);
export const isMultilineText: Tester = (f) => Boolean(f.traits.multiline) && f.schema.type === 'string';
export const isBooleanField: Tester = (f) => f.schema.type === 'boolean';
export const isEmailField: Tester = (f) => f.schema.format === 'email';

export const RANKED_WIDGETS: readonly (readonly [rank: number, test: Tester, widget: WidgetName])[] = [
  [5, isFileField, 'FileWidget'],
  [4, isMaskedSsn, 'SsnWidget'],
  [3, isEnumField, 'select'],
  [2, isMultilineText, 'textarea'],
  [2, isBooleanField, 'checkbox'],
  [1, isEmailField, 'email'],
];

export function widgetFor(facts: FieldFacts): WidgetName {
  let best: [number, WidgetName] = [0, 'text'];
  for (const [rank, test, widget] of RANKED_WIDGETS) if (rank > best[0] && test(facts)) best = [rank, widget];
  return best[1];
}
