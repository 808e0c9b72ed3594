/**
 * Block renderers that load on demand, being on few pages (the success page's accordion), and what a list
 * of blocks needs of them. A route loads its blocks' renderers with the rest of what it needs
 * (app/routes.tsx: prepareRoute; app/loaded.ts: a form's and a page's), so a prerendered page hydrates with
 * them in place and a screen shows with them, rather than without and then with.
 *
 * Not here: the provider's embedded onboarding and checkout (Blocks.tsx). They sit in Suspense boundaries
 * of their own, hydrated after the page around them, so the page does not wait for their code.
 */
import { lazyScreen } from '../app/lazyScreen.ts';
import type { Block, FormModule, Success } from '../engine/types.ts';
import type { AccordionBlockProps } from './AccordionBlock.tsx';

export const accordionBlock = lazyScreen<AccordionBlockProps>(() => import('./AccordionBlock.tsx'));

const WITH_THE_ROUTE: Partial<Record<Block['type'], { load: () => Promise<unknown> }>> = { accordion: accordionBlock };

/** Every block of the list, those inside accordion sections too. */
function* everyBlock(blocks: Block[]): Generator<Block> {
  for (const block of blocks) {
    yield block;
    if (block.type === 'accordion') for (const section of block.sections) yield* everyBlock(section.blocks);
  }
}

/** Loads the renderers the blocks use that load with the route; resolves at once when they use none. */
export function loadBlockRenderers(blocks: Block[]): Promise<unknown> {
  const loads = new Set<() => Promise<unknown>>();
  for (const block of everyBlock(blocks)) {
    const renderer = WITH_THE_ROUTE[block.type];
    if (renderer) loads.add(renderer.load);
  }
  return Promise.all([...loads].map((load) => load()));
}

/** The blocks a form's page may show: around its fields, and after a submit. */
export const formBlocks = (form: FormModule, success: Success): Block[] => [
  ...Object.values(form.blocks).flat(),
  ...(typeof success === 'string' ? [] : success.blocks),
];
