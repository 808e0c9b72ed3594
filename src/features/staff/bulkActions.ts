/**
 * The work routes a staff list calls for its selected records (admins only; the server checks and
 * audits each record): change the status or move to the trash (POST /api/formwork/bulk/{collection}),
 * assign (POST /api/formwork/assign/{collection}), and undo a move to the trash
 * (POST /api/formwork/trash/restore). Each answers per record; one failing does not stop the others.
 */
import { pb } from '../../config/pocketbase.ts';
import { assign as assignTo } from './work/workApi.ts';

export type BulkResult = { id: string; ok: true; trash?: string } | { id: string; ok: false; code: string; message: string };

interface Results {
  results: BulkResult[];
}

const post = async (path: string, body: object): Promise<BulkResult[]> => (await pb.send<Results>(path, { method: 'POST', body, requestKey: null })).results;

export const changeStatus = (collection: string, ids: string[], status: string) =>
  post(`/api/formwork/bulk/${encodeURIComponent(collection)}`, { action: 'status', ids, status });

export const moveToTrash = (collection: string, ids: string[]) => post(`/api/formwork/bulk/${encodeURIComponent(collection)}`, { action: 'trash', ids });

export const assign = async (collection: string, ids: string[], assignee: string): Promise<BulkResult[]> =>
  (await assignTo(collection, ids, assignee)).results.map((r) =>
    r.ok ? { id: r.id, ok: true } : { id: r.id, ok: false, code: r.code ?? '', message: r.message ?? '' },
  );

/** Puts back what a move to the trash took (the trash entries' ids it answered). */
export const restore = (trashIds: string[]) => post('/api/formwork/trash/restore', { ids: trashIds });

/** The records that failed, with why. */
export const failures = (results: BulkResult[]) => results.filter((r): r is Extract<BulkResult, { ok: false }> => !r.ok);
