/**
 * The list a staff member opened an application from, as the page's address carries it (the list's own
 * query: listQuery.ts): the way back to it, and the applications before and after this one in it, with
 * the list's filter and sort.
 */
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../config/pocketbase.ts';
import type { ServiceEntry } from '../../../engine/types.ts';
import { columnsOf, sortableFields } from '../listColumns.ts';
import { listFilter, readListQuery, sortOf, writeListQuery } from '../listQuery.ts';
import { workflowOf } from '../listWorkflow.ts';
import { keysetFilter, neighbourFilter, sortExpression, sortKeys } from './neighbours.ts';

export interface Neighbours {
  prev: string | null;
  next: string | null;
}

/** The list's part of the address (filters, sort, page; the language too), as a search string ("" or "?…"). */
export function listSearch(params: URLSearchParams): string {
  const search = writeListQuery(readListQuery(params), params).toString();
  return search ? `?${search}` : '';
}

/** The ids just before and after `record` in the list `params` describe (null at either end, or when it is not in the list). */
export async function neighbours(service: ServiceEntry, params: URLSearchParams, record: RecordModel): Promise<Neighbours> {
  const query = readListQuery(params);
  // As the list builds them: its statuses, "mine" as the reader, only the sorts its columns offer.
  const me = pb.authStore.record?.id ?? '';
  const { expr, params: values } = listFilter(query, service.admin.search, workflowOf(service).statuses, me);
  const list = expr ? pb.filter(expr, values) : '';
  const keys = sortKeys(sortOf(query, service.admin.sort, sortableFields(columnsOf(service))));
  const one = async (direction: 'after' | 'before') => {
    const keyset = keysetFilter(keys, record, direction);
    const found = await pb.collection(service.collection).getList(1, 1, {
      filter: neighbourFilter(list, pb.filter(keyset.expr, keyset.params)),
      sort: sortExpression(keys, direction === 'before'),
      fields: 'id',
      skipTotal: true,
      requestKey: null,
    });
    return found.items[0]?.id ?? null;
  };
  const [prev, next] = await Promise.all([one('before'), one('after')]);
  return { prev, next };
}
