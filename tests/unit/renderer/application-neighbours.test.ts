/** The keyset that finds an application's neighbours in its list (src/features/staff/application/neighbours.ts). */
import { describe, expect, it } from 'vitest';
import { keysetFilter, neighbourFilter, sortExpression, sortKeys } from '../../../src/features/staff/application/neighbours.ts';

/** Applies a keyset filter as PocketBase would, on plain rows: the expression, with its parameters in place, evaluated. */
function matches(expr: string, params: Record<string, unknown>, row: Record<string, unknown>): boolean {
  const js = expr
    .replace(/\{:(\w+)\}/g, (_, name: string) => JSON.stringify(params[name]))
    .replace(/(^|[\s(])([A-Za-z]\w*) (>=|<=|>|<|=) /g, (_, pre: string, field: string, op: string) => `${pre}row.${field} ${op === '=' ? '===' : op} `);
  return new Function('row', `return ${js};`)(row) as boolean;
}

const rows = [
  { id: 'a', created: '2026-01-01 10:00:00.000Z', status: 'new' },
  { id: 'b', created: '2026-01-02 10:00:00.000Z', status: 'review' },
  { id: 'c', created: '2026-01-02 10:00:00.000Z', status: 'new' }, // the same instant as b: the id decides
  { id: 'd', created: '2026-01-03 10:00:00.000Z', status: 'new' },
];

/** The rows in a sort's order, by comparing keys as the database would. */
function ordered(sort: string) {
  const keys = sortKeys(sort);
  return [...rows].sort((x, y) => {
    for (const k of keys) {
      const a = String(x[k.field as keyof typeof x]);
      const b = String(y[k.field as keyof typeof y]);
      if (a !== b) return (a < b ? -1 : 1) * (k.desc ? -1 : 1);
    }
    return 0;
  });
}

describe("an application's neighbours in its list", () => {
  it('read the sort as keys, ending with the id in the last key’s direction', () => {
    expect(sortKeys('-created')).toEqual([
      { field: 'created', desc: true },
      { field: 'id', desc: true },
    ]);
    expect(sortKeys('status,-created')).toEqual([
      { field: 'status', desc: false },
      { field: 'created', desc: true },
      { field: 'id', desc: true },
    ]);
    expect(sortKeys('created,id')).toEqual([
      { field: 'created', desc: false },
      { field: 'id', desc: false },
    ]);
    expect(sortExpression(sortKeys('status,-created'))).toBe('status,-created,-id');
    expect(sortExpression(sortKeys('status,-created'), true)).toBe('-status,created,id');
  });

  for (const sort of ['-created', 'created', 'status,-created', '-status,created']) {
    it(`find the rows after and before each one, in the order "${sort}"`, () => {
      const keys = sortKeys(sort);
      const order = ordered(sort);
      order.forEach((row, i) => {
        const after = keysetFilter(keys, row, 'after');
        const before = keysetFilter(keys, row, 'before');
        expect(order.filter((r) => matches(after.expr, after.params, r)).map((r) => r.id)).toEqual(order.slice(i + 1).map((r) => r.id));
        expect(order.filter((r) => matches(before.expr, before.params, r)).map((r) => r.id)).toEqual(order.slice(0, i).map((r) => r.id));
      });
    });
  }

  it('start with a range on the leading key (the index seeks to the record), and join the list’s filter', () => {
    const { expr, params } = keysetFilter(sortKeys('-created'), rows[1] as Record<string, unknown>, 'after');
    expect(expr).toBe('created <= {:k0} && (created < {:k0} || (id < {:k1}))');
    expect(params).toEqual({ k0: '2026-01-02 10:00:00.000Z', k1: 'b' });
    expect(neighbourFilter('', 'x')).toBe('x');
    expect(neighbourFilter("status = 'new'", 'x')).toBe("(status = 'new') && (x)");
  });
});
