/**
 * What the filter bar of a staff list shows when its address changes. The address is the applied
 * filters; the bar holds what is being typed. A press of Apply changes the address a moment later (a
 * navigation), and text typed in between must not be replaced by the search it just applied (on a busy
 * machine the second search of a quick pair was lost that way). So the bar remembers the filters it
 * applied until the address shows them, and follows any other change (cleared, edited, back).
 */
import { EMPTY_QUERY, readListQuery, writeListQuery, type ListQuery } from './listQuery.ts';

export type Filters = Pick<ListQuery, 'q' | 'from' | 'to' | 'status' | 'assignee'>;

/** The filters as the address will hold them (the same reading the list makes of it), as one key. */
export function filtersKey(filters: Filters): string {
  const read = readListQuery(writeListQuery({ ...EMPTY_QUERY, ...filters }));
  return JSON.stringify([read.q, read.from, read.to, read.status, read.assignee]);
}

/**
 * Whether the bar takes the address's filters, and which of its own applies still wait for the address
 * (`pending`, oldest first): the address showing one of them is that apply arriving, not a change to follow.
 */
export function followAddress(address: Filters, pending: readonly string[]): { follow: boolean; pending: string[] } {
  const at = pending.indexOf(filtersKey(address));
  if (at >= 0) return { follow: false, pending: pending.slice(at + 1) };
  return { follow: true, pending: [] };
}
