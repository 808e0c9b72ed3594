/**
 * "Show only when": a field shown only when a choice or yes/no root field has one value. Standard JSON
 * Schema, as docs/schema-format.md says: the field moves from the root's properties into the `then` of
 * an `allOf` entry `{ if: { properties: { <when>: { const: <value> } }, required: [<when>] }, then: … }`,
 * and its "required" moves with it (required inside the branch = required when shown).
 */
import { change, type Json, type JsonObject, type ServiceDraft } from './document.ts';
import { kindOf } from './kinds.ts';
import { BRANCH_BODY_KEYS, BRANCH_KEYS, CONDITION_KEYS, SCHEMA_ROOT_KEYS, insertKey, insertOrdered } from './keyOrder.ts';
import { placeCardEntry } from './cardOrder.ts';
import { pruneBranches } from './fields.ts';
import { branches, fieldIndex, isObject, mustLocate, propertiesOf, whenOf } from './locate.ts';

export interface Condition {
  when: string;
  equals: string | boolean;
}

function testOf(ifSchema: JsonObject | undefined): Condition | null {
  const when = whenOf(ifSchema);
  if (!ifSchema || when === undefined) return null;
  const test = propertiesOf(ifSchema)[when];
  if (!isObject(test) || !('const' in test)) return null;
  const equals = test.const;
  return typeof equals === 'string' || typeof equals === 'boolean' ? { when, equals } : null;
}

/** The condition a field is shown under, or null (always shown, or a condition the studio cannot edit). */
export function conditionOf(draft: ServiceDraft, field: string): Condition | null {
  const at = mustLocate(draft.files, field);
  if (at.where !== 'branch') return null;
  const b = branches(draft.files['form.schema.json'] as JsonObject).find((x) => x.holder === at.holder);
  return b && b.side === 'then' ? testOf(b.when) : null;
}

/** The root fields a condition can test, with the values it can equal (a choice's options, yes and no). */
export function conditionSources(draft: ServiceDraft): { name: string; values: (string | boolean)[] }[] {
  const schema = draft.files['form.schema.json'] as JsonObject;
  return Object.entries(propertiesOf(schema)).flatMap(([name, s]): { name: string; values: (string | boolean)[] }[] => {
    const kind = kindOf(s);
    if (kind === 'yesno') return [{ name, values: [true, false] }];
    if (kind === 'choice' && isObject(s) && Array.isArray(s.enum)) return [{ name, values: s.enum.filter((v): v is string => typeof v === 'string') }];
    return [];
  });
}

/**
 * Shows `field` only when `condition.when` equals `condition.equals` (null: always). The branch for that
 * test is reused when the form has one; a branch left empty goes.
 */
export function setCondition(draft: ServiceDraft, field: string, condition: Condition | null): ServiceDraft {
  return change(draft, (files) => {
    const at = mustLocate(files, field);
    if (at.where === 'item') throw new Error("a repeating group's row field cannot have a condition");
    const schema = files['form.schema.json'] as JsonObject;
    if (condition) {
      if (condition.when === field) throw new Error('a field cannot be shown depending on itself');
      const source = conditionSources(draft).find((s) => s.name === condition.when);
      if (!source) throw new Error(`${condition.when} is not a choice or yes/no field shown always`);
      if (!source.values.includes(condition.equals)) throw new Error(`${condition.when} cannot be ${String(condition.equals)}`);
      if (branches(schema).some((b) => whenOf(b.when) === field)) throw new Error(`${field} decides when other fields are shown, so it is shown always`);
    }
    const fieldSchema = propertiesOf(at.holder)[at.name] as Json;
    const required = Array.isArray(at.holder.required) && at.holder.required.includes(at.name);
    const current = at.where === 'branch' ? branches(schema).find((b) => b.holder === at.holder) : undefined;
    const now = current && current.side === 'then' ? testOf(current.when) : null;
    if (now && condition && now.when === condition.when && now.equals === condition.equals) return;
    if (at.where === 'root' && !condition) return;

    // Take the field out of where it is.
    delete propertiesOf(at.holder)[at.name];
    if (Array.isArray(at.holder.required)) {
      at.holder.required = at.holder.required.filter((n) => n !== at.name);
      if (at.holder.required.length === 0) delete at.holder.required;
    }

    if (!condition) {
      // Back among the root fields, right after the field its condition tested (where the list showed it).
      const props = propertiesOf(schema);
      const entries = Object.entries(props);
      const after = now ? entries.findIndex(([n]) => n === now.when) : -1;
      entries.splice(after === -1 ? entries.length : after + 1, 0, [field, fieldSchema]);
      for (const k of Object.keys(props)) delete props[k];
      for (const [k, v] of entries) props[k] = v;
      if (required) {
        const list = Array.isArray(schema.required) ? (schema.required as string[]) : [];
        insertOrdered(list, field, (n) => fieldIndex(files, n));
        insertKey(schema, 'required', list, SCHEMA_ROOT_KEYS);
      }
    } else {
      const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
      let entry = allOf.find((e) => isObject(e) && isObject(e.if) && (() => {
        const t = testOf(e.if as JsonObject);
        return t !== null && t.when === condition.when && t.equals === condition.equals;
      })()) as JsonObject | undefined;
      if (!entry) {
        const test: JsonObject = {};
        insertKey(test, 'properties', { [condition.when]: { const: condition.equals } }, CONDITION_KEYS);
        insertKey(test, 'required', [condition.when], CONDITION_KEYS);
        entry = {};
        insertKey(entry, 'if', test, BRANCH_KEYS);
        allOf.push(entry);
        insertKey(schema, 'allOf', allOf, SCHEMA_ROOT_KEYS);
      }
      const then = isObject(entry.then) ? entry.then : {};
      if (!isObject(then.properties)) insertKey(then, 'properties', {}, BRANCH_BODY_KEYS);
      (then.properties as JsonObject)[field] = fieldSchema;
      if (required) {
        const list = Array.isArray(then.required) ? (then.required as string[]) : [];
        list.push(field);
        insertKey(then, 'required', list, BRANCH_BODY_KEYS);
      }
      insertKey(entry, 'then', then, BRANCH_KEYS);
    }
    pruneBranches(schema);
    placeCardEntry(files, field);
  });
}
