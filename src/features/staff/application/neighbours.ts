/**
 * The applications before and after one in the list a staff member came from: the list's own filter and
 * sort, and a keyset on the sort's fields (then the id, so records that tie on the sort still have one
 * order). Each neighbour is one indexed query of one row, however deep in the list the record is: no
 * page of the list is loaded to find it.
 */

export interface SortKey {
  field: string;
  desc: boolean;
}

/** A PocketBase sort expression ("-created", "status,-created") as keys, ending with the id. */
export function sortKeys(sort: string): SortKey[] {
  const keys = sort
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (part.startsWith('-') ? { field: part.slice(1), desc: true } : { field: part.replace(/^\+/, ''), desc: false }));
  // The id breaks ties, in the direction of the last key (as a list sorted "-created" lists its equal ones).
  if (!keys.some((k) => k.field === 'id')) keys.push({ field: 'id', desc: keys.at(-1)?.desc ?? false });
  return keys;
}

/** The sort expression of `keys`, or of the reverse order (to find the row just before). */
export const sortExpression = (keys: SortKey[], reverse = false): string => keys.map((k) => `${k.desc !== reverse ? '-' : ''}${k.field}`).join(',');

export type FilterValue = string | number | boolean;

/**
 * The filter of the rows after `record` in the order of `keys` (`after`), or before it. Written as
 * `k1 >= v1 && (k1 > v1 || (k2 >= v2 && (k2 > v2 || …)))` rather than as a plain OR of the cases: its first
 * term is a range on the leading key, which the database answers from that key's index by seeking to the
 * record, instead of walking every row from the list's start until one matches.
 */
export function keysetFilter(keys: SortKey[], record: Record<string, unknown>, direction: 'after' | 'before'): { expr: string; params: Record<string, FilterValue> } {
  const params: Record<string, FilterValue> = {};
  const build = (i: number): string => {
    const key = keys[i] as SortKey;
    const name = `k${i}`;
    params[name] = valueOf(record[key.field]);
    const forward = key.desc === (direction === 'before');
    const strict = forward ? '>' : '<';
    if (i === keys.length - 1) return `${key.field} ${strict} {:${name}}`;
    return `${key.field} ${strict}= {:${name}} && (${key.field} ${strict} {:${name}} || (${build(i + 1)}))`;
  };
  return { expr: build(0), params };
}

/** A stored value as a filter parameter: PocketBase keeps no NULLs (an empty text, 0, false stand for none). */
function valueOf(value: unknown): FilterValue {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The list's filter and the keyset, joined. */
export function neighbourFilter(listExpr: string, keyset: string): string {
  return listExpr ? `(${listExpr}) && (${keyset})` : keyset;
}
