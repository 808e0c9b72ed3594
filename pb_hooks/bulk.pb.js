/// <reference path="../bin/pocketbase-types.d.ts" />
// POST /api/formwork/bulk/{collection} {action: 'status' | 'trash', ids: [record ids] (1..100), status?, note?}
// (admins): the list's bulk bar. Each record in its own transaction, by the same rules as a single act
// (lib/bulk.js); → { results: [{ id, ok: true, trash? } | { id, ok: false, code, message }] }, one per id.
// (Bulk assign is POST /api/formwork/assign/{collection}, which takes ids too.)
routerAdd('POST', '/api/formwork/bulk/{collection}', (e) => {
  const { requireAdmin, serviceOf } = require(`${__hooks}/lib/access.js`);
  const bulk = require(`${__hooks}/lib/bulk.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  const service = serviceOf(collection);
  const body = e.requestInfo().body || {};
  const action = String(body.action || '');
  if (action !== 'status' && action !== 'trash') {
    throw new BadRequestError('Unknown action.', { action: new ValidationError('enum', 'Choose one of: status, trash.') });
  }
  const ids = bulk.selection(body.ids, bulk.MAX_IDS);
  if (action === 'trash') return e.json(200, { results: bulk.bulkTrash(e.app, collection, ids, admin) });
  const to = String(body.status || '');
  const statuses = require(`${__hooks}/lib/listFilter.js`).statusesOf(service);
  if (statuses.indexOf(to) < 0) {
    throw new BadRequestError('Unknown status.', { status: new ValidationError('enum', 'Choose one of: ' + statuses.join(', ') + '.') });
  }
  const note = String(body.note || '').trim();
  if (note.length > 1000) throw new BadRequestError('The note is too long.', { note: new ValidationError('max', 'At most 1000 characters.') });
  return e.json(200, { results: bulk.bulkStatus(e.app, collection, service, ids, to, note, admin, new Date()) });
});
