/**
 * A form module + the current language → what RJSF renders: translated titles, help and option
 * labels, and the widget each field gets. Pure, so it is tested without a browser.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { firstKnown, helpKey, labelKey, optionKey, type Lookup } from './messages.ts';
import { formatUsd } from './numberFormat.ts';
import type { FieldTraits, FormModule } from './types.ts';
import { widgetFor } from './widgets.ts';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface LocalizedForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** An enum option's label: an amount in dollars (x-format: usd), else its translated name. */
function optionLabel(ns: string, field: string, value: unknown, traits: FieldTraits, t: Translate, locale: string): string {
  if (traits.format === 'usd') return formatUsd(Number(value), locale, true);
  return t(optionKey(ns, field, String(value), traits.options));
}

/** What one property renders with: its translated schema and its uiSchema entry. */
interface Localized {
  schema: RJSFSchema;
  ui: UiSchema;
}

/** Texts of a field or of a group row's cell (`name` = "dependents.items.name"): label, help, options. */
function localizeProperty(form: FormModule, ns: string, name: string, prop: RJSFSchema, traits: FieldTraits, t: Translate, has: Lookup, locale: string): Localized {
  // `description` and `examples` are for developers and generated tests (English, in schemas/):
  // applicants read `help`, and RJSF would offer the examples as autocomplete suggestions.
  const { description: _note, examples: _samples, ...rest } = prop;
  const label = labelKey(ns, name, has, form.variant);
  const schema: RJSFSchema = { ...rest, title: t(label) };
  const ui: UiSchema = {};
  const widget = widgetFor({ schema: prop, traits });
  if (widget !== 'text') ui['ui:widget'] = widget;
  if (widget === 'FileWidget') ui['ui:options'] = { file: traits.file };
  // The label with links to pages (x-label-links), for the box itself; `title` stays plain for every other use.
  if (traits.labelLinks && has(`${label}.linked`)) ui['ui:options'] = { labelLinks: { message: `${label}.linked`, links: traits.labelLinks } };
  const help = helpKey(ns, name, has, form.variant);
  if (help) ui['ui:help'] = t(help);
  // The phone's keyboard and the browser's autofill, from the field's schema (x-inputmode, x-autocomplete):
  // a ZIP code brings up digits, a phone number the dial pad, a number field digits (with a point if it
  // takes fractions).
  const inputMode = traits.inputMode ?? (prop.type === 'integer' ? 'numeric' : prop.type === 'number' ? 'decimal' : undefined);
  if (inputMode) ui['ui:inputMode'] = inputMode;
  if (traits.autocomplete) ui['ui:autocomplete'] = traits.autocomplete as UiSchema['ui:autocomplete'];
  if (Array.isArray(prop.enum)) {
    ui['ui:enumNames'] = prop.enum.map((v) => optionLabel(ns, name, v, traits, t, locale));
    ui['ui:placeholder'] = '';
  }
  return { schema, ui };
}

/** A field's entry: what localizing made over the form's own (form.ui.json), whose ui:autocomplete wins over the schema's. */
const withOwn = (own: UiSchema | undefined, made: UiSchema): UiSchema => ({
  ...own,
  ...made,
  ...(own?.['ui:autocomplete'] ? { 'ui:autocomplete': own['ui:autocomplete'] } : {}),
});

const asSchema = (s: unknown): RJSFSchema | undefined => (s && typeof s === 'object' && !Array.isArray(s) ? (s as RJSFSchema) : undefined);

/**
 * A repeating group (an array of objects, design §2): each cell translated like a field under
 * fields.<group>.items.<cell>, and the group's own words for the theme's ArrayFieldTemplate: the Add
 * button (fields.<group>.add) and each row's title (fields.<group>.row, "Dependent {number}"), made
 * here for every row the group may have, so the template needs no catalogue.
 */
function localizeGroup(form: FormModule, ns: string, name: string, group: Localized, items: RJSFSchema, t: Translate, has: Lookup, locale: string): Localized {
  const cells = (items.properties ?? {}) as Record<string, RJSFSchema>;
  // The cells' traits (options, format…): traits.<group>.group.items (shared/registry.ts FieldGroup).
  const itemTraits = ((form.traits[name] as { group?: { items?: Record<string, FieldTraits> } } | undefined)?.group?.items ?? {}) as Record<string, FieldTraits>;
  const properties: Record<string, RJSFSchema> = {};
  const itemsUi: UiSchema = { ...((group.ui.items as UiSchema | undefined) ?? {}) };
  for (const [cell, prop] of Object.entries(cells)) {
    const done = localizeProperty(form, ns, `${name}.items.${cell}`, prop, itemTraits[cell] ?? {}, t, has, locale);
    properties[cell] = done.schema;
    itemsUi[cell] = withOwn(itemsUi[cell] as UiSchema | undefined, done.ui);
  }
  const rowKey = firstKnown([`${ns}.fields.${name}.row`, `fields.${name}.row`], has);
  const addKey = firstKnown([`${ns}.fields.${name}.add`, `fields.${name}.add`], has);
  const rows = typeof group.schema.maxItems === 'number' ? Math.min(group.schema.maxItems, 100) : 20;
  return {
    schema: { ...group.schema, items: { ...items, properties } },
    ui: {
      ...group.ui,
      items: itemsUi,
      'ui:options': {
        ...((group.ui['ui:options'] as object | undefined) ?? {}),
        addLabel: t(addKey),
        rowTitles: Array.from({ length: rows }, (_, i) => t(rowKey, { number: i + 1 })),
      },
    },
  };
}

/** `fixed`: fields whose value the route gives; they are shown read-only. */
export function localizeForm(form: FormModule, ns: string, t: Translate, has: Lookup, locale = 'en', fixed: string[] = []): LocalizedForm {
  const uiSchema: UiSchema = { ...form.uiSchema };
  const localize = (properties: Record<string, RJSFSchema>): Record<string, RJSFSchema> => {
    const out: Record<string, RJSFSchema> = {};
    for (const [name, prop] of Object.entries(properties)) {
      let done = localizeProperty(form, ns, name, prop, form.traits[name] ?? {}, t, has, locale);
      const items = asSchema(prop.items);
      if (prop.type === 'array' && items?.type === 'object') done = localizeGroup(form, ns, name, done, items, t, has, locale);
      const fieldUi: UiSchema = withOwn(form.uiSchema[name] as UiSchema | undefined, done.ui);
      // The route chose the value (a package's price): it is stated above the form, not offered as an input.
      if (fixed.includes(name)) fieldUi['ui:widget'] = 'hidden';
      out[name] = done.schema;
      uiSchema[name] = fieldUi;
    }
    return out;
  };
  // A conditional field lives in a branch (then/else of allOf, design §1) and RJSF renders it from there
  // when its condition holds: its texts are translated where it is. The `if` is left as it is, so the
  // precompiled validator still finds it by its hash.
  const branch = (b: unknown) => {
    const s = asSchema(b);
    return s?.properties ? { ...s, properties: localize(s.properties as Record<string, RJSFSchema>) } : b;
  };
  const conditional = (c: unknown) => {
    const s = asSchema(c);
    return s ? { ...s, ...(s.then ? { then: branch(s.then) } : {}), ...(s.else ? { else: branch(s.else) } : {}) } : c;
  };
  const schema: RJSFSchema = { ...form.schema, properties: localize((form.schema.properties ?? {}) as Record<string, RJSFSchema>) };
  if (Array.isArray(form.schema.allOf)) schema.allOf = form.schema.allOf.map(conditional) as RJSFSchema['allOf'];
  if (form.schema.then) schema.then = branch(form.schema.then) as RJSFSchema;
  if (form.schema.else) schema.else = branch(form.schema.else) as RJSFSchema;
  return { schema, uiSchema };
}

/** "Package price: $995" for each value the route fixed, in the current language. */
export function fixedValueLines(localized: LocalizedForm, fixed: Record<string, unknown>): { field: string; label: string; value: string }[] {
  const properties = (localized.schema.properties ?? {}) as Record<string, RJSFSchema>;
  return Object.entries(fixed).map(([field, value]) => {
    const prop = properties[field] ?? {};
    const names = (localized.uiSchema[field] as UiSchema | undefined)?.['ui:enumNames'] as string[] | undefined;
    const index = Array.isArray(prop.enum) ? prop.enum.indexOf(value as never) : -1;
    return { field, label: String(prop.title ?? field), value: index >= 0 && names?.[index] ? names[index] : String(value) };
  });
}
