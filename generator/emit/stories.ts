/**
 * Storybook stories for every form variant and staff card, so none is ever forgotten: each form filled
 * with its schema's examples (editable in Storybook's controls), in the language of the toolbar's switcher
 * (.storybook/preview.tsx).
 */
import type { SiteModel, VariantModel } from '../model/types.ts';
import type { Files } from './registry.ts';
import { render } from './template.ts';

/** "self-service" → "SelfService": how generated code names a service or a variant. */
export const pascal = (s: string) => s.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** A concrete address of the variant: each route parameter gets the first value its field allows. */
export function samplePath(v: VariantModel): string {
  return v.route.replace(/:([A-Za-z0-9]+)/g, (_, param: string) => {
    const field = Object.entries(v.traits).find(([, t]) => t.routeParam === param)?.[0] ?? '';
    const schema = (v.schema.properties?.[field] ?? {}) as { enum?: unknown[]; examples?: unknown[] };
    return encodeURIComponent(String(schema.enum?.[0] ?? schema.examples?.[0] ?? param));
  });
}

type Prop = { examples?: unknown[]; type?: string; items?: { type?: string; properties?: Record<string, unknown> } };

/** A repeating group's one sample row: each cell's first example (cells without one are left empty). */
function sampleRow(prop: Prop): Record<string, unknown> | undefined {
  const cells = Object.entries(prop.items?.properties ?? {}).flatMap(([name, cell]) => ((cell as Prop).examples?.length ? [[name, (cell as Prop).examples?.[0]]] : []));
  return cells.length ? Object.fromEntries(cells) : undefined;
}

/**
 * The answers a form story starts with: each field's first `examples` value, as the schema gives it (a
 * repeating group gets one row of its cells' examples). Files cannot be made up in a page, and a value
 * the route gives is the route's.
 */
export function sampleAnswers(v: VariantModel): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(v.schema.properties ?? {})) {
    const prop = raw as Prop;
    if (v.traits[name]?.file || v.traits[name]?.routeParam) continue;
    if (prop.examples?.length) answers[name] = prop.examples[0];
    else if (prop.type === 'array' && prop.items?.type === 'object') {
      const row = sampleRow(prop);
      if (row) answers[name] = [row];
    }
  }
  return answers;
}

export function emitStories(site: SiteModel): Files {
  const stories = site.services.flatMap((s) => [
    ...s.variants.map((v) => ({
      name: `${pascal(s.id)}${pascal(v.id)}Form`,
      title: `${s.id} / ${v.id} form`,
      component: 'FormStory',
      serviceId: s.id,
      variantId: v.id,
      path: samplePath(v),
      sample: sampleAnswers(v),
    })),
    { name: `${pascal(s.id)}AdminCard`, title: `${s.id} / staff card`, component: 'AdminCardStory', serviceId: s.id },
  ]);
  return new Map([['stories/generated/services.stories.tsx', render('stories.tsx.hbs', { stories })]]);
}
