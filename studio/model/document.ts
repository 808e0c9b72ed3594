/**
 * The studio's document: one service folder held as JSON values. Every edit in this directory is a pure
 * function `(draft, …) => draft`; key order inside the values is meaningful, because it is what
 * format.ts writes.
 */
export const SERVICE_FILES = [
  'service.json',
  'form.schema.json',
  'form.ui.json',
  'admin.ui.json',
  'i18n/en.json',
  'i18n/uz.json',
  'i18n/ru.json',
] as const;
export type ServiceFile = (typeof SERVICE_FILES)[number];

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** One service folder as JSON values. */
export interface ServiceDraft {
  id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the files are any JSON the editor wrote; the model reads them defensively
  files: Record<ServiceFile, any>;
}

export type Locale = 'en' | 'uz' | 'ru';
export const LOCALES: readonly Locale[] = ['en', 'uz', 'ru'];

/** A root or branch field by name; a repeating group's item field as `<group>.<item>`. */
export type FieldRef = string;

export function localeFile(locale: Locale): ServiceFile {
  return `i18n/${locale}.json`;
}

/** Deep equality of two JSON values, key order included (order is what gets written). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => sameJson((a as JsonObject)[k], (b as JsonObject)[k]));
}

export function sameDraft(a: ServiceDraft, b: ServiceDraft): boolean {
  return a.id === b.id && SERVICE_FILES.every((f) => sameJson(a.files[f], b.files[f]));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ServiceDraft.files
export type Files = Record<ServiceFile, any>;

/**
 * Applies a change written in mutating style to a deep copy of the draft's files, so every exported
 * edit stays pure. A change that alters nothing returns the draft itself (the app keeps no undo step).
 */
export function change(draft: ServiceDraft, mutate: (files: Files) => void): ServiceDraft {
  const files = structuredClone(draft.files);
  mutate(files);
  const next = { ...draft, files };
  return sameDraft(draft, next) ? draft : next;
}
