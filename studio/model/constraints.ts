/**
 * A field's rules and settings: required, limits, patterns, dates, options, example, privacy category,
 * file rules, "also require", autocomplete and the staff card. Each writes only keywords the engine
 * supports (docs/schema-format.md), in their canonical place (keyOrder.ts).
 */
import { change, LOCALES, type FieldRef, type Files, type Json, type JsonObject, type ServiceDraft } from './document.ts';
import { kindOf } from './kinds.ts';
import { ADMIN_KEYS, BRANCH_BODY_KEYS, CARD_KEYS, DATE_KEYS, FILE_KEYS, PROPERTY_KEYS, SCHEMA_ROOT_KEYS, insertKey, insertOrdered } from './keyOrder.ts';
import { fieldIndex, isObject, itemNames, mustLocate, propertiesOf, schemaAt, splitRef, type Location } from './locate.ts';
import { NAMED_PATTERNS, PATTERN_NAMES, type PatternName } from './patterns.ts';
import { setTextIn } from './texts.ts';
import { textRef, uiRootRank } from './fields.ts';

const MB = 1024 * 1024;

function edit(draft: ServiceDraft, ref: FieldRef, fn: (schema: JsonObject, at: Location, files: Files) => void): ServiceDraft {
  return change(draft, (files) => {
    const at = mustLocate(files, ref);
    fn(schemaAt(at), at, files);
  });
}

function setOrDelete(obj: JsonObject, key: string, value: Json | undefined | null, order: readonly string[] = PROPERTY_KEYS): void {
  if (value === null || value === undefined) delete obj[key];
  else insertKey(obj, key, value, order);
}

/** Rank of a field among the siblings its required list names. */
function siblingRank(files: Files, at: Location): (name: string) => number {
  if (at.where === 'item') return (n) => itemNames(files, at.group!).indexOf(n);
  if (at.where === 'branch') {
    const names = Object.keys(propertiesOf(at.holder));
    return (n) => names.indexOf(n);
  }
  return (n) => fieldIndex(files, n);
}

/**
 * Required or not, in the list of the object that holds the field (root, its branch, its group's row).
 * Several files required also get `minItems: 1` (an empty list would pass `required`).
 */
export function setRequired(draft: ServiceDraft, ref: FieldRef, required: boolean): ServiceDraft {
  return edit(draft, ref, (schema, at, files) => {
    const list = Array.isArray(at.holder.required) ? (at.holder.required as string[]) : [];
    const has = list.includes(at.name);
    if (required && !has) {
      insertOrdered(list, at.name, siblingRank(files, at));
      insertKey(at.holder, 'required', list, at.where === 'branch' ? BRANCH_BODY_KEYS : SCHEMA_ROOT_KEYS);
    } else if (!required && has) {
      list.splice(list.indexOf(at.name), 1);
      if (list.length === 0) delete at.holder.required;
    }
    if (kindOf(schema) === 'files') {
      if (required && schema.minItems === undefined) insertKey(schema, 'minItems', 1, PROPERTY_KEYS);
      if (!required && schema.minItems === 1) delete schema.minItems;
    }
  });
}

export function isRequired(draft: ServiceDraft, ref: FieldRef): boolean {
  const at = mustLocate(draft.files, ref);
  return Array.isArray(at.holder.required) && at.holder.required.includes(at.name);
}

export type LimitName = 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems';

export function setLimit(draft: ServiceDraft, ref: FieldRef, limit: LimitName, value: number | null): ServiceDraft {
  if (value !== null && !Number.isFinite(value)) throw new Error(`${limit} must be a number`);
  return edit(draft, ref, (schema) => setOrDelete(schema, limit, value));
}

/** A custom regular expression (null removes the pattern). It must compile; the text saying what to enter is `fields.<f>.errors.pattern`. */
export function setPattern(draft: ServiceDraft, ref: FieldRef, pattern: string | null): ServiceDraft {
  if (pattern !== null) {
    try {
      new RegExp(pattern, 'u');
    } catch (e) {
      throw new Error(`not a regular expression: ${(e as Error).message}`, { cause: e });
    }
  }
  return edit(draft, ref, (schema) => {
    setOrDelete(schema, 'pattern', pattern === '' ? null : pattern);
    dropLibraryError(schema);
  });
}

function dropLibraryError(schema: JsonObject): void {
  const errors = schema['x-errors'];
  if (!isObject(errors)) return;
  if (PATTERN_NAMES.some((n) => NAMED_PATTERNS[n].error === errors.pattern)) delete errors.pattern;
  if (Object.keys(errors).length === 0) delete schema['x-errors'];
}

/** A pattern from the library: its regex, maxLength and error text, as the shared field has them. */
export function setNamedPattern(draft: ServiceDraft, ref: FieldRef, name: PatternName | null): ServiceDraft {
  return edit(draft, ref, (schema) => {
    if (name === null) {
      delete schema.pattern;
      dropLibraryError(schema);
      return;
    }
    const p = NAMED_PATTERNS[name];
    insertKey(schema, 'maxLength', p.maxLength, PROPERTY_KEYS);
    insertKey(schema, 'pattern', p.pattern, PROPERTY_KEYS);
    const errors = isObject(schema['x-errors']) ? schema['x-errors'] : {};
    errors.pattern = p.error;
    insertKey(schema, 'x-errors', errors, PROPERTY_KEYS);
  });
}

const ABSOLUTE = /^\d{4}-\d{2}-\d{2}$/;
const RELATIVE = /^today([+-]\d+[dmy])?$/;

/** A date limit the engine understands: YYYY-MM-DD, today, today+N<d|m|y>, today-N<d|m|y>. */
export function isDateLimit(value: string): boolean {
  return ABSOLUTE.test(value) || RELATIVE.test(value);
}

/**
 * Earliest ('min') or latest ('max') date: an absolute date is formatMinimum/formatMaximum, one relative
 * to the day of submission is x-date.min/max (null removes both).
 */
export function setDateLimit(draft: ServiceDraft, ref: FieldRef, which: 'min' | 'max', value: string | null): ServiceDraft {
  const v = value?.trim() || null;
  if (v !== null && !isDateLimit(v)) throw new Error(`"${v}" is not a date limit: write YYYY-MM-DD, today, or today±N with d, m or y (today-18y)`);
  return edit(draft, ref, (schema) => {
    const absolute = which === 'min' ? 'formatMinimum' : 'formatMaximum';
    const relative = isObject(schema['x-date']) ? schema['x-date'] : {};
    delete relative[which];
    setOrDelete(schema, absolute, v !== null && ABSOLUTE.test(v) ? v : null);
    if (v !== null && RELATIVE.test(v)) insertKey(relative, which, v, DATE_KEYS);
    setOrDelete(schema, 'x-date', Object.keys(relative).length > 0 ? relative : null);
  });
}

export function dateLimit(schema: Json | undefined, which: 'min' | 'max'): string | null {
  if (!isObject(schema)) return null;
  const absolute = schema[which === 'min' ? 'formatMinimum' : 'formatMaximum'];
  if (typeof absolute === 'string') return absolute;
  const relative = isObject(schema['x-date']) ? schema['x-date'][which] : undefined;
  return typeof relative === 'string' ? relative : null;
}

function enumOf(schema: JsonObject): string[] {
  return Array.isArray(schema.enum) ? (schema.enum as string[]) : [];
}

/** Adds a choice's option at the end, with its English text. */
export function addOption(draft: ServiceDraft, ref: FieldRef, value: string, label?: string): ServiceDraft {
  if (value === '') throw new Error('an option needs a value');
  return edit(draft, ref, (schema, _at, files) => {
    const values = enumOf(schema);
    if (values.includes(value)) throw new Error(`${splitRef(ref).name} already has the option ${value}`);
    insertKey(schema, 'enum', [...values, value], PROPERTY_KEYS);
    if (label) setTextIn(files, 'en', `fields.${textRef(ref)}.options.${value}`, label);
  });
}

/** Removes an option and its texts (a saved service's old records keep their value; the column keeps it). */
export function removeOption(draft: ServiceDraft, ref: FieldRef, value: string): ServiceDraft {
  return edit(draft, ref, (schema, _at, files) => {
    insertKey(schema, 'enum', enumOf(schema).filter((v) => v !== value), PROPERTY_KEYS);
    for (const l of LOCALES) setTextIn(files, l, `fields.${textRef(ref)}.options.${value}`, null);
  });
}

/** Replaces the options' values in order (for reordering; texts stay by value). */
export function setOptions(draft: ServiceDraft, ref: FieldRef, values: string[]): ServiceDraft {
  if (new Set(values).size !== values.length) throw new Error('two options have the same value');
  return edit(draft, ref, (schema) => insertKey(schema, 'enum', values, PROPERTY_KEYS));
}

/** The valid sample value tests, stories and the preview's staff card use (`examples: [value]`). */
export function setExample(draft: ServiceDraft, ref: FieldRef, value: Json | null): ServiceDraft {
  return edit(draft, ref, (schema) => setOrDelete(schema, 'examples', value === null || value === '' ? null : [value]));
}

/** The privacy category (x-category: a letter or a list); a row field has none (its group's covers it). */
export function setCategory(draft: ServiceDraft, ref: FieldRef, category: string | string[] | null): ServiceDraft {
  return edit(draft, ref, (schema, at) => {
    if (at.where === 'item') throw new Error("a repeating group's row field takes its group's privacy category");
    setOrDelete(schema, 'x-category', Array.isArray(category) && category.length === 1 ? category[0]! : Array.isArray(category) && category.length === 0 ? null : category);
  });
}

/** The file types the "Accepted types" checkboxes offer (those pb_hooks/lib/fileContent.js can tell by content). */
export const FILE_TYPES: readonly { label: string; mimes: readonly string[] }[] = [
  { label: 'PDF', mimes: ['application/pdf'] },
  { label: 'JPEG', mimes: ['image/jpeg'] },
  { label: 'PNG', mimes: ['image/png'] },
  { label: 'WebP', mimes: ['image/webp'] },
  { label: 'HEIC', mimes: ['image/heic'] },
  { label: 'GIF', mimes: ['image/gif'] },
  { label: 'Word', mimes: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] },
];

export interface FileRules {
  /** MIME types; written in FILE_TYPES order. */
  accept?: string[];
  maxSizeMB?: number | null;
  maxFiles?: number | null;
  maxTotalSizeMB?: number | null;
}

/** Changes the given file rules (sizes in MB, stored in bytes); a null removes an optional one. */
export function setFileRules(draft: ServiceDraft, ref: FieldRef, rules: FileRules): ServiceDraft {
  return edit(draft, ref, (schema) => {
    const file = isObject(schema['x-file']) ? schema['x-file'] : {};
    if (rules.accept) {
      const known = FILE_TYPES.flatMap((t) => t.mimes);
      const accept = [...known.filter((m) => rules.accept!.includes(m)), ...rules.accept.filter((m) => !known.includes(m))];
      insertKey(file, 'accept', accept, FILE_KEYS);
    }
    const bytes = (mb: number | null | undefined) => (mb === null || mb === undefined ? mb : Math.round(mb * MB));
    const set = (key: string, v: number | null | undefined) => {
      if (v === undefined) return;
      setOrDelete(file, key, v, FILE_KEYS);
    };
    set('maxSize', bytes(rules.maxSizeMB));
    set('maxFiles', rules.maxFiles);
    set('maxTotalSize', bytes(rules.maxTotalSizeMB));
    insertKey(schema, 'x-file', file, PROPERTY_KEYS);
  });
}

/** "When answered, also require": dependentRequired[field] (root fields only); [] removes it. */
export function setAlsoRequire(draft: ServiceDraft, ref: FieldRef, others: string[]): ServiceDraft {
  return change(draft, (files) => {
    const at = mustLocate(files, ref);
    if (at.where !== 'root') throw new Error('only a field shown always can make others required');
    for (const o of others) if (mustLocate(files, o).where !== 'root') throw new Error(`${o} is not shown always`);
    const schema = files['form.schema.json'] as JsonObject;
    const dr = isObject(schema.dependentRequired) ? schema.dependentRequired : {};
    const rank = (n: string) => fieldIndex(files, n);
    if (others.length === 0) delete dr[at.name];
    else {
      const sorted = [...others].sort((a, b) => rank(a) - rank(b));
      insertKey(dr, at.name, sorted, (k) => [rank(k)]);
    }
    setOrDelete(schema, 'dependentRequired', Object.keys(dr).length > 0 ? dr : null, SCHEMA_ROOT_KEYS);
  });
}

/** The input's autocomplete token in form.ui.json (`ui:autocomplete`); null removes it. */
export function setAutocomplete(draft: ServiceDraft, ref: FieldRef, token: string | null): ServiceDraft {
  if (token !== null && !/^[a-z0-9 -]+$/.test(token)) throw new Error(`"${token}" is not an autocomplete token`);
  return change(draft, (files) => {
    const at = mustLocate(files, ref);
    const ui = files['form.ui.json'] as JsonObject;
    const owner = at.where === 'item' ? at.group! : at.name;
    const entry = isObject(ui[owner]) ? ui[owner] : {};
    let target = entry;
    if (at.where === 'item') {
      const items = isObject(entry.items) ? entry.items : {};
      target = isObject(items[at.name]) ? items[at.name] as JsonObject : {};
      items[at.name] = target;
      entry.items = items;
    }
    if (token === null) delete target['ui:autocomplete'];
    else target['ui:autocomplete'] = token;
    if (at.where === 'item') {
      const items = entry.items as JsonObject;
      if (Object.keys(target).length === 0) delete items[at.name];
      if (Object.keys(items).length === 0) delete entry.items;
    }
    if (Object.keys(entry).length === 0) delete ui[owner];
    else insertKey(ui, owner, entry, uiRootRank(files));
  });
}

export function autocompleteOf(draft: ServiceDraft, ref: FieldRef): string | null {
  const { group, name } = splitRef(ref);
  const ui = draft.files['form.ui.json'] as JsonObject;
  const entry = ui[group ?? name];
  const target = group === undefined ? entry : isObject(entry) && isObject(entry.items) ? entry.items[name] : undefined;
  return isObject(target) && typeof target['ui:autocomplete'] === 'string' ? target['ui:autocomplete'] : null;
}

export type CardDisplay = 'text' | 'email' | 'phone' | 'file' | 'date';

export interface StaffCard {
  shown?: boolean;
  copy?: boolean;
  display?: CardDisplay | null;
}

function cardEntries(files: Files): Json[] {
  const admin = files['admin.ui.json'] as JsonObject;
  return Array.isArray(admin.fields) ? admin.fields : [];
}

/** The field's staff card entry (admin.ui.json fields[]): shown or not, copy button, how it is shown. */
export function setStaffCard(draft: ServiceDraft, ref: FieldRef, card: StaffCard): ServiceDraft {
  return change(draft, (files) => {
    const at = mustLocate(files, ref);
    if (at.where === 'item') throw new Error("a row field is shown in its group's table");
    const admin = files['admin.ui.json'] as JsonObject;
    const list = cardEntries(files);
    let entry = list.find((e) => isObject(e) && e.name === at.name) as JsonObject | undefined;
    if (card.shown === false) {
      admin.fields = list.filter((e) => e !== entry);
      return;
    }
    if (!entry) {
      if (card.shown !== true && card.copy === undefined && card.display === undefined) return;
      entry = { name: at.name };
      const rank = (e: Json) => (isObject(e) && typeof e.name === 'string' && fieldIndex(files, e.name) !== -1 ? fieldIndex(files, e.name) : 1e6);
      insertOrdered(list, entry, rank);
      insertKey(admin, 'fields', list, ADMIN_KEYS);
    }
    if (card.copy !== undefined) setOrDelete(entry, 'copy', card.copy ? true : null, CARD_KEYS);
    if (card.display !== undefined) setOrDelete(entry, 'display', card.display, CARD_KEYS);
  });
}

export function staffCardOf(draft: ServiceDraft, ref: FieldRef): { shown: boolean; copy: boolean; display: CardDisplay | null } {
  const entry = cardEntries(draft.files).find((e) => isObject(e) && e.name === splitRef(ref).name);
  if (!isObject(entry)) return { shown: false, copy: false, display: null };
  return { shown: true, copy: entry.copy === true, display: typeof entry.display === 'string' ? (entry.display as CardDisplay) : null };
}
