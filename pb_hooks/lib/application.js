/** The applicant's status page of an application with agreements: lookup by token, summary, cancellation. */
const config = require(`${__hooks}/generated/services.js`);
const agreements = require(`${__hooks}/lib/agreements.js`);

const TOKEN = /^[A-Za-z0-9]{40}$/;
/** The request header the applicant's page sends the token in (the renderer's ApplicationStatusPage). */
const TOKEN_HEADER = require(`${__hooks}/generated/contract.js`).headers.applicationToken;

/** The token a request carries ('' without one). */
function tokenOf(e) {
  return String(e.request.header.get(TOKEN_HEADER) || '').trim();
}

/** The record behind a status link, or a plain 404 (no hint whether the service or the token was wrong). */
function find(app, serviceId, token) {
  const collection = Object.keys(config.services).filter((c) => config.services[c].id === serviceId)[0];
  const service = collection && config.services[collection];
  if (!service || !service.agreements || !TOKEN.test(String(token || ''))) throw new NotFoundError('No such application.');
  try {
    return { record: app.findFirstRecordByData(collection, 'accessToken', token), service };
  } catch (err) {
    throw new NotFoundError('No such application.');
  }
}

/** What the applicant sees: never the form's values, only where the application stands. */
function summary(record, service, now) {
  const until = agreements.cancelUntil(record);
  const paymentDue = !!record.getString('checkoutUrl');
  return {
    service: service.id,
    reference: require(`${__hooks}/lib/reference.js`).referenceOf(record),
    submitted: record.getString('created'),
    status: record.getString('status') || service.workflow.initial,
    cancelDeadline: record.getString('cancelDeadline'),
    cancelLastDay: until.day,
    timeZone: until.timeZone,
    cancelledAt: record.getString('cancelledAt'),
    canCancel: agreements.mayCancel(record, now),
    payment: service.payment,
    checkoutUrl: paymentDue && record.getString('paymentStatus') !== 'paid' ? record.getString('checkoutUrl') : '',
    paid: record.getString('paymentStatus') === 'paid',
  };
}

/**
 * Cancels within the window (status, time, history, audit log), or refuses with the reason. `request`:
 * the address and browser it came from ({ ip, userAgent }), kept with the history line and the audit
 * entry, since a link can be used by whoever holds it.
 */
function cancel(app, record, now, request) {
  if (record.getString('cancelledAt')) throw new BadRequestError('This application is already cancelled.');
  if (!agreements.mayCancel(record, now)) {
    throw new BadRequestError('The cancellation period ended on ' + record.getString('cancelDeadline') + '. Please contact us.', {
      cancel: new ValidationError('window_closed', 'The cancellation period has ended.'),
    });
  }
  record.set('cancelledAt', now.toISOString().replace('T', ' '));
  const from = { ip: String(request.ip || ''), userAgent: String(request.userAgent || '') };
  const note = 'Cancelled by the applicant from their status page.';
  const cancelled = config.services[record.collection().name].workflow.cancelled;
  if (!cancelled) throw new BadRequestError('This application cannot be cancelled here. Please contact us.');
  const entry = require(`${__hooks}/lib/status.js`).changeStatus(app, record, cancelled, { email: 'applicant', ip: from.ip, userAgent: from.userAgent }, note);
  require(`${__hooks}/lib/access.js`).audit(app, null, 'cancel', {
    collection: record.collection().name,
    record: record.id,
    detail: note,
    ip: entry.getString('ip'),
    userAgent: entry.getString('userAgent'),
  });
}

module.exports = { TOKEN_HEADER, tokenOf, find, summary, cancel };
