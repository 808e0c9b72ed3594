/**
 * The canonical key order of what the studio writes, defined once. An edit that adds a key puts it at
 * its canonical place among the keys already there (`insertKey`); keys an existing file has in another
 * order stay where they are, so a diff shows only what changed.
 */
import type { Json, JsonObject } from './document.ts';

/** service.json, top level. */
export const SERVICE_KEYS = ['$schema', 'id', 'collection', 'reference', 'forms', 'constants', 'checkout', 'payment', 'mail', 'agreements', 'workflow', 'admin', 'trash'];
/** service.json forms[]. */
export const FORM_KEYS = ['id', 'route', 'fields', 'success', 'checkout', 'listing'];
/** service.json admin. */
export const SERVICE_ADMIN_KEYS = ['route', 'aliases', 'order'];
/** service.json mail. */
export const MAIL_KEYS = ['applicant', 'staff', 'name', 'status'];
/** form.schema.json root, and a group's `items` object. */
export const SCHEMA_ROOT_KEYS = [
  '$schema', '$comment', 'description', 'type', 'additionalProperties', 'required', 'properties', 'definitions',
  'x-variants', 'if', 'then', 'else', 'allOf', 'dependentRequired', 'dependentSchemas',
];
/** One field's schema. */
export const PROPERTY_KEYS = [
  '$ref', '$comment', 'description', 'type', 'format', 'enum', 'const', 'default', 'minLength', 'maxLength', 'pattern',
  'minimum', 'maximum', 'formatMinimum', 'formatMaximum', 'x-date', 'items', 'minItems', 'maxItems', 'x-file',
  'readOnly', 'x-value', 'x-route-param', 'x-sensitive', 'x-mask', 'x-multiline', 'x-options', 'x-format',
  'x-inputmode', 'x-autocomplete', 'x-label-links', 'x-errors', 'examples', 'x-category', 'x-renamed-from',
];
export const DATE_KEYS = ['min', 'max'];
export const FILE_KEYS = ['accept', 'maxSize', 'maxFiles', 'maxTotalSize'];
/** An allOf entry, and its `if`. */
export const BRANCH_KEYS = ['if', 'then', 'else'];
export const CONDITION_KEYS = ['properties', 'required'];
/** A condition's `then`/`else`: its fields, then which of them it requires. */
export const BRANCH_BODY_KEYS = ['properties', 'required'];
/** form.ui.json root keys before the fields' own entries (which follow in field order). */
export const UI_ROOT_KEYS = ['ui:order', 'ui:steps', 'ui:sections', 'ui:blocks', 'ui:variants'];
export const UI_BLOCK_PLACES = ['top', 'bottom', 'submit'];
export const STEP_KEYS = ['id', 'fields'];
/** admin.ui.json root, and one card entry. */
export const ADMIN_KEYS = ['title', 'deleted', 'fields', 'columns'];
export const CARD_KEYS = ['name', 'label', 'display', 'copy'];
/** A field's texts after `fields.<name>.`, in this order; options.*, items.* and errors.* keep their own order. */
export const FIELD_TEXT_KEYS = ['label', 'help', 'options', 'add', 'row', 'items', 'errors', 'linked'];
/** admin.* texts. */
export const ADMIN_TEXT_KEYS = ['title', 'deleted'];

/** A rank compares like a tuple; a key with a smaller rank comes first. */
export type Rank = readonly number[];
export type Order = readonly string[] | ((key: string) => Rank);

export function compareRanks(a: Rank, b: Rank): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x - y;
  }
  return 0;
}

/** Position of `key` in a list order; keys the list does not name come after it, as they were. */
export function listRank(list: readonly string[], key: string): Rank {
  const i = list.indexOf(key);
  return [i === -1 ? list.length : i];
}

function rankOf(order: Order, key: string): Rank {
  return typeof order === 'function' ? order(key) : listRank(order, key);
}

/**
 * Sets `obj[key] = value` in place. An existing key keeps its place; a new one goes right before the
 * first existing key that ranks after it (so existing, differently ordered keys are never moved).
 */
export function insertKey(obj: JsonObject, key: string, value: Json, order: Order): void {
  if (key in obj) {
    obj[key] = value;
    return;
  }
  const rank = rankOf(order, key);
  const entries = Object.entries(obj);
  let at = entries.findIndex(([k]) => compareRanks(rankOf(order, k), rank) > 0);
  if (at === -1) at = entries.length;
  entries.splice(at, 0, [key, value]);
  for (const k of Object.keys(obj)) delete obj[k];
  for (const [k, v] of entries) obj[k] = v;
}

/** Puts the entries of `obj` in the given key order, in place (for whole objects the studio writes anew). */
export function reorderKeys(obj: JsonObject, keys: readonly string[]): void {
  const entries = Object.entries(obj);
  for (const k of Object.keys(obj)) delete obj[k];
  for (const k of keys) {
    const e = entries.find(([x]) => x === k);
    if (e) obj[k] = e[1];
  }
  for (const [k, v] of entries) if (!(k in obj)) obj[k] = v;
}

/** Inserts `item` into a list ordered by `rank`, before the first item ranking after it. */
export function insertOrdered<T>(list: T[], item: T, rank: (x: T) => number): void {
  const r = rank(item);
  const at = list.findIndex((x) => rank(x) > r);
  if (at === -1) list.push(item);
  else list.splice(at, 0, item);
}
