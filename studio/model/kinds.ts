/**
 * The kinds of field the studio offers and the schema each one starts with. Only what the engine
 * supports (docs/schema-format.md): strings (with format email/date), numbers, enums, booleans, one file
 * (`x-file` on a string), several files (an array of strings with `x-file.maxFiles`), repeating groups
 * (arrays of objects of scalar fields), and `$ref`s to the shared definitions.
 */
import type { Json, JsonObject } from './document.ts';
import { NAMED_PATTERNS } from './patterns.ts';

export type ScalarKind = 'text' | 'email' | 'phone' | 'number' | 'choice' | 'yesno' | 'date' | 'file' | 'files';
export type BaseKind = ScalarKind | 'group';
export type Kind = BaseKind | `shared:${string}`;

/** In the order the "Kind" select lists them. */
export const BASE_KINDS: readonly BaseKind[] = ['text', 'email', 'phone', 'number', 'choice', 'yesno', 'date', 'file', 'files', 'group'];
/** What a repeating group's row may hold: scalar fields, no files (docs: Repeating groups). */
export const ITEM_KINDS: readonly ScalarKind[] = ['text', 'email', 'phone', 'number', 'choice', 'yesno', 'date'];

export const SHARED_PREFIX = '../../common/fields.json#/definitions/';
const MB = 1024 * 1024;

export function sharedRef(definition: string): string {
  return SHARED_PREFIX + definition;
}

/** The shared definition a `$ref` names, or null. */
export function sharedName(schema: Json | undefined): string | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(SHARED_PREFIX) ? ref.slice(SHARED_PREFIX.length) : null;
}

/** The schema a new field of this kind starts with; what the editor sets next goes in its canonical place. */
export function kindFragment(kind: Kind): JsonObject {
  if (kind.startsWith('shared:')) return { $ref: sharedRef(kind.slice('shared:'.length)) };
  switch (kind as BaseKind) {
    case 'text':
      return { type: 'string', maxLength: 200 };
    case 'email':
      return { type: 'string', format: 'email', maxLength: 254 };
    case 'phone': {
      const p = NAMED_PATTERNS.usPhone;
      return { type: 'string', maxLength: p.maxLength, pattern: p.pattern, 'x-errors': { pattern: p.error } };
    }
    case 'number':
      return { type: 'number' };
    case 'choice':
      return { type: 'string', enum: [] };
    case 'yesno':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'file':
      return { type: 'string', 'x-file': { accept: ['application/pdf', 'image/jpeg', 'image/png'], maxSize: 10 * MB } };
    case 'files':
      return { type: 'array', items: { type: 'string' }, 'x-file': { accept: ['application/pdf', 'image/jpeg', 'image/png'], maxSize: 10 * MB, maxFiles: 5 } };
    case 'group':
      return { type: 'array', items: { type: 'object', additionalProperties: false, properties: {} }, maxItems: 10 };
  }
  throw new Error(`unknown kind: ${kind}`);
}

/** The kind of a field's schema as the studio shows it. */
export function kindOf(schema: Json | undefined): Kind {
  const shared = sharedName(schema);
  if (shared) return `shared:${shared}`;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'text';
  if (schema.type === 'array') {
    const items = schema.items;
    return items && typeof items === 'object' && !Array.isArray(items) && items.type === 'object' ? 'group' : 'files';
  }
  if (schema['x-file']) return 'file';
  if (schema.type === 'boolean') return 'yesno';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (Array.isArray(schema.enum)) return 'choice';
  if (schema.format === 'email') return 'email';
  if (schema.format === 'date') return 'date';
  if (schema.pattern === NAMED_PATTERNS.usPhone.pattern) return 'phone';
  return 'text';
}
