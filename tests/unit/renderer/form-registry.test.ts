/**
 * The browser's RJSF registry (src/theme/vendor/formRegistry.ts, which vite.config.ts gives RJSF's Form
 * in place of core's full default registry) leaves out what no form can reach. Here: every field of
 * every generated form, as the renderer localizes it (and as a value fixed by the route, shown hidden),
 * gets from it and the theme the same field component and the same widget as from RJSF's full
 * registry and the theme; and the meta-schemas still allow only what it keeps.
 */
import { getDefaultRegistry } from '@rjsf/core';
import { createSchemaUtils, getSchemaType, getWidget, resolveDefaultWidget, type Registry, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import propertyMeta from '../../../schemas/meta/property.meta.json';
import uiMeta from '../../../schemas/meta/ui.meta.json';
import { localizeForm } from '../../../src/engine/localizeForm.ts';
import { registry } from '../../../src/generated/registry.ts';
import { formTheme } from '../../../src/theme/index.ts';
import slimRegistry from '../../../src/theme/vendor/formRegistry.ts';

/** As RJSF's SchemaField picks a field for a schema type (components/fields/SchemaField.js). */
const FIELD_FOR_TYPE: Record<string, string> = {
  array: 'ArrayField',
  boolean: 'BooleanField',
  integer: 'NumberField',
  number: 'NumberField',
  object: 'ObjectField',
  string: 'StringField',
  null: 'NullField',
};

type Parts = Pick<Registry, 'fields' | 'widgets' | 'templates'>;
/** What Form renders with: the registry with the theme merged over it, as Form merges them. */
const withTheme = (base: Parts): Parts => ({
  fields: { ...base.fields, ...formTheme.fields },
  widgets: { ...base.widgets, ...formTheme.widgets },
  templates: { ...base.templates, ...formTheme.templates } as Registry['templates'],
});
const full = withTheme(getDefaultRegistry());
const slim = withTheme(slimRegistry());

const t = (key: string) => key;
const has = () => false;
const variants = registry.services.flatMap((service) => service.forms.map((variant) => ({ service, variant, name: `${service.id}/${variant.id}` })));

describe.each(variants)('the $name form', ({ service, variant }) => {
  it.each([false, true])('resolves every field as RJSF’s full registry does (values fixed by the route: %s)', async (fixedByRoute) => {
    const form = await variant.load();
    const names = Object.keys(form.schema.properties ?? {});
    const { schema, uiSchema } = localizeForm(form, service.messages, t, has, 'en', fixedByRoute ? names : []);
    const schemaUtils = createSchemaUtils(validator, schema);
    expect(slim.fields.ObjectField).toBe(full.fields.ObjectField);
    for (const name of names) {
      const field = schemaUtils.retrieveSchema((schema.properties as Record<string, RJSFSchema>)[name] as RJSFSchema);
      const ui = (uiSchema[name] ?? {}) as UiSchema;
      expect(ui['ui:field'], name).toBeUndefined();
      const type = String(getSchemaType(field));
      const fieldName = FIELD_FOR_TYPE[type] ?? 'FallbackField';
      expect(slim.fields[fieldName], `${name}: ${fieldName}`).toBeDefined();
      expect(slim.fields[fieldName], `${name}: ${fieldName}`).toBe(full.fields[fieldName]);
      // BooleanField's default is a checkbox; String- and NumberField ask resolveDefaultWidget, which
      // picks a format's widget (date, uri, email) only if the registry has one.
      const widgetIn = (parts: Parts) =>
        (ui['ui:widget'] as string | undefined) ??
        (type === 'boolean' ? 'checkbox' : resolveDefaultWidget(field, ui, schemaUtils, parts.widgets).defaultWidget);
      const widget = widgetIn(full);
      expect(widgetIn(slim), name).toBe(widget);
      expect(getWidget(field, widget, slim.widgets), `${name}: ${widget}`).toBe(getWidget(field, widget, full.widgets));
    }
  });
});

describe('the meta-schemas', () => {
  it('allow only the field types the registry keeps: no arrays, no anyOf/oneOf, no ui:field', () => {
    expect(propertyMeta.additionalProperties).toBe(false);
    const types = propertyMeta.properties.type.enum;
    for (const type of types) expect(slimRegistry().fields[FIELD_FOR_TYPE[type] ?? ''], type).toBeDefined();
    expect(types).not.toContain('array');
    for (const keyword of ['items', 'anyOf', 'oneOf', 'allOf', 'properties']) expect(Object.keys(propertyMeta.properties)).not.toContain(keyword);
    expect(uiMeta.patternProperties['^[a-z][A-Za-z0-9]*$'].properties['ui:field']).toEqual(expect.objectContaining({ not: {} }));
  });

  it.each(propertyMeta.properties.format.enum)('give a string field with format %s the widget RJSF’s full registry gives it', (format) => {
    const field: RJSFSchema = { type: 'string', format };
    const schemaUtils = createSchemaUtils(validator, { type: 'object', properties: { field } });
    const widget = resolveDefaultWidget(field, {}, schemaUtils, full.widgets).defaultWidget;
    expect(widget).not.toBe('text'); // RJSF has a widget for each format we allow (an input of that type)
    expect(resolveDefaultWidget(field, {}, schemaUtils, slim.widgets).defaultWidget).toBe(widget);
    expect(getWidget(field, widget, slim.widgets)).toBe(getWidget(field, widget, full.widgets));
  });
});
