/**
 * A service's fields, one per property of its form (one column each): their kind, their traits from
 * the x- keywords, the privacy categories that decide how long they are kept, and a readOnly field's
 * server-set value.
 */
import type { FieldTraits } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { ServiceSource } from '../load.ts';
import type { PropertySchema } from '../sources.ts';
import type { Form } from './form.ts';
import { checkListField, groupItems, itemFields, setFileCount, takesSeveralFiles } from './groups.ts';
import type { FieldKind, FieldModel } from './types.ts';
import { dateLimitProblems } from './dates.ts';

/** A field's date limits, and those of a group's item fields (dates.ts). */
function checkDates(prop: PropertySchema, file: string, at: string, problems: Problems): void {
  for (const p of dateLimitProblems(prop)) problems.add(file, `${at}${p.at}`, p.message);
  for (const [item, schema] of Object.entries(groupItems(prop)?.properties ?? {})) {
    if (typeof schema === 'object') for (const p of dateLimitProblems(schema)) problems.add(file, `${at}/items/properties/${item}${p.at}`, p.message);
  }
}

/** x-category as a list: one letter or several. */
export function categoriesOf(schema: PropertySchema): string[] {
  const value = schema['x-category'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

export function fieldKind(schema: PropertySchema): FieldKind {
  if (groupItems(schema)) return 'group';
  if (schema['x-file']) return takesSeveralFiles(schema) || schema.type === 'array' ? 'files' : 'file';
  if (schema.enum) return 'select';
  if (schema.type === 'boolean') return 'bool';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.format === 'email') return 'email';
  return 'text';
}

export function traitsOf(schema: PropertySchema): FieldTraits {
  const traits: FieldTraits = {};
  const file = schema['x-file'];
  if (file) {
    traits.file = { accept: file.accept, maxSize: file.maxSize, maxFiles: file.maxFiles ?? 1 };
    if (file.maxTotalSize !== undefined) traits.file.maxTotalSize = file.maxTotalSize;
  }
  const items = groupItems(schema);
  if (items) {
    const group = itemFields(items, fieldKind, traitsOf);
    traits.group = { items: Object.fromEntries(group.map((f) => [f.name, f.traits])), maxItems: schema.maxItems ?? 0 };
    if (typeof schema.minItems === 'number') traits.group.minItems = schema.minItems;
  }
  if (schema['x-mask']) traits.mask = schema['x-mask'];
  if (schema['x-sensitive']) traits.sensitive = true;
  if (schema['x-multiline']) traits.multiline = true;
  if (schema['x-options']) traits.options = `options.${schema['x-options']}`;
  if (schema['x-format'] === 'usd') traits.format = 'usd';
  if (schema['x-route-param']) traits.routeParam = schema['x-route-param'];
  if (schema['x-errors']) traits.errors = { ...schema['x-errors'] };
  if (schema['x-autocomplete']) traits.autocomplete = schema['x-autocomplete'];
  if (schema['x-inputmode']) traits.inputMode = schema['x-inputmode'];
  if (schema['x-label-links']) traits.labelLinks = { ...schema['x-label-links'] };
  return traits;
}

/**
 * Every property of the form as a field, a condition's fields included. `shownIn` holds, per variant of service.json (in its order),
 * the fields that variant shows.
 */
export function fieldModels(src: ServiceSource, form: Form, shownIn: string[][], problems: Problems): FieldModel[] {
  const forms = src.service.data.forms;
  const constants = src.service.data.constants ?? {};
  // The root's fields, then those a condition declares (shown only when it says so: never required by the column).
  const declared = [
    ...Object.entries(form.properties).map(([name, prop]) => ({ name, prop, at: `/properties/${name}`, conditional: false })),
    ...Object.entries(form.conditions.fields).map(([name, f]) => ({ name, prop: f.schema, at: f.at, conditional: true })),
  ];
  return declared.map(({ name, prop, at, conditional }) => {
    checkListField(prop, problems, src.form.path, at);
    checkDates(prop, src.form.path, at, problems);
    setFileCount(prop);
    const alternatives = Object.values(form.overrides).flatMap((o) => (o.properties?.[name] ? [o.properties[name]] : []));
    const field: FieldModel = {
      name,
      schema: prop,
      kind: fieldKind(prop),
      requiredEverywhere: forms.every((f, i) => form.requiredIn(f.id).has(name) && (shownIn[i] ?? []).includes(name)),
      traits: traitsOf(prop),
      alternatives,
      ...(conditional ? { conditional: true as const } : {}),
      ...(groupItems(prop) ? { items: itemFields(groupItems(prop)!, fieldKind, traitsOf) } : {}),
      // One column holds every variant's value, so it is kept as long as any of their categories allows.
      categories: [...new Set([prop, ...alternatives].flatMap(categoriesOf))].sort(),
    };
    // Refused rather than given a default: how long the field is kept, and what the policy says we
    // collect, depend on it (docs/retention.md).
    if (categoriesOf(prop).length === 0) {
      problems.add(
        src.form.path,
        at,
        'no x-category: say which category of the privacy policy the field holds (A identifiers, B customer records, D commercial, I professional, J education, L sensitive); its retention depends on it',
      );
    }
    for (const alt of alternatives) {
      if (fieldKind(alt) !== field.kind)
        problems.add(src.form.path, `/x-variants`, `"${name}" must keep its kind (${field.kind}) in every variant: they share one column`);
    }
    if (prop.readOnly) {
      const constant = prop['x-value']?.replace(/^constants\./, '');
      if (!constant || !(constant in constants)) {
        problems.add(src.form.path, `${at}/x-value`, 'a readOnly field needs x-value naming one of service.json constants');
      } else field.serverValue = String(constants[constant]);
    }
    return field;
  });
}
