/// <reference path="../bin/pocketbase-types.d.ts" />
// The status workflow of each service (its service.json "workflow", else site.json's "statuses" and
// "transitions"; generated services.js `workflow`): every submission starts at the first status
// (lib/submission.js); admins move it on, where its workflow allows, with
// POST /api/formwork/status/{collection}/{id} {status, note}; each change is kept in the history
// collection and the audit log in the same transaction. The rules are lib/status.js refusal's, which the
// bulk route shares.
routerAdd('POST', '/api/formwork/status/{collection}/{id}', (e) => {
  const { requireAdmin, serviceOf } = require(`${__hooks}/lib/access.js`);
  const status = require(`${__hooks}/lib/status.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  const service = serviceOf(collection);
  const body = e.requestInfo().body || {};
  const to = String(body.status || '');
  const note = String(body.note || '').trim();
  if (note.length > 1000) throw new BadRequestError('The note is too long.', { note: new ValidationError('max', 'At most 1000 characters.') });
  let entry = null;
  e.app.runInTransaction((txApp) => {
    const record = txApp.findRecordById(collection, e.request.pathValue('id'));
    const refused = status.refusal(service, record, to, new Date());
    if (refused) throw new BadRequestError(refused.message, { status: new ValidationError(refused.code, refused.message) });
    entry = status.changeByStaff(txApp, service, record, to, admin, note, '');
  });
  return e.json(200, { status: to, history: entry });
});
