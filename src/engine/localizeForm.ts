/**
 * A form module + the current language → what RJSF renders: translated titles, help and option
 * labels, and the widget each field gets. Pure, so it is tested without a browser.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { helpKey, labelKey, optionKey, type Lookup } from './messages.ts';
import { formatUsd } from './price.ts';
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

export function localizeForm(form: FormModule, ns: string, t: Translate, has: Lookup, locale = 'en'): LocalizedForm {
  const properties = (form.schema.properties ?? {}) as Record<string, RJSFSchema>;
  const schemaProps: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { ...form.uiSchema };
  for (const [name, prop] of Object.entries(properties)) {
    const traits = form.traits[name] ?? {};
    // `description` and `examples` are for developers and generated tests (English, in schemas/):
    // applicants read `help`, and RJSF would offer the examples as autocomplete suggestions.
    const { description: _note, examples: _samples, ...rest } = prop;
    schemaProps[name] = { ...rest, title: t(labelKey(ns, name, has)) };
    const fieldUi: UiSchema = { ...((form.uiSchema[name] as UiSchema | undefined) ?? {}) };
    const widget = widgetFor({ schema: prop, traits });
    if (widget !== 'text') fieldUi['ui:widget'] = widget;
    if (widget === 'FileWidget') fieldUi['ui:options'] = { ...((fieldUi['ui:options'] as object | undefined) ?? {}), file: traits.file };
    const help = helpKey(ns, name, has);
    if (help) fieldUi['ui:help'] = t(help);
    if (Array.isArray(prop.enum)) {
      fieldUi['ui:enumNames'] = prop.enum.map((v) => optionLabel(ns, name, v, traits, t, locale));
      fieldUi['ui:placeholder'] = '';
    }
    uiSchema[name] = fieldUi;
  }
  return { schema: { ...form.schema, properties: schemaProps }, uiSchema };
}
