/** Storybook stories for every form variant and staff card, so none is ever forgotten. */
import type { SiteModel, VariantModel } from '../model/types.ts';
import type { Files } from './registry.ts';
import { render } from './template.ts';

/** "self-service" → "SelfService": how generated code names a service or a variant. */
export const pascal = (s: string) => s.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** A concrete address of the variant: each route parameter gets the first value its field allows. */
function samplePath(v: VariantModel): string {
  return v.route.replace(/:([A-Za-z0-9]+)/g, (_, param: string) => {
    const field = Object.entries(v.traits).find(([, t]) => t.routeParam === param)?.[0] ?? '';
    const schema = (v.schema.properties?.[field] ?? {}) as { enum?: unknown[]; examples?: unknown[] };
    return encodeURIComponent(String(schema.enum?.[0] ?? schema.examples?.[0] ?? param));
  });
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
    })),
    { name: `${pascal(s.id)}AdminCard`, title: `${s.id} / staff card`, component: 'AdminCardStory', serviceId: s.id },
  ]);
  return new Map([['stories/generated/services.stories.tsx', render('stories.tsx.hbs', { stories })]]);
}
