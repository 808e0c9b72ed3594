/**
 * A form module + the current language → what RJSF renders: translated titles, help and option
 * labels, and the widget each field gets. Pure, so it is tested without a browser.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FormModule } from './types.ts';
import { helpKey, labelKey, optionKey, type Lookup } from './messages.ts';
import { widgetFor } from './widgets.ts';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface LocalizedForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

const usd = (value: unknown, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(Number(value));

export function localizeForm(form: FormModule, ns: string, t: Translate, has: Lookup, locale = 'en'): LocalizedForm {
  const properties = (form.schema.properties ?? {}) as Record<string, RJSFSchema>;
  const schemaProps: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { ...form.uiSchema };
  for (const [name, prop] of Object.entries(properties)) {
    const traits = form.traits[name] ?? {};
    schemaProps[name] = { ...prop, title: t(labelKey(ns, name, has)) };
    const fieldUi: UiSchema = { ...((form.uiSchema[name] as UiSchema | undefined) ?? {}) };
    const widget = widgetFor({ schema: prop as never, traits });
    if (widget !== 'text') fieldUi['ui:widget'] = widget;
    if (widget === 'email') fieldUi['ui:inputType'] = 'email';
    if (widget === 'FileWidget') fieldUi['ui:options'] = { ...((fieldUi['ui:options'] as object | undefined) ?? {}), file: traits.file };
    const help = helpKey(ns, name, has);
    if (help) fieldUi['ui:help'] = t(help);
    if (Array.isArray(prop.enum)) {
      fieldUi['ui:enumNames'] = prop.enum.map((v) => (traits.format === 'usd' ? usd(v, locale) : t(optionKey(ns, name, v as string, traits.options))));
      fieldUi['ui:placeholder'] = '';
    }
    uiSchema[name] = fieldUi;
  }
  return { schema: { ...form.schema, properties: schemaProps }, uiSchema };
}
