/**
 * Where a dropped field goes in the model's terms. The list shows a condition's fields right after the
 * field they depend on, but the model orders a field among its siblings only (the root fields, or the
 * fields of the same condition's branch, or a row's fields): a drop at a list position becomes the index
 * among those siblings that the fields above the drop point give.
 */
import type { FieldItem } from '../../model/fieldList.ts';

/** Whether two fields of one list are siblings in the model (both root, or both in the same branch). */
export const sameBranch = (a: FieldItem, b: FieldItem) =>
  a.condition === undefined ? b.condition === undefined : b.condition !== undefined && b.condition.when === a.condition.when && b.condition.equals === a.condition.equals;

/** The sibling index of `ref` once dropped at `destination` (the list index it ends at), or null when it stays. */
export function siblingIndexAt(list: readonly FieldItem[], ref: string, destination: number): number | null {
  const moved = list.find((item) => item.ref === ref);
  if (!moved) return null;
  const siblings = list.filter((item) => sameBranch(item, moved));
  const others = list.filter((item) => item.ref !== ref);
  const target = others.slice(0, destination).filter((item) => sameBranch(item, moved)).length;
  return target === siblings.indexOf(moved) ? null : target;
}

/** Whether a field can move up or down among its siblings. */
export function movable(list: readonly FieldItem[], item: FieldItem): { up: boolean; down: boolean } {
  const siblings = list.filter((other) => sameBranch(other, item));
  const at = siblings.indexOf(item);
  return { up: at > 0, down: at < siblings.length - 1 };
}
