/**
 * Where a field lives in form.schema.json: a root property, a property of a condition's branch
 * (`allOf[i].then`/`else`, or the root's own `then`/`else`), or an item of a repeating group. Used by
 * the edits (on the copy `change` hands them) and by the read-only views.
 */
import type { FieldRef, Files, Json, JsonObject } from './document.ts';

export interface Location {
  /** The schema object holding `properties` and `required` for this field (root, branch or group items). */
  holder: JsonObject;
  name: string;
  where: 'root' | 'branch' | 'item';
  group?: string;
}

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function propertiesOf(holder: Json | undefined): JsonObject {
  return isObject(holder) && isObject(holder.properties) ? holder.properties : {};
}

/** Every branch of the root's conditions: allOf[].then/else and the root's own then/else. */
export function branches(schema: JsonObject): { holder: JsonObject; when: JsonObject | undefined; index: number | null; side: 'then' | 'else' }[] {
  const out: { holder: JsonObject; when: JsonObject | undefined; index: number | null; side: 'then' | 'else' }[] = [];
  const from = (entry: JsonObject, index: number | null) => {
    for (const side of ['then', 'else'] as const) {
      const b = entry[side];
      if (isObject(b)) out.push({ holder: b, when: isObject(entry.if) ? entry.if : undefined, index, side });
    }
  };
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((e, i) => isObject(e) && from(e, i));
  from(schema, null);
  return out;
}

export function splitRef(ref: FieldRef): { group?: string; name: string } {
  const dot = ref.indexOf('.');
  return dot === -1 ? { name: ref } : { group: ref.slice(0, dot), name: ref.slice(dot + 1) };
}

/** The location of a field, or undefined when the form has none by that reference. */
export function locate(files: Files, ref: FieldRef): Location | undefined {
  const schema = files['form.schema.json'] as JsonObject;
  const { group, name } = splitRef(ref);
  if (group !== undefined) {
    const g = locate(files, group);
    const gs = g ? propertiesOf(g.holder)[group] : undefined;
    const items = isObject(gs) ? gs.items : undefined;
    if (!isObject(items) || !(name in propertiesOf(items))) return undefined;
    return { holder: items, name, where: 'item', group };
  }
  if (name in propertiesOf(schema)) return { holder: schema, name, where: 'root' };
  for (const b of branches(schema)) if (name in propertiesOf(b.holder)) return { holder: b.holder, name, where: 'branch' };
  return undefined;
}

export function mustLocate(files: Files, ref: FieldRef): Location {
  const at = locate(files, ref);
  if (!at) throw new Error(`no field ${ref}`);
  return at;
}

export function schemaAt(at: Location): JsonObject {
  const s = propertiesOf(at.holder)[at.name];
  if (!isObject(s)) throw new Error(`field ${at.name} is not an object`);
  return s;
}

/** The condition field a branch tests (`if: { properties: { <when>: … } }`), if it is a simple one. */
export function whenOf(ifSchema: JsonObject | undefined): string | undefined {
  return ifSchema ? Object.keys(propertiesOf(ifSchema))[0] : undefined;
}

/**
 * The root fields in form order, each branch's fields right after the field their condition tests
 * (spouseName after filingStatus): the order of the field list, the staff card and the texts.
 */
export function orderedFields(files: Files): string[] {
  const schema = files['form.schema.json'] as JsonObject;
  const out = Object.keys(propertiesOf(schema));
  const later: string[] = [];
  for (const b of branches(schema)) {
    const names = Object.keys(propertiesOf(b.holder)).filter((n) => !out.includes(n) && !later.includes(n));
    const when = whenOf(b.when);
    const at = when === undefined ? -1 : out.indexOf(when);
    if (at === -1) later.push(...names);
    else {
      // After the tested field and after the fields other branches of it already put there.
      let end = at + 1;
      while (end < out.length && !(out[end]! in propertiesOf(schema))) end++;
      out.splice(end, 0, ...names);
    }
  }
  return [...out, ...later];
}

/** The item fields of a group, in order. */
export function itemNames(files: Files, group: string): string[] {
  const g = locate(files, group);
  const gs = g ? propertiesOf(g.holder)[group] : undefined;
  return isObject(gs) && isObject(gs.items) ? Object.keys(propertiesOf(gs.items)) : [];
}

/** Position of a field in form order (items by their place in the group), for ordering lists and texts. */
export function fieldIndex(files: Files, ref: FieldRef): number {
  const { group, name } = splitRef(ref);
  if (group !== undefined) return itemNames(files, group).indexOf(name);
  return orderedFields(files).indexOf(name);
}
