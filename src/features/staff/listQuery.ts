/**
 * A staff list's filter (search text, submitted from/to, status) as it lives in the URL, as a
 * PocketBase filter for the list, and as the query of the CSV export. The server builds the export's
 * filter with the same expression (pb_hooks/lib/listFilter.js), so the file holds the list on screen.
 */
import { contract } from '../../generated/contract.ts';

export interface ListQuery {
  q: string;
  /** Local calendar days, YYYY-MM-DD (inclusive). */
  from: string;
  to: string;
  status: string;
  /** '' = the list's own order (admin card "order"), else newest or oldest first. */
  sort: '' | 'newest' | 'oldest';
  page: number;
}

/** The PocketBase sort of a list: the chosen order, else the card's own. */
export const sortOf = (query: Pick<ListQuery, 'sort'>, cardSort: string): string =>
  query.sort === 'newest' ? '-created' : query.sort === 'oldest' ? 'created' : cardSort;

/** Whether the list shows the newest records of all: the first page, no filter, newest first. */
export const showsNewest = (query: ListQuery, cardSort: string): boolean =>
  query.page === 1 && !query.q && !query.from && !query.to && !query.status && sortOf(query, cardSort) === '-created';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_QUERY = contract.listFilter.maxQuery;

export function readListQuery(params: URLSearchParams): ListQuery {
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? (params.get(name) as string) : '');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY),
    from: day('from'),
    to: day('to'),
    status: params.get('status') ?? '',
    sort: params.get('sort') === 'newest' || params.get('sort') === 'oldest' ? (params.get('sort') as 'newest' | 'oldest') : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

const LIST_KEYS: readonly string[] = contract.listFilter.keys;

/** The address's parameters for `query`; those of `keep` that are not the list's own (the language) stay. */
export function writeListQuery(query: ListQuery, keep: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams([...keep].filter(([name]) => !LIST_KEYS.includes(name)));
  if (query.q) params.set('q', query.q);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.status) params.set('status', query.status);
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The first instant of a local calendar day, as PocketBase stores dates ("2026-11-23 05:00:00.000Z"). */
export function dayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString().replace('T', ' ');
}

/** The instants the server filters on: from the start of `from` to the end of `to`, in the reader's time zone. */
export function instants(query: Pick<ListQuery, 'from' | 'to'>): { from: string; to: string } {
  return { from: query.from ? dayStart(query.from) : '', to: query.to ? dayStart(query.to, 1) : '' };
}

/**
 * The PocketBase filter (expression and named parameters, for pb.filter) of a list: the same text
 * pb_hooks/lib/listFilter.js builds for the export.
 */
export function listFilter(query: ListQuery, searchFields: string[], statuses: string[]): { expr: string; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  const q = query.q.trim();
  if (q && searchFields.length > 0) {
    params.q = q;
    parts.push(`(${searchFields.map((f) => `${f} ~ {:q}`).join(' || ')})`);
  }
  const { from, to } = instants(query);
  if (from) {
    params.from = from;
    parts.push('created >= {:from}');
  }
  if (to) {
    params.to = to;
    parts.push('created < {:to}');
  }
  if (query.status && statuses.includes(query.status)) {
    params.status = query.status;
    parts.push(query.status === statuses[0] ? "(status = {:status} || status = '')" : 'status = {:status}');
  }
  return { expr: parts.join(' && '), params };
}

/** The export's query string for the list's filter (instants, not days: the server has no time zone of the reader). */
export function exportParams(query: ListQuery, lang: string, reveal: boolean): URLSearchParams {
  const params = new URLSearchParams();
  const { from, to } = instants(query);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (from) params.set('from', from.replace(' ', 'T'));
  if (to) params.set('to', to.replace(' ', 'T'));
  if (query.status) params.set('status', query.status);
  if (query.sort) params.set('sort', query.sort);
  params.set('lang', lang);
  if (reveal) params.set('reveal', '1');
  return params;
}
