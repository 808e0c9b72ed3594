/** The applicant's status page of an application with agreements: lookup by token, summary, cancellation. */
const config = require(`${__hooks}/generated/services.js`);
const agreements = require(`${__hooks}/lib/agreements.js`);

const TOKEN = /^[A-Za-z0-9]{40}$/;

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
    reference: record.id,
    submitted: record.getString('created'),
    status: record.getString('status') || config.statuses[0],
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

/** Cancels within the window (status, time, history), or refuses with the reason. */
function cancel(app, record, now) {
  if (record.getString('cancelledAt')) throw new BadRequestError('This application is already cancelled.');
  if (!agreements.mayCancel(record, now)) {
    throw new BadRequestError('The cancellation period ended on ' + record.getString('cancelDeadline') + '. Please contact us.', {
      cancel: new ValidationError('window_closed', 'The cancellation period has ended.'),
    });
  }
  record.set('cancelledAt', now.toISOString().replace('T', ' '));
  require(`${__hooks}/lib/status.js`).changeStatus(app, record, 'cancelled', { email: 'applicant' }, 'Cancelled by the applicant from their status page.');
}

module.exports = { find, summary, cancel };
