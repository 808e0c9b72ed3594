/**
 * Blocks (static content around a form or on a page): their message keys put in the namespace of the
 * service or page that owns them, and what a block names that must exist elsewhere (messages,
 * constants, routes, products).
 */
import type { Block, Link } from '../../shared/registry.ts';

/** Namespaces a service- or page-local message key. */
export const namespaced = (ns: string, key: string): string => `${ns}.${key}`;

export function namespaceBlocks(blocks: Block[], ns: string): Block[] {
  const key = (k: string) => namespaced(ns, k);
  const link = (l: Link): Link => ({ ...l, message: key(l.message) });
  return blocks.map((b): Block => {
    switch (b.type) {
      case 'heading':
      case 'text':
      case 'mailed':
      case 'cancellation':
      case 'applicationLink':
        return { ...b, message: key(b.message) };
      case 'list':
        return { ...b, messages: b.messages.map(key) };
      case 'price':
        return { ...b, lines: b.lines.map((l) => ({ ...l, label: key(l.label), ...(l.per ? { per: key(l.per) } : {}) })) };
      case 'fee':
        return { ...b, label: key(b.label) };
      case 'links':
        return { ...b, links: b.links.map(link) };
      case 'cards':
        return { ...b, cards: b.cards.map((c) => ({ ...c, title: key(c.title), items: c.items.map(key), link: link(c.link) })) };
      case 'accordion':
        return { ...b, sections: b.sections.map((sec) => ({ ...sec, title: key(sec.title), blocks: namespaceBlocks(sec.blocks, ns) })) };
      case 'alert':
        return { ...b, message: key(b.message), ...(b.title ? { title: key(b.title) } : {}) };
      case 'contact':
      case 'connect':
      case 'checkout':
      case 'payment':
      case 'services':
      case 'reference':
        return b;
    }
  });
}

/** Message keys a block needs, before namespacing. */
export function blockKeys(block: Block): string[] {
  switch (block.type) {
    case 'heading':
    case 'text':
    case 'mailed':
    case 'cancellation':
    case 'applicationLink':
      return [block.message];
    case 'list':
      return block.messages;
    case 'price':
      return block.lines.flatMap((l) => [l.label, ...(l.per ? [l.per] : [])]);
    case 'fee':
      return [block.label];
    case 'links':
      return block.links.map((l) => l.message);
    case 'cards':
      return block.cards.flatMap((c) => [c.title, ...c.items, c.link.message]);
    case 'accordion':
      return block.sections.flatMap((sec) => [sec.title, ...sec.blocks.flatMap(blockKeys)]);
    case 'alert':
      return [block.message, ...(block.title ? [block.title] : [])];
    case 'contact':
    case 'connect':
    case 'checkout':
    case 'payment':
    case 'services':
    case 'reference':
      return [];
  }
}

/** Names of constants a block shows. */
export function blockConstants(block: Block): string[] {
  if (block.type === 'price') return block.lines.map((l) => l.amount);
  if (block.type === 'fee') return [block.amount];
  if (block.type === 'cards') return block.cards.map((c) => c.amount);
  if (block.type === 'accordion') return block.sections.flatMap((sec) => sec.blocks.flatMap(blockConstants));
  return [];
}

/** Internal links a block offers; each must lead to a route of the site. */
export function blockLinks(block: Block): string[] {
  if (block.type === 'links') return block.links.map((l) => l.to);
  if (block.type === 'cards') return block.cards.map((c) => c.link.to);
  if (block.type === 'accordion') return block.sections.flatMap((sec) => sec.blocks.flatMap(blockLinks));
  return [];
}

/** The site.json products that blocks sell (checkout blocks, also inside accordions). */
export function productsSold(blocks: Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'checkout' ? [b.product] : b.type === 'accordion' ? b.sections.flatMap((sec) => productsSold(sec.blocks)) : []));
}
