/**
 * The service's texts: every key its screens need (as the generator's requiredServiceKeys counts them)
 * beside every key its language files have, with each language's value and whether it is missing or
 * still the English text. New keys go to their canonical place: title, intro, steps.*, sections.*,
 * fields.<f>.* in form order, admin.*, then the rest.
 */
import { change, LOCALES, localeFile, type Files, type Json, type JsonObject, type Locale, type ServiceDraft } from './document.ts';
import { ADMIN_TEXT_KEYS, FIELD_TEXT_KEYS, type Rank } from './keyOrder.ts';
import { insertKey, compareRanks } from './keyOrder.ts';
import { sharedName } from './kinds.ts';
import { fieldIndex, isObject, itemNames, locate, orderedFields, propertiesOf, schemaAt } from './locate.ts';

export type TextStatus = 'missing' | 'untranslated' | 'ok';

export interface TextRow {
  key: string;
  /** The service's screens ask for it (else it is kept for another reason, e.g. a retired field's label). */
  needed: boolean;
  values: Record<Locale, string | null>;
  status: Record<Locale, TextStatus>;
}

const LAST = 1e6;

function stepIds(files: Files, kind: 'ui:steps' | 'ui:sections'): string[] {
  const list = (files['form.ui.json'] as JsonObject)[kind];
  return Array.isArray(list) ? list.flatMap((s) => (isObject(s) && typeof s.id === 'string' ? [s.id] : [])) : [];
}

function enumOf(schema: Json | undefined): string[] {
  return isObject(schema) && Array.isArray(schema.enum) ? schema.enum.map(String) : [];
}

/** Rank of what follows `fields.<f>.` (`label`, `options.married`, `items.name.label`, …). */
function fieldRestRank(files: Files, ref: string, rest: string): number[] {
  const [head = '', ...tail] = rest.split('.');
  const at = FIELD_TEXT_KEYS.indexOf(head);
  const first = at === -1 ? FIELD_TEXT_KEYS.length : at;
  if (head === 'options') {
    const at2 = locate(files, ref);
    const values = at2 ? enumOf(propertiesOf(at2.holder)[at2.name]) : [];
    const i = values.indexOf(tail.join('.'));
    return [first, i === -1 ? LAST : i];
  }
  if (head === 'items' && tail.length > 1) {
    const item = tail[0]!;
    const i = itemNames(files, ref).indexOf(item);
    return [first, i === -1 ? LAST : i, ...fieldRestRank(files, `${ref}.${item}`, tail.slice(1).join('.'))];
  }
  return [first];
}

/** The canonical rank of a text key in a draft's language files. */
export function textRank(files: Files, key: string): Rank {
  if (key === 'title') return [0];
  if (key === 'intro') return [1];
  const [head = '', ...rest] = key.split('.');
  const tail = rest.join('.');
  if (head === 'steps' || head === 'sections') {
    const i = stepIds(files, head === 'steps' ? 'ui:steps' : 'ui:sections').indexOf(tail);
    return [head === 'steps' ? 2 : 3, i === -1 ? LAST : i];
  }
  if (head === 'fields' && rest.length > 1) {
    const name = rest[0]!;
    const i = fieldIndex(files, name);
    return [4, i === -1 ? LAST : i, ...fieldRestRank(files, name, rest.slice(1).join('.'))];
  }
  if (head === 'admin') {
    const i = ADMIN_TEXT_KEYS.indexOf(tail);
    return [5, i === -1 ? ADMIN_TEXT_KEYS.length : i];
  }
  return [6];
}

/** Message keys named by blocks (ui:blocks, inline success): message, title, label, list items, nested blocks. */
function blockKeys(value: Json | undefined, out: string[]): void {
  if (Array.isArray(value)) {
    for (const v of value) blockKeys(v, out);
    return;
  }
  if (!isObject(value)) return;
  for (const k of ['message', 'title', 'label']) if (typeof value[k] === 'string') out.push(value[k]);
  if (Array.isArray(value.items)) for (const i of value.items) if (typeof i === 'string') out.push(i);
  for (const k of ['blocks', 'sections', 'items']) if (typeof value[k] === 'object') blockKeys(value[k], out);
}

/** A field's own keys: label (unless shared texts label it), option texts, a group's texts, a pattern's error. */
function fieldKeys(files: Files, ref: string, textRef: string, sharedLabels: ReadonlySet<string> | undefined, out: string[]): void {
  const at = locate(files, ref);
  if (!at) return;
  const schema = schemaAt(at);
  const shared = sharedName(schema);
  const name = at.name;
  const hasCommonLabel = at.where !== 'item' && (sharedLabels ? sharedLabels.has(`fields.${name}.label`) : shared === name);
  if (!hasCommonLabel) out.push(`fields.${textRef}.label`);
  if (!schema['x-format'] && !schema['x-options']) for (const v of enumOf(schema)) out.push(`fields.${textRef}.options.${v}`);
  const errors = isObject(schema['x-errors']) ? schema['x-errors'] : {};
  if (!shared && typeof schema.pattern === 'string' && !errors.pattern) out.push(`fields.${textRef}.errors.pattern`);
  if (schema.type === 'array' && isObject(schema.items) && schema.items.type === 'object') {
    out.push(`fields.${textRef}.add`, `fields.${textRef}.row`);
    for (const item of itemNames(files, name)) fieldKeys(files, `${name}.${item}`, `${textRef}.items.${item}`, sharedLabels, out);
  }
}

/**
 * Every key the service's screens need. `sharedLabels`: the common texts' `fields.<name>.label` keys
 * (a field named like a shared label needs none of its own); without it, a `$ref` field named like its
 * definition counts as labelled by the shared texts.
 */
export function neededTextKeys(draft: ServiceDraft, sharedLabels?: ReadonlySet<string>): string[] {
  const files = draft.files;
  const out: string[] = ['title'];
  const ui = files['form.ui.json'] as JsonObject;
  blockKeys(isObject(ui['ui:blocks']) ? Object.values(ui['ui:blocks']) : [], out);
  for (const id of stepIds(files, 'ui:steps')) out.push(`steps.${id}`);
  for (const id of stepIds(files, 'ui:sections')) out.push(`sections.${id}`);
  for (const name of orderedFields(files)) fieldKeys(files, name, name, sharedLabels, out);
  const service = files['service.json'] as JsonObject;
  for (const form of Array.isArray(service.forms) ? service.forms : []) {
    if (!isObject(form)) continue;
    if (isObject(form.success)) blockKeys(form.success.blocks, out);
    if (isObject(form.listing) && typeof form.id === 'string') out.push(`listing.${form.id}.title`, `listing.${form.id}.summary`);
  }
  const admin = files['admin.ui.json'] as JsonObject;
  for (const k of ['title', 'deleted']) if (typeof admin[k] === 'string') out.push(admin[k]);
  for (const f of Array.isArray(admin.fields) ? admin.fields : []) if (isObject(f) && typeof f.label === 'string') out.push(f.label);
  return [...new Set(out)];
}

function textsOf(draft: ServiceDraft, locale: Locale): JsonObject {
  const t = draft.files[localeFile(locale)] as Json;
  return isObject(t) ? t : {};
}

export function textOf(draft: ServiceDraft, locale: Locale, key: string): string | undefined {
  const v = textsOf(draft, locale)[key];
  return typeof v === 'string' ? v : undefined;
}

/** The Texts tab's table: needed and present keys in canonical order, each language's value and status. */
export function textTable(draft: ServiceDraft, sharedLabels?: ReadonlySet<string>): TextRow[] {
  const needed = new Set(neededTextKeys(draft, sharedLabels));
  const keys: string[] = [];
  for (const l of LOCALES) for (const k of Object.keys(textsOf(draft, l))) if (!keys.includes(k)) keys.push(k);
  for (const k of needed) if (!keys.includes(k)) keys.push(k);
  const ranked = keys.map((key, i) => ({ key, i, rank: textRank(draft.files, key) }));
  ranked.sort((a, b) => compareRanks(a.rank, b.rank) || a.i - b.i);
  return ranked.map(({ key }) => {
    const values = {} as Record<Locale, string | null>;
    const status = {} as Record<Locale, TextStatus>;
    for (const l of LOCALES) values[l] = textOf(draft, l, key) ?? null;
    for (const l of LOCALES) {
      const v = values[l];
      status[l] = v === null || v === '' ? 'missing' : l !== 'en' && v === values.en ? 'untranslated' : 'ok';
    }
    return { key, needed: needed.has(key), values, status };
  });
}

/** Sets (or, with null or '', removes) one language's text, a new key at its canonical place. */
export function setText(draft: ServiceDraft, locale: Locale, key: string, value: string | null): ServiceDraft {
  return change(draft, (files) => setTextIn(files, locale, key, value));
}

/** setText on the copy an edit is changing. */
export function setTextIn(files: Files, locale: Locale, key: string, value: string | null): void {
  const file = localeFile(locale);
  if (!isObject(files[file])) files[file] = {};
  const texts = files[file] as JsonObject;
  if (value === null || value === '') delete texts[key];
  else insertKey(texts, key, value, (k) => textRank(files, k));
}

/** Removes every key under a prefix (`fields.dependents.`) in every language. */
export function removeTextsIn(files: Files, prefix: string): void {
  for (const l of LOCALES) {
    const texts = files[localeFile(l)] as Json;
    if (isObject(texts)) for (const k of Object.keys(texts)) if (k.startsWith(prefix)) delete texts[k];
  }
}

/** Renames keys under one prefix to another in every language, keeping their places. */
export function renameTextsIn(files: Files, from: string, to: string): void {
  for (const l of LOCALES) {
    const texts = files[localeFile(l)] as Json;
    if (!isObject(texts)) continue;
    const entries = Object.entries(texts).map(([k, v]) => [k === from || k.startsWith(`${from}.`) ? to + k.slice(from.length) : k, v] as const);
    for (const k of Object.keys(texts)) delete texts[k];
    for (const [k, v] of entries) texts[k] = v;
  }
}

