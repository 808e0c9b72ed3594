/**
 * src/components/blockModules.ts: a route loads the renderers its blocks need (the accordion), at any
 * depth, and nothing for blocks that need none: the provider's embedded components load when they render,
 * after the page around them. A form's page counts the blocks around its fields and those it shows after
 * a submit.
 */
import { describe, expect, it } from 'vitest';
import { formBlocks, loadBlockRenderers } from '../../../src/components/blockModules.ts';
import type { Block, FormModule } from '../../../src/engine/types.ts';
import { registry } from '../../../src/generated/registry.ts';

/** The components the loaded modules export, by name. */
const loaded = async (blocks: Block[]) => ((await loadBlockRenderers(blocks)) as { default: { name: string } }[]).map((m) => m.default.name).sort();

const text: Block = { type: 'text', message: 'a' };

describe('loadBlockRenderers', () => {
  it("loads nothing for blocks rendered with the page, nor for the provider's embedded components", async () => {
    const blocks: Block[] = [text, { type: 'contact' }, { type: 'payment' }, { type: 'checkout', product: 'p' }, { type: 'connect', component: 'payments' }];
    expect(await loaded(blocks)).toEqual([]);
  });

  it('loads a renderer once, for blocks inside an accordion too', async () => {
    const inner: Block = { type: 'accordion', sections: [{ title: 'z', blocks: [text] }] };
    expect(await loaded([text, { type: 'accordion', sections: [{ title: 'x', blocks: [inner] }] }, inner])).toEqual(['AccordionBlock']);
    expect(await loaded([{ type: 'checkout', product: 'p' }, inner])).toEqual(['AccordionBlock']);
  });

  it("finds the success page's accordion", async () => {
    const success = await registry.pages.find((page) => page.route === '/success')!.load();
    expect(await loaded(success.blocks)).toEqual(['AccordionBlock']);
  });
});

describe('formBlocks', () => {
  it('takes the blocks around the fields and those shown after a submit', () => {
    const form = { blocks: { top: [text], 'after:email': [{ type: 'contact' }] } } as unknown as FormModule;
    expect(formBlocks(form, '/success')).toEqual([text, { type: 'contact' }]);
    expect(formBlocks(form, { show: 'instead', blocks: [{ type: 'payment' }] })).toEqual([text, { type: 'contact' }, { type: 'payment' }]);
  });
});
