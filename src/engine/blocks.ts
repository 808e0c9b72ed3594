/** Splits a form's block placements into what goes before/after each field and around the form. */
import type { Block, BlockPlacement } from './types.ts';

export interface PlacedBlocks {
  top: Block[];
  bottom: Block[];
  before: (field: string) => Block[];
  after: (field: string) => Block[];
}

export function placeBlocks(placement: BlockPlacement): PlacedBlocks {
  return {
    top: placement.top ?? [],
    bottom: placement.bottom ?? [],
    before: (field) => placement[`before:${field}`] ?? [],
    after: (field) => placement[`after:${field}`] ?? [],
  };
}
