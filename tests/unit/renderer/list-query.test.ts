/** A staff list's filters and page in the address (src/features/staff/listQuery.ts). */
import { describe, expect, it } from 'vitest';
import { readListQuery, showsNewest, writeListQuery } from '../../../src/features/staff/listQuery.ts';

describe('the list query in the address', () => {
  it('reads back what it writes, and leaves defaults out', () => {
    const query = { q: 'aziza', from: '2026-11-01', to: '2026-11-26', status: 'review', sort: 'oldest' as const, page: 3 };
    const params = writeListQuery(query);
    expect(params.toString()).toBe('q=aziza&from=2026-11-01&to=2026-11-26&status=review&sort=oldest&page=3');
    expect(readListQuery(params)).toEqual(query);
    expect(writeListQuery({ q: '', from: '', to: '', status: '', sort: '', page: 1 }).toString()).toBe('');
  });

  it("keeps the address's other parameters (the language) and replaces the list's own", () => {
    const before = new URLSearchParams('lang=uz&q=old&page=4&status=new');
    const after = writeListQuery({ q: 'new', from: '', to: '', status: '', sort: '', page: 1 }, before);
    expect(after.get('lang')).toBe('uz');
    expect(after.get('q')).toBe('new');
    expect(after.has('page')).toBe(false);
    expect(after.has('status')).toBe(false);
  });
});

describe('whether a list shows the newest records (the arrivals notice is reset by such a load)', () => {
  const plain = readListQuery(new URLSearchParams());
  it("the first page, unfiltered, newest first, by the chosen order or the card's own", () => {
    expect(showsNewest(plain, '-created')).toBe(true);
    expect(showsNewest({ ...plain, sort: 'newest' }, 'lastName')).toBe(true);
    expect(showsNewest(plain, 'lastName')).toBe(false);
    expect(showsNewest({ ...plain, sort: 'oldest' }, '-created')).toBe(false);
  });
  it('not another page, nor a search, a date or a status', () => {
    for (const change of [{ page: 2 }, { q: 'aziza' }, { from: '2026-11-01' }, { to: '2026-11-30' }, { status: 'new' }])
      expect(showsNewest({ ...plain, ...change }, '-created'), JSON.stringify(change)).toBe(false);
  });
});
