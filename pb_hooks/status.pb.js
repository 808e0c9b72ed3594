/// <reference path="../bin/pocketbase-types.d.ts" />
// The status workflow (site.json "statuses", what each means in "statusMeanings", both in the generated
// contract): every submission starts at the first one (lib/submission.js); admins move it on with POST /api/formwork/status/{collection}/{id} {status, note}, and each change is
// kept in the history collection in the same transaction.
routerAdd('POST', '/api/formwork/status/{collection}/{id}', (e) => {
  const config = require(`${__hooks}/generated/services.js`);
  const meaning = require(`${__hooks}/generated/contract.js`).statuses;
  const { requireAdmin, serviceOf } = require(`${__hooks}/lib/access.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  const service = serviceOf(collection);
  const body = e.requestInfo().body || {};
  const to = String(body.status || '');
  if (config.statuses.indexOf(to) < 0) {
    throw new BadRequestError('Unknown status.', { status: new ValidationError('enum', 'Choose one of: ' + config.statuses.join(', ') + '.') });
  }
  const note = String(body.note || '').trim();
  if (note.length > 1000) throw new BadRequestError('The note is too long.', { note: new ValidationError('max', 'At most 1000 characters.') });
  let entry = null;
  e.app.runInTransaction((txApp) => {
    const record = txApp.findRecordById(collection, e.request.pathValue('id'));
    const from = record.getString('status') || config.statuses[0];
    if (from === to) throw new BadRequestError('The application already has this status.');
    const agreements = require(`${__hooks}/lib/agreements.js`);
    // A final status is never left (a cancelled contract is over); only the applicant cancels (from their status page).
    if (meaning.final.indexOf(from) >= 0) throw new BadRequestError('The application is ' + from + ', which is final: its status stays.');
    if (to === meaning.cancelled) throw new BadRequestError('Only the applicant cancels, from their status page.');
    // The law's cooling-off period: no service may start before the applicant's right to cancel ends.
    if (meaning.startsService.indexOf(to) >= 0 && !agreements.serviceMayStart(record, new Date())) {
      throw new BadRequestError('The applicant may still cancel until ' + record.getString('cancelDeadline') + ': the service cannot start before then.', {
        status: new ValidationError('cancellation_period', 'The cancellation period has not ended yet.'),
      });
    }
    entry = require(`${__hooks}/lib/status.js`).changeStatus(txApp, record, to, { id: admin.id, email: admin.email() }, note);
    // Services paid once performed: the "performed" status is the moment the payment link goes out.
    if (to === meaning.performed && service.payment === 'after-service') require(`${__hooks}/lib/payments.js`).offerLater(txApp, record);
  });
  return e.json(200, { status: to, history: entry });
});
