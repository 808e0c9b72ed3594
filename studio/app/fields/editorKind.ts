/**
 * Which controls a field's editor shows, from the keywords in force on it (a shared field's definition
 * included): the same reading the renderer makes of a schema (src/engine/widgets.ts), reduced to what
 * can be edited.
 */
import type { Schema } from './fieldState.ts';
export type EditorKind = 'text' | 'email' | 'date' | 'choice' | 'yesno' | 'number' | 'file' | 'files' | 'group';

export function editorKind(schema: Schema): EditorKind {
  if (schema['x-file']) return schema.type === 'array' ? 'files' : 'file';
  if (schema.type === 'array') return 'group';
  if (Array.isArray(schema.enum)) return 'choice';
  if (schema.type === 'boolean') return 'yesno';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'email') return 'email';
  return 'text';
}

/** Kinds a value of which can be typed as an example (files and groups have none; a yes/no is obvious). */
export const takesExample = (kind: EditorKind) => kind === 'text' || kind === 'email' || kind === 'date' || kind === 'choice' || kind === 'number';

/** Kinds whose input the browser may autofill. */
export const takesAutocomplete = (kind: EditorKind) => kind === 'text' || kind === 'email' || kind === 'date' || kind === 'number' || kind === 'choice';

/** The HTML autocomplete tokens the editor offers (the WHATWG list's personal and address ones). */
export const AUTOCOMPLETE_TOKENS = [
  'name',
  'honorific-prefix',
  'given-name',
  'additional-name',
  'family-name',
  'nickname',
  'organization',
  'organization-title',
  'email',
  'tel',
  'tel-national',
  'street-address',
  'address-line1',
  'address-line2',
  'address-level1',
  'address-level2',
  'postal-code',
  'country-name',
  'bday',
  'sex',
  'url',
  'language',
  'username',
  'one-time-code',
] as const;

/** The staff card's displays (admin.meta.json `display`). */
export const STAFF_DISPLAYS = ['text', 'email', 'phone', 'file', 'date'] as const;

/** The privacy policy's categories a field may hold (docs/retention.md). */
export const CATEGORIES = ['A', 'B', 'D', 'I', 'J', 'L'] as const;
