/**
 * Routes, collections and reference prefixes are global names: no two services or pages may claim the same one, none may
 * claim the renderer's own screens, and every link, success route and paid page leads to a route of the
 * site.
 */
import type { Link, Product } from '../../shared/registry.ts';
import { PROTOCOL } from '../contract.ts';
import type { Problems } from '../errors.ts';
import type { SchemaSources } from '../load.ts';
import { blockLinks } from './blocks.ts';
import type { PageModel, ServiceModel } from './types.ts';

/** Routes the renderer serves itself (staff sign-in and console screens, the draft's resume page); no schema may claim them. */
export const RESERVED_ROUTES = ['/admin', '/staff', '/application', PROTOCOL.drafts.resumePage];

/** Whether a concrete path ("/success/499") is served by a route ("/success/:amount"). */
export function routeMatches(route: string, path: string): boolean {
  const a = route.split('/');
  const b = (path.split(/[?#]/)[0] ?? '').split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
}

export interface RoutedSite {
  services: ServiceModel[];
  pages: PageModel[];
  /** The header's and footer's links. */
  shellLinks: Link[];
  products: Record<string, Product>;
}

export function checkRoutes({ services, pages, shellLinks, products }: RoutedSite, sources: SchemaSources, problems: Problems): void {
  const routes = new Map<string, string>();
  const claim = (route: string, where: string) => {
    const owner = routes.get(route);
    // The staff console's own screens (src/config/paths.ts) live under these.
    if (RESERVED_ROUTES.some((r) => route === r || route.startsWith(`${r}/`))) problems.add(where, '', `route ${route} is reserved for the renderer's own screens (${RESERVED_ROUTES.join(', ')})`);
    else if (owner) problems.add(where, '', `route ${route} is already used by ${owner}`);
    else routes.set(route, where);
  };
  const collections = new Map<string, string>();
  const prefixes = new Map<string, string>();
  for (const [i, s] of services.entries()) {
    const where = sources.services[i]?.service.path ?? '';
    s.variants.forEach((v) => claim(v.route, where));
    claim(s.admin.route, where);
    s.admin.aliases.forEach((route) => claim(route, where));
    const owner = collections.get(s.collection);
    if (owner) problems.add(where, '/collection', `collection ${s.collection} is already used by ${owner}`);
    collections.set(s.collection, where);
    // A reference names one application of one service: staff tell the service by its prefix.
    const sharer = prefixes.get(s.referencePrefix);
    if (sharer) problems.add(where, '/reference/prefix', `reference prefix ${s.referencePrefix} is already used by ${sharer}`);
    prefixes.set(s.referencePrefix, where);
  }
  for (const [i, p] of pages.entries()) claim(p.route, sources.pages[i]?.page.path ?? '');

  // "/" always exists: a page or form claims it, or the renderer shows the list of services there.
  const known = [...routes.keys(), '/'];
  const leadsSomewhere = (path: string) => known.some((route) => routeMatches(route, path));
  for (const [i, s] of services.entries()) {
    const where = sources.services[i]?.service.path ?? '';
    s.variants.forEach((v, j) => {
      if (typeof v.success === 'string' && !leadsSomewhere(v.success)) problems.add(where, `/forms/${j}/success`, `no page or form has the route ${v.success}`);
      // The applicant would be left on the filled-in form with no word of success.
      if (v.success === v.route) problems.add(where, `/forms/${j}/success`, `is the form's own route; show the success on the form's page instead: { "show": "instead", "blocks": [...] }`);
      for (const blocks of Object.values(v.blocks)) {
        for (const to of blocks.flatMap(blockLinks))
          if (!leadsSomewhere(to)) problems.add(sources.services[i]?.ui.path ?? where, '/ui:blocks', `no page or form has the route ${to}`);
      }
    });
  }
  for (const [i, p] of pages.entries()) {
    for (const to of p.blocks.flatMap(blockLinks))
      if (!leadsSomewhere(to)) problems.add(sources.pages[i]?.page.path ?? '', '/blocks', `no page or form has the route ${to}`);
  }
  for (const l of shellLinks) if (!leadsSomewhere(l.to)) problems.add(sources.site.path, '', `no page or form has the route ${l.to}`);
  for (const [id, product] of Object.entries(products)) {
    if (product.paid !== undefined && !leadsSomewhere(product.paid)) problems.add(sources.site.path, `/products/${id}/paid`, `no page or form has the route ${product.paid}`);
  }
}
