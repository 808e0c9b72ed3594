/**
 * A service's form variants (service.json "forms"): which fields each shows, its layout (form.ui.json,
 * with ui:variants), the schema an applicant submits in it, its route parameters and what follows a
 * successful submit.
 */
import type { JSONSchema7 } from 'json-schema';
import type { BlockPlacement, FieldTraits, FormStepModel } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { ServiceSource } from '../load.ts';
import type { UiLayoutJson } from '../sources.ts';
import { blockConstants, namespaceBlocks } from './blocks.ts';
import { traitsOf } from './fields.ts';
import { namedFields, variantConditions } from './conditions.ts';
import type { Form } from './form.ts';
import type { VariantModel } from './types.ts';

/**
 * Per variant (service.json order): the fields it shows, by default every field the applicant fills
 * (conditional ones included). A field a condition declares is shown only where that condition is kept,
 * i.e. where every field it names is shown (conditions.ts).
 */
export function shownFields(src: ServiceSource, form: Form, problems: Problems): string[][] {
  const { properties, names } = form;
  const conditional = Object.keys(form.conditions.fields);
  return src.service.data.forms.map((f, i) => {
    const listed = f.fields ?? [...names, ...conditional].filter((n) => !properties[n]?.readOnly);
    listed.forEach((n, j) => {
      if (!form.isField(n)) problems.add(src.service.path, `/forms/${i}/fields/${j}`, `"${n}" is not a property of form.schema.json`);
      else if (properties[n]?.readOnly) problems.add(src.service.path, `/forms/${i}/fields/${j}`, `"${n}" is readOnly: the server sets it`);
    });
    const chosen = listed.filter((n) => form.isField(n) && !properties[n]?.readOnly);
    const dropped = new Set<string>();
    for (const c of form.conditions.conditions) {
      const missing = namedFields(c).filter((n) => !chosen.includes(n));
      if (missing.length === 0) continue;
      for (const n of [...Object.keys(c.then?.properties ?? {}), ...Object.keys(c.else?.properties ?? {})]) {
        dropped.add(n);
        const j = f.fields?.indexOf(n) ?? -1;
        if (j >= 0) problems.add(src.service.path, `/forms/${i}/fields/${j}`, `"${n}" depends on a condition naming ${missing.map((m) => `"${m}"`).join(', ')}, which variant "${f.id}" does not show`);
      }
    }
    return chosen.filter((n) => !dropped.has(n));
  });
}

/** The ui:blocks placement of the price summary above the submit button (features/forms/PriceSummary.tsx). */
const SUBMIT_PLACE = 'submit';

/** form.ui.json names only fields of the form, variants of service.json and constants of the service. */
function checkUi(src: ServiceSource, form: Form, problems: Problems): void {
  const ui = src.ui.data;
  const constants = src.service.data.constants ?? {};
  const variantUi = ui['ui:variants'] ?? {};
  for (const id of Object.keys(variantUi))
    if (!src.service.data.forms.some((f) => f.id === id)) problems.add(src.ui.path, `/ui:variants/${id}`, `no form variant "${id}" in service.json`);
  const checkLayout = (layout: UiLayoutJson, at: string) => {
    // "*" stands for the fields the order does not name (orderedFields says where they go).
    (layout['ui:order'] ?? []).forEach((n, i) => {
      if (n !== '*' && !form.isField(n)) problems.add(src.ui.path, `${at}/ui:order/${i}`, `"${n}" is not a property of the form`);
    });
    if (layout['ui:steps']) checkGroups(src, form, layout, 'ui:steps', at, problems);
    if (layout['ui:sections']) checkGroups(src, form, layout, 'ui:sections', at, problems);
    for (const [place, blocks] of Object.entries(layout['ui:blocks'] ?? {})) {
      const field = place.split(':')[1];
      if (field && !form.properties[field]) problems.add(src.ui.path, `${at}/ui:blocks/${place}`, `"${field}" is not a property of the form`);
      blocks.forEach((b, i) => {
        // The summary above the submit is a price: other content there would push the button away from it.
        if (place === SUBMIT_PLACE && b.type !== 'price' && b.type !== 'fee')
          problems.add(src.ui.path, `${at}/ui:blocks/${place}/${i}`, `a "${b.type}" block in "${SUBMIT_PLACE}": the price summary above the submit holds price and fee blocks only; put it in top, bottom or before/after a field`);
        blockConstants(b).forEach((c) => {
          if (!(c in constants)) problems.add(src.ui.path, `${at}/ui:blocks/${place}/${i}`, `"${c}" is not one of service.json constants`);
        });
      });
    }
  };
  checkLayout(ui, '');
  for (const [id, layout] of Object.entries(variantUi)) checkLayout(layout, `/ui:variants/${id}`);
  // A field's entry (ui:autocomplete, …) must be about a field: one for a field that is gone is a mistake.
  for (const key of Object.keys(ui)) {
    if (!key.startsWith('ui:') && !form.isField(key)) problems.add(src.ui.path, `/${key}`, `"${key}" is not a property of the form`);
  }
}

/** Field groups of a layout: the steps of a form in steps, or the sections of a long form on one page. */
type GroupKind = 'ui:steps' | 'ui:sections';
const GROUP_WORD: Record<GroupKind, { one: string; many: string }> = { 'ui:steps': { one: 'step', many: 'steps' }, 'ui:sections': { one: 'section', many: 'sections' } };

/**
 * ui:steps or ui:sections of one layout: unique ids, fields of the form, each in one group only, not
 * beside a ui:order (the groups are the order); steps and sections never together (a step already has
 * its heading, and sections would split it again).
 */
function checkGroups(src: ServiceSource, form: Form, layout: UiLayoutJson, kind: GroupKind, at: string, problems: Problems): void {
  const { one, many } = GROUP_WORD[kind];
  if (layout['ui:order']) problems.add(src.ui.path, `${at}/ui:order`, `ui:order and ${kind} together: the ${many} are the order, remove ui:order`);
  if (kind === 'ui:sections' && layout['ui:steps'])
    problems.add(src.ui.path, `${at}/ui:sections`, 'ui:steps and ui:sections together: each step is a page with its own heading; keep one of them');
  const groupOf = new Map<string, string>();
  const ids = new Set<string>();
  (layout[kind] ?? []).forEach((group, i) => {
    if (ids.has(group.id)) problems.add(src.ui.path, `${at}/${kind}/${i}/id`, `${one} "${group.id}" is already used: ${one} ids are unique`);
    ids.add(group.id);
    group.fields.forEach((n, j) => {
      const where = `${at}/${kind}/${i}/fields/${j}`;
      if (!form.isField(n)) problems.add(src.ui.path, where, `"${n}" is not a property of the form`);
      else if (groupOf.has(n)) problems.add(src.ui.path, where, `"${n}" is already in ${one} "${groupOf.get(n)}": a field is in one ${one} only`);
      else groupOf.set(n, group.id);
    });
  });
}

/**
 * A variant's steps or sections: the fields it shows, each group in order (a field it hides dropped, a
 * group left empty dropped). Every field it shows must be in a group, or the applicant could never reach
 * it (a step) or it would sit outside every heading (a section). The title is the service message
 * steps.<id> or sections.<id>.
 */
function variantGroups(src: ServiceSource, layout: UiLayoutJson, kind: GroupKind, at: string, variant: string, chosen: string[], problems: Problems): FormStepModel[] | undefined {
  const groups = layout[kind];
  if (!groups) return undefined;
  const { one, many } = GROUP_WORD[kind];
  const placed = new Set(groups.flatMap((s) => s.fields));
  for (const n of chosen) {
    if (!placed.has(n)) problems.add(src.ui.path, `${at}/${kind}`, `"${n}" is in no ${one}, but variant "${variant}" shows it: put it in one ${one}`);
  }
  return groups
    .map((s) => ({ id: s.id, title: `service.${src.id}.${many}.${s.id}`, fields: s.fields.filter((n) => chosen.includes(n)) }))
    .filter((s) => s.fields.length > 0);
}

/**
 * A variant's ui:order, which names every field the variant shows: a field it leaves out would come
 * after all the others, below the consent box and the agreements, where nobody looks. Writing "*" in
 * the order is the way to say "every field not named goes here" on purpose.
 */
function orderedFields(src: ServiceSource, layout: UiLayoutJson, at: string, chosen: string[], problems: Problems): string[] {
  const order = layout['ui:order'];
  if (!order) return [];
  const missing = chosen.filter((n) => !order.includes(n));
  if (missing.length && !order.includes('*')) {
    const names = missing.map((n) => `"${n}"`).join(', ');
    problems.add(
      src.ui.path,
      `${at}/ui:order`,
      `${names} ${missing.length > 1 ? 'are' : 'is'} not in ui:order: put ${missing.length > 1 ? 'them' : 'it'} in its place (a field left out would come last, below the consent box), or write "*" where the fields not named should go`,
    );
  }
  return order;
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

/**
 * What an applicant submits in a variant: its root fields, its conditions (conditions.ts). With a
 * conditional field, root `additionalProperties: false` would refuse it in every branch (draft-07 looks
 * at the root's properties only), so the fields the variant knows are listed in `propertyNames` instead.
 */
function variantSchema(form: Form, variant: string, chosen: string[]): JSONSchema7 {
  const root = chosen.filter((n) => !(n in form.conditions.fields));
  const { allOf, dependencies } = variantConditions(form.conditions, chosen, (n) => form.propertyIn(variant, n));
  const conditional = root.length < chosen.length;
  return {
    type: 'object',
    ...(conditional ? { propertyNames: { enum: chosen } } : { additionalProperties: false }),
    required: [...form.requiredIn(variant)].filter((n) => root.includes(n)),
    properties: Object.fromEntries(root.flatMap((n): [string, JSONSchema7][] => {
      const property = form.propertyIn(variant, n);
      return property ? [[n, property]] : [];
    })),
    ...(allOf.length ? { allOf } : {}),
    ...(Object.keys(dependencies).length ? { dependencies } : {}),
  };
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
    // A variant with its own order, steps or sections replaces the form's layout; else it takes the form's.
    const ownLayout = own['ui:order'] !== undefined || own['ui:steps'] !== undefined || own['ui:sections'] !== undefined;
    const layout = ownLayout ? own : ui;
    const at = ownLayout ? `/ui:variants/${f.id}` : '';
    const steps = variantGroups(src, layout, 'ui:steps', at, f.id, chosen, problems);
    const sections = steps ? undefined : variantGroups(src, layout, 'ui:sections', at, f.id, chosen, problems);
    const grouped = steps ?? sections;
    const uiOrder = grouped ? grouped.flatMap((s) => s.fields) : orderedFields(src, layout, at, chosen, problems);
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
      schema: variantSchema(form, f.id, chosen),
      ui: {
        'ui:order': [...uiOrder.filter((n) => n === '*' || chosen.includes(n)), ...(uiOrder.includes('*') ? [] : ['*'])],
        ...Object.fromEntries(Object.entries(fieldUi).filter(([k]) => chosen.includes(k))),
      },
      blocks,
      ...(steps ? { steps } : {}),
      ...(sections ? { sections } : {}),
    };
  });
}
