/** Static pages (pages/<id>/page.json): their blocks, namespaced, and what those blocks name. */
import type { Problems } from '../errors.ts';
import type { SchemaSources } from '../load.ts';
import { blockConstants, blockKeys, namespaceBlocks, productsSold } from './blocks.ts';
import type { Catalogues } from './messages.ts';
import type { PageModel } from './types.ts';

export function pageModels(sources: SchemaSources, problems: Problems): PageModel[] {
  return sources.pages.map((p) => {
    const page = p.page.data;
    if (page.id !== p.id) problems.add(p.page.path, '/id', `must equal the folder name "${p.id}"`);
    return { id: p.id, route: page.route, blocks: namespaceBlocks(page.blocks, `page.${p.id}`) };
  });
}

/** A page's title and blocks have English texts, and its blocks name only site.json constants and products. */
export function checkPages(pages: PageModel[], sources: SchemaSources, messages: Catalogues, problems: Problems): void {
  const site = sources.site.data;
  for (const [i, p] of pages.entries()) {
    const where = sources.pages[i]?.page.path ?? '';
    for (const key of [`page.${p.id}.title`, ...p.blocks.flatMap(blockKeys)]) {
      if (!(key in messages.en)) problems.add(where, '/blocks', `no English text for message "${key}"`);
    }
    for (const c of p.blocks.flatMap(blockConstants)) {
      if (!(c in (site.constants ?? {}))) problems.add(where, '/blocks', `"${c}" is not one of site.json constants`);
    }
  }
}

/**
 * Where the provider sends a product's buyer: back to the first page that sells it ("/" if none) if
 * they give up, to its `paid` page (else that same page) once paid. Every product a page sells exists,
 * with English texts.
 */
export function productPages(pages: PageModel[], sources: SchemaSources, messages: Catalogues, problems: Problems): Record<string, { soldOn: string; paid: string }> {
  const products = sources.site.data.products ?? {};
  for (const [id, product] of Object.entries(products)) {
    for (const key of [product.name, ...product.items]) {
      if (!(key in messages.en)) problems.add(sources.site.path, `/products/${id}`, `no English text for message "${key}" (common/i18n)`);
    }
  }
  for (const [i, p] of pages.entries()) {
    for (const product of productsSold(p.blocks)) if (!products[product]) problems.add(sources.pages[i]?.page.path ?? '', '/blocks', `"${product}" is not one of site.json products`);
  }
  return Object.fromEntries(
    Object.entries(products).map(([id, product]) => {
      const soldOn = pages.find((page) => productsSold(page.blocks).includes(id))?.route ?? '/';
      return [id, { soldOn, paid: product.paid ?? soldOn }];
    }),
  );
}
