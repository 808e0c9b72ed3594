/**
 * Where a form's content blocks go among its fields. A placement is "top", "bottom",
 * "before:<field>" or "after:<field>" (schemas/services/<id>/form.ui.json, "ui:blocks").
 */
import type { Block, BlockPlacement } from './types.ts';

export type LayoutItem = { kind: 'blocks'; placement: string; blocks: Block[] } | { kind: 'field'; name: string };

/**
 * The fields in their order with the blocks around them. A block aimed at a field this form does not
 * have (a shorter variant, say) goes just before the bottom blocks rather than vanishing.
 */
export function layoutFields(fields: string[], placement: BlockPlacement): LayoutItem[] {
  const items: LayoutItem[] = [];
  const used = new Set<string>();
  const add = (key: string) => {
    const blocks = placement[key];
    used.add(key);
    if (blocks?.length) items.push({ kind: 'blocks', placement: key, blocks });
  };
  add('top');
  for (const name of fields) {
    add(`before:${name}`);
    items.push({ kind: 'field', name });
    add(`after:${name}`);
  }
  for (const key of Object.keys(placement)) if (!used.has(key) && key !== 'bottom') add(key);
  add('bottom');
  return items;
}

/**
 * The placement of the price summary above the submit button (form.ui.json ui:blocks "submit"): shown by
 * the form beside its button (features/forms/PriceSummary.tsx), never among the fields.
 */
export const SUBMIT_PLACEMENT = 'submit';

/** A form's blocks split into those around its fields and those of the price summary above its submit. */
export function splitSubmitBlocks(placement: BlockPlacement): { around: BlockPlacement; submit: Block[] } {
  const { [SUBMIT_PLACEMENT]: submit = [], ...around } = placement;
  return { around, submit };
}
