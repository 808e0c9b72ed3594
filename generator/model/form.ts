/**
 * A service's form.schema.json with its `$ref`s resolved, and what each variant makes of it: the
 * variant may give a field another schema and have its own required list (x-variants).
 */
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { join } from 'node:path';
import type { Problems } from '../errors.ts';
import type { ServiceSource } from '../load.ts';
import type { FormSchemaJson, PropertySchema, VariantOverride } from '../sources.ts';
import { readConditions, type FormConditions } from './conditions.ts';

export interface Form {
  /** The whole dereferenced schema (union of all variants). */
  schema: FormSchemaJson;
  properties: Record<string, PropertySchema>;
  /** Property names in the schema's order. */
  names: string[];
  overrides: Record<string, VariantOverride>;
  /** The schema a variant gives a field: its own (x-variants), else the form's. */
  propertyIn(variant: string, name: string): PropertySchema | undefined;
  /** The fields a variant requires: its own list (x-variants), else the form's. */
  requiredIn(variant: string): Set<string>;
  /** A field of the form: a root property or a field a condition declares. */
  isField(name: string): boolean;
  /** The conditions (conditions.ts): if/then/else, allOf, dependentRequired, dependentSchemas. */
  conditions: FormConditions;
}

async function dereference(file: string, problems: Problems, rel: string): Promise<FormSchemaJson> {
  try {
    // The result has the input's shape (form.meta.json), every $ref replaced by what it points to.
    return await $RefParser.dereference<FormSchemaJson>(file, { dereference: { circular: false } });
  } catch (err) {
    problems.add(rel, '', `cannot resolve $ref: ${(err as Error).message}`);
    return { type: 'object', properties: {} };
  }
}

const kindOf = (value: unknown): string => (Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);

/** A field's default is one of the values it takes: the form would start out holding an answer it refuses. */
function checkDefault(property: PropertySchema, file: string, at: string, problems: Problems): void {
  const value: unknown = property.default;
  if (value === undefined) return;
  const type = property.type;
  const kind = kindOf(value);
  if (property.enum && !property.enum.some((option) => option === value)) {
    problems.add(file, `${at}/default`, `the default ${JSON.stringify(value)} is not one of the options: ${property.enum.map((o) => JSON.stringify(o)).join(', ')}`);
  } else if (typeof type === 'string' && type !== kind && !(type === 'number' && kind === 'integer')) {
    problems.add(file, `${at}/default`, `the default ${JSON.stringify(value)} is not a ${type} like the field`);
  }
}

export async function readForm(src: ServiceSource, problems: Problems): Promise<Form> {
  const schema = await dereference(join(src.dir, 'form.schema.json'), problems, src.form.path);
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  for (const [i, name] of [...required].entries()) {
    if (!properties[name]) problems.add(src.form.path, `/required/${i}`, `"${name}" is not a property of the form`);
  }
  const conditions = readConditions(schema, src.form.path, problems);
  for (const [name, property] of Object.entries(properties)) checkDefault(property, src.form.path, `/properties/${name}`, problems);
  const variants = new Set(src.service.data.forms.map((f) => f.id));
  const overrides = schema['x-variants'] ?? {};
  for (const [id, o] of Object.entries(overrides)) {
    if (!variants.has(id)) problems.add(src.form.path, `/x-variants/${id}`, `no form variant "${id}" in service.json`);
    for (const n of Object.keys(o.properties ?? {}))
      if (n in conditions.fields) problems.add(src.form.path, `/x-variants/${id}/properties/${n}`, `"${n}" is declared in a condition: a variant cannot give it another schema`);
      else if (!properties[n]) problems.add(src.form.path, `/x-variants/${id}/properties/${n}`, `"${n}" is not a property of the form`);
      else checkDefault(o.properties?.[n] ?? {}, src.form.path, `/x-variants/${id}/properties/${n}`, problems);
    (o.required ?? []).forEach(
      (n, j) => !properties[n] && problems.add(src.form.path, `/x-variants/${id}/required/${j}`, `"${n}" is not a property of the form`),
    );
  }
  return {
    schema,
    properties,
    conditions,
    names: Object.keys(properties),
    overrides,
    propertyIn: (variant, name) => overrides[variant]?.properties?.[name] ?? properties[name] ?? conditions.fields[name]?.schema,
    requiredIn: (variant) => new Set(overrides[variant]?.required ?? required),
    isField: (name) => name in properties || name in conditions.fields,
  };
}
