/**
 * A staff list's view as it lives in the URL (search text, submitted from/to, status, assignee, sort,
 * page and page size), so a view can be bookmarked and shared; as a PocketBase filter and sort for the
 * list; and as the query of the CSV export. The server builds the export's filter with the same
 * expression (pb_hooks/lib/listFilter.js), so the file holds the list on screen.
 */
import { contract } from '../../generated/contract.ts';

/** Who a list shows: everyone's, the reader's own, nobody's, or one staff member's (their record id). */
export type AssigneeFilter = '' | 'mine' | 'unassigned' | string;

export interface ListQuery {
  q: string;
  /** Local calendar days, YYYY-MM-DD (inclusive). */
  from: string;
  to: string;
  status: string;
  assignee: AssigneeFilter;
  /** '' = the list's own order (admin card "sort"); else a PocketBase field, `-` first for descending. */
  sort: string;
  page: number;
  /** Rows per page: one of PER_PAGE. */
  per: number;
}

/** The page sizes staff choose from; the first is the default. */
export const PER_PAGE = [25, 50, 100] as const;

export const EMPTY_QUERY: ListQuery = { q: '', from: '', to: '', status: '', assignee: '', sort: '', page: 1, per: PER_PAGE[0] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SORT = /^-?[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** A staff record id (PocketBase's 15 characters), as the assignee column stores it. */
const STAFF_ID = /^[a-z0-9]{15}$/;
const MAX_QUERY = contract.listFilter.maxQuery;

/** The orders bookmarked before the list sorted by column. */
const LEGACY_SORT: Record<string, string> = { newest: '-created', oldest: 'created' };

/** The field a sort names and whether it is descending. */
export const sortParts = (sort: string): { field: string; desc: boolean } =>
  sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };

/**
 * The PocketBase sort of a list: the chosen one (when `sortable` allows its field), else the card's own;
 * a sort on another field than the submission time ends with it, newest first, so ties keep one order.
 */
export function sortOf(query: Pick<ListQuery, 'sort'>, cardSort: string, sortable?: readonly string[]): string {
  const { field } = sortParts(query.sort);
  const chosen = query.sort && (!sortable || sortable.includes(field)) ? query.sort : '';
  return byId(!chosen ? cardSort : field === 'created' ? chosen : `${chosen},-created`);
}

/**
 * The id last, in the direction of the key before it: records that tie on the sort (two submitted in the
 * same millisecond) keep one order across pages, and the application page's previous/next
 * (application/neighbours.ts) walk them in the same order as the table.
 */
const byId = (sort: string): string => (/(^|,)-?id$/.test(sort) ? sort : `${sort},${sort.split(',').at(-1)?.startsWith('-') ? '-' : ''}id`);

/** Whether the list shows the newest records of all: the first page, no filter, newest first. */
export const showsNewest = (query: ListQuery, cardSort: string): boolean =>
  query.page === 1 && !query.q && !query.from && !query.to && !query.status && !query.assignee && sortOf(query, cardSort).startsWith('-created,');

export function readListQuery(params: URLSearchParams): ListQuery {
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? (params.get(name) as string) : '');
  const page = Number(params.get('page'));
  const per = Number(params.get('per'));
  const sort = params.get('sort') ?? '';
  const assignee = params.get('assignee') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY),
    from: day('from'),
    to: day('to'),
    status: params.get('status') ?? '',
    assignee: assignee === 'mine' || assignee === 'unassigned' || STAFF_ID.test(assignee) ? assignee : '',
    sort: LEGACY_SORT[sort] ?? (SORT.test(sort) ? sort : ''),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    per: (PER_PAGE as readonly number[]).includes(per) ? per : PER_PAGE[0],
  };
}

/** Every parameter the list owns; the others (the language) are left alone. */
export const LIST_KEYS: readonly string[] = [...new Set([...contract.listFilter.keys, 'assignee', 'per'])];

/** The address's parameters for `query`; those of `keep` that are not the list's own (the language) stay. */
export function writeListQuery(query: ListQuery, keep: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams([...keep].filter(([name]) => !LIST_KEYS.includes(name)));
  if (query.q) params.set('q', query.q);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.status) params.set('status', query.status);
  if (query.assignee) params.set('assignee', query.assignee);
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.per !== PER_PAGE[0]) params.set('per', String(query.per));
  return params;
}

/** Whether anything narrows the list (the page, size and order aside). */
export const isFiltered = (query: ListQuery): boolean => !!(query.q || query.from || query.to || query.status || query.assignee);

/** The first instant of a local calendar day, as PocketBase stores dates ("2026-11-23 05:00:00.000Z"). */
export function dayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString().replace('T', ' ');
}

/** The instants the server filters on: from the start of `from` to the end of `to`, in the reader's time zone. */
export function instants(query: Pick<ListQuery, 'from' | 'to'>): { from: string; to: string } {
  return { from: query.from ? dayStart(query.from) : '', to: query.to ? dayStart(query.to, 1) : '' };
}

/** The staff id an assignee filter stands for ('' = unassigned), or null for no assignee filter. */
export function assigneeOf(assignee: AssigneeFilter, me: string): string | null {
  if (assignee === 'mine') return me;
  if (assignee === 'unassigned') return '';
  return assignee || null;
}

/**
 * The PocketBase filter (expression and named parameters, for pb.filter) of a list: the same text
 * pb_hooks/lib/listFilter.js builds for the export. `statuses` are the service's own, the first being a
 * new record's; `me` is the reader's staff id (for "mine").
 */
export function listFilter(query: ListQuery, searchFields: string[], statuses: readonly string[], me = ''): { expr: string; params: Record<string, string> } {
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
  const assignee = assigneeOf(query.assignee, me);
  if (assignee !== null) {
    params.assignee = assignee;
    parts.push('assignee = {:assignee}');
  }
  return { expr: parts.join(' && '), params };
}

/**
 * The export's query string for the list's filter (instants, not days: the server has no time zone of
 * the reader), or for just the selected records (`ids`). The order by submission time keeps its old
 * names (newest, oldest), which the export has always read.
 */
export function exportParams(query: ListQuery, lang: string, reveal: boolean, options: { me?: string; ids?: readonly string[] } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (options.ids) params.set('ids', options.ids.join(','));
  else {
    const { from, to } = instants(query);
    if (query.q.trim()) params.set('q', query.q.trim());
    if (from) params.set('from', from.replace(' ', 'T'));
    if (to) params.set('to', to.replace(' ', 'T'));
    if (query.status) params.set('status', query.status);
    const assignee = assigneeOf(query.assignee, options.me ?? '');
    if (assignee !== null) params.set('assignee', assignee || 'unassigned');
  }
  const legacy = Object.entries(LEGACY_SORT).find(([, sort]) => sort === query.sort)?.[0];
  if (query.sort) params.set('sort', legacy ?? query.sort);
  params.set('lang', lang);
  if (reveal) params.set('reveal', '1');
  return params;
}
