/**
 * Adding, removing and reordering fields. A field lives in form.schema.json; the other files follow it:
 * its place in `ui:order` / steps / sections (when the form has them), its staff card entry, its English
 * label. Renaming is not an edit here: the save dialog turns a remove + add into `x-renamed-from`.
 */
import { change, type FieldRef, type Files, type JsonObject, type ServiceDraft } from './document.ts';
import { BASE_KINDS, ITEM_KINDS, kindFragment, type Kind, type ScalarKind } from './kinds.ts';
import { ADMIN_KEYS, SCHEMA_ROOT_KEYS, UI_ROOT_KEYS, insertKey, reorderKeys } from './keyOrder.ts';
import { placeCardEntry } from './cardOrder.ts';
import { branches, isObject, locate, mustLocate, orderedFields, propertiesOf, splitRef, whenOf, type Location } from './locate.ts';
import { removeTextsIn, setTextIn } from './texts.ts';

export interface NewField {
  name: string;
  kind: Kind;
  /** English label, written to `fields.<name>.label` (`fields.<group>.items.<name>.label` for a row field). */
  label?: string;
}

const NAME = /^[a-z][A-Za-z0-9]*$/;
/** Columns the server keeps beside the form's fields (form.meta.json refuses them as field names). */
const RESERVED = ['id', 'created', 'updated', 'variant', 'locale', 'collectionId', 'collectionName', 'expand', 'checkoutUrl', 'paymentStatus', 'paidAt', 'homepage', 'reference', 'status'];

export function isValidFieldName(name: string): boolean {
  return NAME.test(name) && !RESERVED.includes(name);
}

export function hasField(draft: ServiceDraft, ref: FieldRef): boolean {
  return locate(draft.files, ref) !== undefined;
}

export function fieldSchema(draft: ServiceDraft, ref: FieldRef): JsonObject | undefined {
  const at = locate(draft.files, ref);
  const s = at ? propertiesOf(at.holder)[at.name] : undefined;
  return isObject(s) ? s : undefined;
}

/** The texts' name of a field: `<name>`, or `<group>.items.<name>` for a row field. */
export function textRef(ref: FieldRef): string {
  const { group, name } = splitRef(ref);
  return group === undefined ? name : `${group}.items.${name}`;
}

/** The form's layout lists that name every field: ui:order, and each step's or section's fields. */
function layoutLists(files: Files): string[][] {
  const ui = files['form.ui.json'] as JsonObject;
  const lists: string[][] = [];
  if (Array.isArray(ui['ui:order'])) lists.push(ui['ui:order'] as string[]);
  for (const k of ['ui:steps', 'ui:sections']) {
    const v = ui[k];
    if (Array.isArray(v)) for (const s of v) if (isObject(s) && Array.isArray(s.fields)) lists.push(s.fields as string[]);
  }
  return lists;
}

/** Adds a field at the end of the form (of the group's row when `group` is given). */
export function addField(draft: ServiceDraft, field: NewField, group?: string): ServiceDraft {
  const { name, kind } = field;
  if (!isValidFieldName(name)) throw new Error(`"${name}" cannot be a field name: a letter a–z first, then letters and digits (no spaces, dots or dashes), and not a name the server keeps for itself`);
  if (!kind.startsWith('shared:') && !BASE_KINDS.includes(kind as never)) throw new Error(`unknown kind: ${kind}`);
  return change(draft, (files) => {
    if (group !== undefined) {
      if (!ITEM_KINDS.includes(kind as ScalarKind)) throw new Error(`a repeating group's row takes text, e-mail, phone, number, choice, yes/no and date fields only`);
      const g = mustLocate(files, group);
      const gs = propertiesOf(g.holder)[group];
      if (!isObject(gs) || !isObject(gs.items)) throw new Error(`${group} is not a repeating group`);
      if (!isObject(gs.items.properties)) insertKey(gs.items, 'properties', {}, SCHEMA_ROOT_KEYS);
      const props = gs.items.properties as JsonObject;
      if (name in props) throw new Error(`${group} already has a field ${name}`);
      props[name] = kindFragment(kind);
    } else {
      if (locate(files, name)) throw new Error(`the form already has a field ${name}`);
      const schema = files['form.schema.json'] as JsonObject;
      if (!isObject(schema.properties)) insertKey(schema, 'properties', {}, SCHEMA_ROOT_KEYS);
      (schema.properties as JsonObject)[name] = kindFragment(kind);
      const ui = files['form.ui.json'] as JsonObject;
      const order = ui['ui:order'];
      if (Array.isArray(order) && !order.includes('*')) order.push(name);
      for (const k of ['ui:steps', 'ui:sections']) {
        const list = ui[k];
        const last = Array.isArray(list) ? list[list.length - 1] : undefined;
        if (isObject(last) && Array.isArray(last.fields)) last.fields.push(name);
      }
      // Staff see what was submitted: a new field is on the card until the editor takes it off.
      const admin = files['admin.ui.json'] as JsonObject;
      if (!Array.isArray(admin.fields)) insertKey(admin, 'fields', [], ADMIN_KEYS);
      placeCardEntry(files, name, { name });
    }
    if (field.label) setTextIn(files, 'en', `fields.${textRef(group === undefined ? name : `${group}.${name}`)}.label`, field.label);
  });
}

function dropFromRequired(holder: JsonObject, name: string): void {
  if (!Array.isArray(holder.required)) return;
  holder.required = holder.required.filter((n) => n !== name);
  if (holder.required.length === 0) delete holder.required;
}

/** Removes a branch that no longer holds a field, and allOf when it is empty. */
export function pruneBranches(schema: JsonObject): void {
  if (Array.isArray(schema.allOf)) {
    schema.allOf = schema.allOf.filter((e) => {
      if (!isObject(e)) return true;
      for (const side of ['then', 'else']) {
        const b = e[side];
        if (isObject(b) && Object.keys(propertiesOf(b)).length === 0 && !b.required) delete e[side];
        else if (isObject(b) && isObject(b.properties) && Object.keys(b.properties).length === 0) delete b.properties;
      }
      return 'then' in e || 'else' in e;
    });
    if (schema.allOf.length === 0) delete schema.allOf;
  }
}

/**
 * Removes a field. A form field is retired by the generator (its column and values stay), so its texts
 * stay too unless `removeTexts` (the staff card labels old records with them); a row field's texts go.
 * A field another field's condition tests cannot go before that condition does.
 */
export function removeField(draft: ServiceDraft, ref: FieldRef, options: { removeTexts?: boolean } = {}): ServiceDraft {
  return change(draft, (files) => {
    const at = mustLocate(files, ref);
    const schema = files['form.schema.json'] as JsonObject;
    delete propertiesOf(at.holder)[at.name];
    dropFromRequired(at.holder, at.name);
    if (at.where === 'item') {
      const ui = files['form.ui.json'] as JsonObject;
      const entry = ui[at.group!];
      if (isObject(entry) && isObject(entry.items)) {
        delete entry.items[at.name];
        if (Object.keys(entry.items).length === 0) delete entry.items;
        if (Object.keys(entry).length === 0) delete ui[at.group!];
      }
      removeTextsIn(files, `fields.${at.group}.items.${at.name}.`);
      return;
    }
    const name = at.name;
    const tested = branches(schema).filter((b) => whenOf(b.when) === name).flatMap((b) => Object.keys(propertiesOf(b.holder)));
    if (tested.length > 0) throw new Error(`${name} decides when ${tested.join(', ')} ${tested.length === 1 ? 'is' : 'are'} shown: change that first`);
    pruneBranches(schema);
    if (isObject(schema.dependentRequired)) {
      const dr = schema.dependentRequired;
      delete dr[name];
      for (const [k, v] of Object.entries(dr)) {
        if (!Array.isArray(v)) continue;
        const rest = v.filter((n) => n !== name);
        if (rest.length === 0) delete dr[k];
        else dr[k] = rest;
      }
      if (Object.keys(dr).length === 0) delete schema.dependentRequired;
    }
    const ui = files['form.ui.json'] as JsonObject;
    delete ui[name];
    if (Array.isArray(ui['ui:order'])) ui['ui:order'] = ui['ui:order'].filter((n) => n !== name);
    for (const k of ['ui:steps', 'ui:sections']) {
      const list = ui[k];
      if (Array.isArray(list)) for (const s of list) if (isObject(s) && Array.isArray(s.fields)) s.fields = s.fields.filter((n) => n !== name);
    }
    const admin = files['admin.ui.json'] as JsonObject;
    for (const k of ['fields', 'columns']) {
      if (Array.isArray(admin[k])) admin[k] = admin[k].filter((e) => !(isObject(e) && e.name === name));
    }
    if (options.removeTexts) removeTextsIn(files, `fields.${name}.`);
  });
}

/** The names beside a field in its own properties object (root, its branch, or its group's row). */
function siblings(at: Location): string[] {
  return Object.keys(propertiesOf(at.holder));
}

/**
 * Moves a field among its siblings (the root fields, its branch's, or its row's) to index `to`, or one
 * place up/down. ui:order and a step's or section's list follow: the places its siblings hold there
 * are refilled in the new order, so nothing else in those lists moves.
 */
export function moveField(draft: ServiceDraft, ref: FieldRef, to: number | 'up' | 'down'): ServiceDraft {
  return change(draft, (files) => {
    const at = mustLocate(files, ref);
    const names = siblings(at);
    const from = names.indexOf(at.name);
    const target = to === 'up' ? from - 1 : to === 'down' ? from + 1 : to;
    if (target < 0 || target >= names.length || target === from) return;
    const order = [...names];
    order.splice(from, 1);
    order.splice(target, 0, at.name);
    reorderKeys(at.holder.properties as JsonObject, order);
    if (at.where === 'item') return;
    for (const list of layoutLists(files)) {
      const slots = list.flatMap((n, i) => (order.includes(n) ? [i] : []));
      const inList = order.filter((n) => list.includes(n));
      slots.forEach((slot, i) => (list[slot] = inList[i]!));
    }
    placeCardEntry(files, at.name);
  });
}

/** Rank of a form.ui.json root key: ui:* first, then the fields' entries in form order. */
export function uiRootRank(files: Files): (key: string) => number[] {
  return (key) => {
    const i = UI_ROOT_KEYS.indexOf(key);
    if (i !== -1) return [i];
    const f = orderedFields(files).indexOf(key);
    return [UI_ROOT_KEYS.length, f === -1 ? 1e6 : f];
  };
}

