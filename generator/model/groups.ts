/**
 * The two array-typed field shapes (docs/schema-format.md): a repeating group — rows of scalar fields,
 * stored as one json column — and a field of several files. The meta-schema accepts the keywords; here
 * is what it cannot say: which combinations make sense, each refused with a sentence that says why.
 */
import type { FieldTraits } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { PropertySchema } from '../sources.ts';
import type { ItemFieldModel } from './types.ts';

/** The most files one field takes (property.meta.json x-file.maxFiles). */
export const MAX_FILES = 20;

const asProperty = (s: unknown): PropertySchema | undefined => (s && typeof s === 'object' && !Array.isArray(s) ? (s as PropertySchema) : undefined);

/** The row schema of a repeating group, or undefined when the property is not one. */
export function groupItems(schema: PropertySchema): PropertySchema | undefined {
  const items = asProperty(schema.items);
  return schema.type === 'array' && items?.type === 'object' ? items : undefined;
}

/** A field of several files: x-file with maxFiles > 1 (written as an array of names). */
export const takesSeveralFiles = (schema: PropertySchema): boolean => (schema['x-file']?.maxFiles ?? 1) > 1;

/** Keywords a row's field may not have, and why. */
const NOT_IN_A_ROW: [keyof PropertySchema, string][] = [
  ['x-file', 'a row cannot hold a file: give the form a field of several files (x-file.maxFiles) beside the group'],
  ['x-sensitive', 'a row cannot hold x-sensitive data: a sensitive value is sealed in a column of its own, which a row does not have'],
  ['x-category', "x-category belongs to the group, not to its rows' fields: the group is one column, kept as long as its categories say"],
  ['readOnly', 'a row has no server-set fields (readOnly)'],
  ['x-value', 'a row has no server-set fields (x-value)'],
  ['x-route-param', 'a row cannot take its value from the route (x-route-param)'],
  ['x-renamed-from', "a row's field is no column of its own, so there is nothing to rename (x-renamed-from): old rows keep the old name"],
];

/** Refusals of a repeating group's shape: its row limits and what its rows' fields may be. */
function checkGroup(schema: PropertySchema, items: PropertySchema, problems: Problems, file: string, at: string): void {
  if (typeof schema.maxItems !== 'number') {
    problems.add(file, at, 'a repeating group needs maxItems: the most rows an applicant may add (the column is sized from it)');
  } else if (typeof schema.minItems === 'number' && schema.minItems > schema.maxItems) {
    problems.add(file, `${at}/minItems`, `minItems (${schema.minItems}) is more than maxItems (${schema.maxItems})`);
  }
  if (schema['x-file']) problems.add(file, `${at}/x-file`, 'a repeating group is not a file field: put the files in a field of several files beside it');
  if (schema['x-sensitive']) problems.add(file, `${at}/x-sensitive`, 'a repeating group cannot be x-sensitive: a sensitive value is sealed in a column of its own');
  if (items.additionalProperties !== false) {
    problems.add(file, `${at}/items`, 'a row takes only its own fields: give items "additionalProperties": false');
  }
  const properties = items.properties ?? {};
  if (Object.keys(properties).length === 0) problems.add(file, `${at}/items`, "a row needs its fields: give items \"properties\"");
  (items.required ?? []).forEach((name, i) => {
    if (!properties[name]) problems.add(file, `${at}/items/required/${i}`, `"${name}" is not a field of the row`);
  });
  for (const [name, raw] of Object.entries(properties)) {
    const prop = asProperty(raw);
    if (!prop) continue;
    const where = `${at}/items/properties/${name}`;
    if (prop.type === 'array' || prop.items) {
      problems.add(file, `${where}/type`, 'a row field is one value (string, number, integer or boolean): no lists inside a row');
    }
    for (const [keyword, why] of NOT_IN_A_ROW) if (prop[keyword] !== undefined) problems.add(file, `${where}/${String(keyword)}`, why);
  }
}

/** Refusals of a file field's type against its x-file.maxFiles. */
function checkFiles(schema: PropertySchema, problems: Problems, file: string, at: string): void {
  const maxFiles = schema['x-file']?.maxFiles ?? 1;
  if (maxFiles > 1 && schema.type !== 'array') {
    problems.add(file, `${at}/type`, `x-file.maxFiles is ${maxFiles}: a field of several files is written "type": "array", "items": {"type": "string"}`);
  }
  if (maxFiles === 1 && schema.type === 'array') {
    problems.add(file, `${at}/type`, 'a field typed "array" takes several files: set x-file.maxFiles (2 to 20), or type it "string" for one file');
  }
  if (schema.type === 'array' && typeof schema.maxItems === 'number' && schema.maxItems !== maxFiles) {
    problems.add(file, `${at}/maxItems`, `maxItems (${schema.maxItems}) must equal x-file.maxFiles (${maxFiles}), or be left out (it is set from it)`);
  }
  if (maxFiles === 1 && schema['x-file']?.maxTotalSize !== undefined) {
    problems.add(file, `${at}/x-file/maxTotalSize`, 'maxTotalSize limits several files together: a one-file field has only maxSize');
  }
}

/**
 * Checks an array-typed or file property (`at`: its JSON pointer in `file`). Any other property passes.
 */
export function checkListField(schema: PropertySchema, problems: Problems, file: string, at: string): void {
  if (schema['x-file']) {
    if (groupItems(schema)) checkGroup(schema, groupItems(schema)!, problems, file, at);
    else checkFiles(schema, problems, file, at);
    return;
  }
  if (schema.type !== 'array') return;
  const items = groupItems(schema);
  if (items) checkGroup(schema, items, problems, file, at);
  else problems.add(file, `${at}/items`, 'a list of strings is a field of several files: give it x-file with maxFiles (2 to 20); a repeating group has items of "type": "object"');
}

/**
 * A field of several files without maxItems is given maxItems = maxFiles, in place (the form's schema,
 * before the variants' schemas are made from it), so the browser and the server refuse one file too
 * many with the same rule.
 */
export function setFileCount(schema: PropertySchema): void {
  if (takesSeveralFiles(schema) && schema.type === 'array' && typeof schema.maxItems !== 'number') schema.maxItems = schema['x-file']!.maxFiles;
}

/** A repeating group's rows' fields, each with its kind and traits (`kindOf`, `traitsOf`: fields.ts's). */
export function itemFields(items: PropertySchema, kindOf: (s: PropertySchema) => string, traitsOf: (s: PropertySchema) => FieldTraits): ItemFieldModel[] {
  const required = new Set(items.required ?? []);
  return Object.entries(items.properties ?? {}).flatMap(([name, raw]) => {
    const schema = asProperty(raw);
    if (!schema) return [];
    const kind = kindOf(schema);
    // A row's field is a scalar (checkGroup refuses anything else): one of the scalar kinds.
    const scalar = kind === 'select' || kind === 'bool' || kind === 'number' || kind === 'email' ? kind : 'text';
    return [{ name, schema, kind: scalar, required: required.has(name), traits: traitsOf(schema) }];
  });
}
