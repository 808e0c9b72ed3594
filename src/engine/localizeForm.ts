/**
 * A form module + the current language → what RJSF renders: translated titles, help and option
 * labels, and the widget each field gets. Pure, so it is tested without a browser.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { helpKey, labelKey, optionKey, type Lookup } from './messages.ts';
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

/** `fixed`: fields whose value the route gives; they are shown read-only. */
export function localizeForm(form: FormModule, ns: string, t: Translate, has: Lookup, locale = 'en', fixed: string[] = []): LocalizedForm {
  const properties = (form.schema.properties ?? {}) as Record<string, RJSFSchema>;
  const schemaProps: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { ...form.uiSchema };
  for (const [name, prop] of Object.entries(properties)) {
    const traits = form.traits[name] ?? {};
    // `description` and `examples` are for developers and generated tests (English, in schemas/):
    // applicants read `help`, and RJSF would offer the examples as autocomplete suggestions.
    const { description: _note, examples: _samples, ...rest } = prop;
    schemaProps[name] = { ...rest, title: t(labelKey(ns, name, has, form.variant)) };
    const fieldUi: UiSchema = { ...((form.uiSchema[name] as UiSchema | undefined) ?? {}) };
    const widget = widgetFor({ schema: prop, traits });
    if (widget !== 'text') fieldUi['ui:widget'] = widget;
    if (widget === 'FileWidget') fieldUi['ui:options'] = { ...((fieldUi['ui:options'] as object | undefined) ?? {}), file: traits.file };
    // The route chose the value (a package's price): it is stated above the form, not offered as an input.
    if (fixed.includes(name)) fieldUi['ui:widget'] = 'hidden';
    const help = helpKey(ns, name, has, form.variant);
    if (help) fieldUi['ui:help'] = t(help);
    if (Array.isArray(prop.enum)) {
      fieldUi['ui:enumNames'] = prop.enum.map((v) => optionLabel(ns, name, v, traits, t, locale));
      fieldUi['ui:placeholder'] = '';
    }
    uiSchema[name] = fieldUi;
  }
  return { schema: { ...form.schema, properties: schemaProps }, uiSchema };
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
