/**
 * A service's form variants (service.json "forms"): which fields each shows, its layout (form.ui.json,
 * with ui:variants), the schema an applicant submits in it, its route parameters and what follows a
 * successful submit.
 */
import type { JSONSchema7 } from 'json-schema';
import type { BlockPlacement, FieldTraits } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { ServiceSource } from '../load.ts';
import type { UiLayoutJson } from '../sources.ts';
import { blockConstants, namespaceBlocks } from './blocks.ts';
import { traitsOf } from './fields.ts';
import type { Form } from './form.ts';
import type { VariantModel } from './types.ts';

/** Per variant (service.json order): the fields it shows, by default every field the applicant fills. */
export function shownFields(src: ServiceSource, form: Form, problems: Problems): string[][] {
  const { properties, names } = form;
  return src.service.data.forms.map((f, i) => {
    const chosen = f.fields ?? names.filter((n) => !properties[n]?.readOnly);
    chosen.forEach((n, j) => {
      if (!properties[n]) problems.add(src.service.path, `/forms/${i}/fields/${j}`, `"${n}" is not a property of form.schema.json`);
      else if (properties[n]?.readOnly) problems.add(src.service.path, `/forms/${i}/fields/${j}`, `"${n}" is readOnly: the server sets it`);
    });
    return chosen.filter((n) => properties[n] && !properties[n]?.readOnly);
  });
}

/** form.ui.json names only fields of the form, variants of service.json and constants of the service. */
function checkUi(src: ServiceSource, form: Form, problems: Problems): void {
  const ui = src.ui.data;
  const constants = src.service.data.constants ?? {};
  const variantUi = ui['ui:variants'] ?? {};
  for (const id of Object.keys(variantUi))
    if (!src.service.data.forms.some((f) => f.id === id)) problems.add(src.ui.path, `/ui:variants/${id}`, `no form variant "${id}" in service.json`);
  const checkLayout = (layout: UiLayoutJson, at: string) => {
    (layout['ui:order'] ?? []).forEach((n, i) => {
      if (!form.properties[n]) problems.add(src.ui.path, `${at}/ui:order/${i}`, `"${n}" is not a property of the form`);
    });
    for (const [place, blocks] of Object.entries(layout['ui:blocks'] ?? {})) {
      const field = place.split(':')[1];
      if (field && !form.properties[field]) problems.add(src.ui.path, `${at}/ui:blocks/${place}`, `"${field}" is not a property of the form`);
      blocks.forEach((b, i) =>
        blockConstants(b).forEach((c) => {
          if (!(c in constants)) problems.add(src.ui.path, `${at}/ui:blocks/${place}/${i}`, `"${c}" is not one of service.json constants`);
        }),
      );
    }
  };
  checkLayout(ui, '');
  for (const [id, layout] of Object.entries(variantUi)) checkLayout(layout, `/ui:variants/${id}`);
}

/** Each route parameter (/success/:amount) fills a field of the variant (x-route-param), and only those. */
function checkRouteParams(src: ServiceSource, variant: { id: string; route: string }, i: number, traits: Record<string, FieldTraits>, problems: Problems): void {
  const params = [...variant.route.matchAll(/:([A-Za-z0-9]+)/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  for (const [n, t] of Object.entries(traits)) {
    if (t.routeParam && !params.includes(t.routeParam))
      problems.add(src.form.path, `/properties/${n}/x-route-param`, `route ${variant.route} of variant "${variant.id}" has no :${t.routeParam}`);
  }
  for (const param of params) {
    if (!Object.values(traits).some((t) => t.routeParam === param))
      problems.add(src.service.path, `/forms/${i}/route`, `no field of variant "${variant.id}" takes :${param} (x-route-param)`);
  }
}

export function variantModels(src: ServiceSource, form: Form, shownIn: string[][], problems: Problems): VariantModel[] {
  const service = src.service.data;
  const ui = src.ui.data;
  const ns = `service.${src.id}`;
  checkUi(src, form, problems);
  const variantUi = ui['ui:variants'] ?? {};
  // A field's own uiSchema entries (placeholders, help, …): every key that is not ui:…
  const fieldUi = Object.fromEntries(Object.entries(ui).filter(([k]) => !k.startsWith('ui:')));
  return service.forms.map((f, i) => {
    const chosen = shownIn[i] ?? [];
    const own = variantUi[f.id] ?? {};
    const uiOrder = own['ui:order'] ?? ui['ui:order'] ?? [];
    const placed: BlockPlacement = own['ui:blocks'] ?? ui['ui:blocks'] ?? {};
    const blocks = Object.fromEntries(
      Object.entries(placed)
        .filter(([place]) => !place.includes(':') || chosen.includes(place.split(':')[1] ?? ''))
        .map(([place, bs]) => [place, namespaceBlocks(bs, ns)]),
    );
    const traits = Object.fromEntries(chosen.map((n) => [n, traitsOf(form.propertyIn(f.id, n) ?? {})]));
    checkRouteParams(src, f, i, traits, problems);
    const success = typeof f.success === 'string' ? f.success : { show: f.success.show, blocks: namespaceBlocks(f.success.blocks, ns) };
    const checkout = f.checkout ?? service.checkout;
    return {
      id: f.id,
      route: f.route,
      success,
      ...(checkout ? { checkout } : {}),
      fields: chosen,
      traits,
      schema: {
        type: 'object',
        additionalProperties: false,
        required: [...form.requiredIn(f.id)].filter((n) => chosen.includes(n)),
        properties: Object.fromEntries(chosen.flatMap((n): [string, JSONSchema7][] => {
          const property = form.propertyIn(f.id, n);
          return property ? [[n, property]] : [];
        })),
      },
      ui: {
        'ui:order': [...uiOrder.filter((n) => chosen.includes(n)), '*'],
        ...Object.fromEntries(Object.entries(fieldUi).filter(([k]) => chosen.includes(k))),
      },
      blocks,
    };
  });
}
