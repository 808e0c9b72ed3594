/**
 * What the field editor shows of one field, read from the draft: where its schema sits in
 * form.schema.json (the root, a condition's branch, or a repeating group's row), its own keywords merged
 * over the shared definition it refers to, its form.ui.json entry and the fields it makes required. Reading
 * only: every change goes through the model's edits (studio/model/). A row's field is located like the
 * model's FieldRef `group.item`.
 */
import type { ServiceDraft } from '../../model/document.ts';

/** A field of the form, or a field of a repeating group's row (`group` set). */
export interface FieldPath {
  name: string;
  group?: string;
}

/** A schema as the draft holds it (ServiceDraft.files is untyped JSON): its keywords are checked where read. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same untyped JSON as ServiceDraft.files
export type Schema = Record<string, any>;

export interface FieldLocation {
  /** JSON pointer of the field's schema in form.schema.json (what the generator's problems name). */
  pointer: string;
  /** The field's own keywords as written (a shared field: the $ref and what is beside it). */
  own: Schema;
  /** Whether the field is in the `required` list beside it (a branch's for a conditional field). */
  required: boolean;
  /** For a field declared in a condition's branch: the branch's index in allOf. */
  branch?: number;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a root field lives: the root properties or the `then` of one condition. */
function locateRoot(schema: Schema, name: string): FieldLocation | null {
  if (isObject(schema.properties?.[name])) {
    return { pointer: `/properties/${escape(name)}`, own: schema.properties[name], required: (schema.required ?? []).includes(name) };
  }
  const branches: unknown[] = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const [index, branch] of branches.entries()) {
    if (!isObject(branch) || !isObject(branch.then)) continue;
    const own = branch.then.properties?.[name];
    if (isObject(own)) return { pointer: `/allOf/${index}/then/properties/${escape(name)}`, own, required: (branch.then.required ?? []).includes(name), branch: index };
  }
  return null;
}

export function locateField(draft: ServiceDraft, path: FieldPath): FieldLocation | null {
  const schema: Schema = draft.files['form.schema.json'] ?? {};
  if (!path.group) return locateRoot(schema, path.name);
  const group = locateRoot(schema, path.group);
  const row = group?.own.items;
  if (!group || !isObject(row) || !isObject(row.properties?.[path.name])) return null;
  return { pointer: `${group.pointer}/items/properties/${escape(path.name)}`, own: row.properties[path.name], required: (row.required ?? []).includes(path.name) };
}

/** The shared definition's name of a `$ref` to common/fields.json, else undefined. */
export function sharedName(own: Schema): string | undefined {
  const ref = typeof own.$ref === 'string' ? own.$ref : '';
  return /#\/definitions\/([^/]+)$/.exec(ref)?.[1];
}

/** The field's keywords in force: the shared definition's, with what the form writes beside the $ref over them. */
export function effectiveSchema(own: Schema, shared: ReadonlyArray<{ name: string; schema: unknown }>): Schema {
  const name = sharedName(own);
  if (!name) return own;
  const definition = shared.find((s) => s.name === name)?.schema;
  const { $ref: _ref, ...beside } = own;
  return { ...(isObject(definition) ? definition : {}), ...beside };
}

/** The field's entry in form.ui.json (a row's field: under the group's `items`). */
export function uiEntry(draft: ServiceDraft, path: FieldPath): Schema {
  const ui: Schema = draft.files['form.ui.json'] ?? {};
  const entry = path.group ? ui[path.group]?.items?.[path.name] : ui[path.name];
  return isObject(entry) ? entry : {};
}

/** The first example, as the input shows it. */
export const exampleOf = (schema: Schema): string => (Array.isArray(schema.examples) && schema.examples.length > 0 ? String(schema.examples[0]) : '');

/** The field's privacy categories as a list (x-category is a letter or a list of them). */
export const categoriesOf = (schema: Schema): string[] => {
  const value = schema['x-category'];
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
};

/** The root fields this one makes required once answered (dependentRequired). */
export const alsoRequiredOf = (draft: ServiceDraft, name: string): string[] => {
  const list = draft.files['form.schema.json']?.dependentRequired?.[name];
  return Array.isArray(list) ? list.map(String) : [];
};
