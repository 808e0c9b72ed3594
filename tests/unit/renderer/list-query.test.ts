/** A staff list's view in the address (src/features/staff/listQuery.ts): filters, assignee, sort, page and size. */
import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY, exportParams, listFilter, readListQuery, showsNewest, sortOf, writeListQuery } from '../../../src/features/staff/listQuery.ts';

const STAFF_ID = 'abcdefghij12345';

describe('the list query in the address', () => {
  it('reads back what it writes, and leaves defaults out', () => {
    const query = { q: 'aziza', from: '2026-11-01', to: '2026-11-26', status: 'review', assignee: 'unassigned', sort: '-status', page: 3, per: 50 };
    const params = writeListQuery(query);
    expect(params.toString()).toBe('q=aziza&from=2026-11-01&to=2026-11-26&status=review&assignee=unassigned&sort=-status&page=3&per=50');
    expect(readListQuery(params)).toEqual(query);
    expect(writeListQuery(EMPTY_QUERY).toString()).toBe('');
  });

  it('round-trips every assignee filter and page size', () => {
    for (const assignee of ['', 'mine', 'unassigned', STAFF_ID])
      for (const per of [25, 50, 100]) {
        const query = { ...EMPTY_QUERY, assignee, per, sort: 'created' };
        expect(readListQuery(writeListQuery(query)), `${assignee} ${per}`).toEqual(query);
      }
  });

  it('drops what it cannot read: another page size, an assignee that is no staff id, a sort that is no field', () => {
    const read = readListQuery(new URLSearchParams('per=30&assignee=bob&sort=created;drop&page=-2'));
    expect(read).toEqual(EMPTY_QUERY);
  });

  it('reads the orders bookmarked before the table (newest, oldest) as sorts by submission time', () => {
    expect(readListQuery(new URLSearchParams('sort=newest')).sort).toBe('-created');
    expect(readListQuery(new URLSearchParams('sort=oldest')).sort).toBe('created');
  });

  it("keeps the address's other parameters (the language) and replaces the list's own", () => {
    const before = new URLSearchParams('lang=uz&q=old&page=4&status=new&assignee=mine&per=100');
    const after = writeListQuery({ ...EMPTY_QUERY, q: 'new' }, before);
    expect(after.toString()).toBe('lang=uz&q=new');
  });
});

describe('the sort of a list', () => {
  it("is the chosen column's field, then the newest first; else the card's own; the id breaks what still ties", () => {
    expect(sortOf({ sort: '' }, '-created')).toBe('-created,-id');
    expect(sortOf({ sort: '' }, 'created')).toBe('created,id');
    expect(sortOf({ sort: 'created' }, '-created')).toBe('created,id');
    expect(sortOf({ sort: '-status' }, '-created')).toBe('-status,-created,-id');
  });
  it('takes only a sortable column', () => {
    expect(sortOf({ sort: 'ssn' }, '-created', ['created', 'status'])).toBe('-created,-id');
    expect(sortOf({ sort: 'status' }, '-created', ['created', 'status'])).toBe('status,-created,-id');
  });
});

describe('the filter of a list', () => {
  it('filters by assignee: mine is the reader, unassigned is empty, else the staff id', () => {
    expect(listFilter({ ...EMPTY_QUERY, assignee: 'mine' }, [], ['new'], 'me0000000000000')).toEqual({
      expr: 'assignee = {:assignee}',
      params: { assignee: 'me0000000000000' },
    });
    expect(listFilter({ ...EMPTY_QUERY, assignee: 'unassigned' }, [], ['new']).params).toEqual({ assignee: '' });
    expect(listFilter({ ...EMPTY_QUERY, assignee: STAFF_ID }, [], ['new']).params).toEqual({ assignee: STAFF_ID });
    expect(listFilter(EMPTY_QUERY, [], ['new']).expr).toBe('');
  });
  it("counts a record without a status as the service's first", () => {
    expect(listFilter({ ...EMPTY_QUERY, status: 'open' }, [], ['open', 'pending', 'solved']).expr).toBe("(status = {:status} || status = '')");
    expect(listFilter({ ...EMPTY_QUERY, status: 'new' }, [], ['open', 'pending', 'solved']).expr).toBe('');
  });
  it('exports the selection by ids, or the filtered list with the old names of the order', () => {
    expect(exportParams({ ...EMPTY_QUERY, q: 'x', sort: '-created' }, 'ru', false, { ids: ['a', 'b'] }).toString()).toBe('ids=a%2Cb&sort=newest&lang=ru');
    expect(exportParams({ ...EMPTY_QUERY, assignee: 'unassigned', sort: 'status' }, 'en', true).toString()).toBe(
      'assignee=unassigned&sort=status&lang=en&reveal=1',
    );
  });
});

describe('whether a list shows the newest records (the arrivals notice is reset by such a load)', () => {
  const plain = readListQuery(new URLSearchParams());
  it("the first page, unfiltered, newest first, by the chosen order or the card's own", () => {
    expect(showsNewest(plain, '-created')).toBe(true);
    expect(showsNewest({ ...plain, sort: '-created' }, 'lastName')).toBe(true);
    expect(showsNewest(plain, 'lastName')).toBe(false);
    expect(showsNewest({ ...plain, sort: 'created' }, '-created')).toBe(false);
  });
  it('not another page, nor a search, a date, a status or an assignee', () => {
    for (const change of [{ page: 2 }, { q: 'aziza' }, { from: '2026-11-01' }, { to: '2026-11-30' }, { status: 'new' }, { assignee: 'mine' }])
      expect(showsNewest({ ...plain, ...change }, '-created'), JSON.stringify(change)).toBe(false);
  });
});
