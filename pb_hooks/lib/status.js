/**
 * An application's status: whether staff may move it (refusal, one rule for the single route and the bulk
 * one), and the change itself with its line in the history and its e-mails, written together with `app`.
 * Each service has its own workflow (generated services.js `workflow`: its statuses, the moves staff may
 * make, and what site.json's statusMeanings say of them).
 */
const config = require(`${__hooks}/generated/services.js`);

/** A record's status: one stored before the workflow had it counts as the first. */
function statusOf(service, record) {
  return record.getString('status') || service.workflow.initial;
}

/** "a, b and c" for a message (the statuses' names as stored; the screens show their texts). */
const list = (names) => (names.length ? names.join(', ') : 'none');

/**
 * Why staff may not move `record` of `service` to `to` at `now`, or null when they may:
 * { code, message } with code `enum` (not one of the service's statuses), `transition` (not a move its
 * workflow allows from the current status: the same status, a final one, the applicant's cancellation, or
 * one not listed) or `cancellation_period` (a status that starts the service, within the applicant's
 * right to cancel).
 */
function refusal(service, record, to, now) {
  const workflow = service.workflow;
  if (workflow.statuses.indexOf(to) < 0) return { code: 'enum', message: 'Choose one of: ' + list(workflow.statuses) + '.' };
  const from = statusOf(service, record);
  if (from === to) return { code: 'transition', message: 'The application already has this status.' };
  // A final status is never left (a cancelled contract is over); only the applicant cancels (from their status page).
  if (workflow.final.indexOf(from) >= 0) return { code: 'transition', message: 'The application is ' + from + ', which is final: its status stays.' };
  if (to === workflow.cancelled) return { code: 'transition', message: 'Only the applicant cancels, from their status page.' };
  const moves = workflow.transitions[from] || [];
  if (moves.indexOf(to) < 0) return { code: 'transition', message: 'From ' + from + ' an application moves to: ' + list(moves) + '.' };
  // The law's cooling-off period: no service may start before the applicant's right to cancel ends.
  if (workflow.startsService.indexOf(to) >= 0 && !require(`${__hooks}/lib/agreements.js`).serviceMayStart(record, now)) {
    return { code: 'cancellation_period', message: 'The applicant may still cancel until ' + record.getString('cancelDeadline') + ': the service cannot start before then.' };
  }
  return null;
}

/**
 * Sets `to` on `record` and keeps who (`by.id`, `by.email`; the applicant: no id, but `by.ip` and
 * `by.userAgent` of the request, as a contract cancelled through a link must show where it came from),
 * from what, and the note.
 */
function changeStatus(app, record, to, by, note) {
  const service = config.services[record.collection().name];
  const from = statusOf(service, record);
  record.set('status', to);
  // Only the status changes; the rest was checked when submitted, and the retention job
  // (lib/retention.js) may since have cleared a field the form requires.
  app.saveNoValidate(record);
  const entry = new Record(app.findCollectionByNameOrId(config.historyCollection));
  entry.set('sourceCollection', record.collection().name);
  entry.set('record', record.id);
  entry.set('from', from);
  entry.set('to', to);
  entry.set('by', by.id || '');
  entry.set('byEmail', by.email);
  entry.set('note', note || '');
  entry.set('ip', String(by.ip || '').slice(0, 64));
  entry.set('userAgent', String(by.userAgent || '').slice(0, 500));
  app.save(entry);
  // Its e-mails, in the same transaction (written to the outbox, sent by its job): the applicant's own
  // cancellation is confirmed to them and told to staff; a change staff make is e-mailed to the applicant
  // when the service declares that status (service.json mail.status).
  const outbox = require(`${__hooks}/lib/outbox.js`);
  const cancelled = !!service.workflow.cancelled && to === service.workflow.cancelled;
  const mails = cancelled ? outbox.cancellationMails(app, record, new Date()) : [outbox.statusMail(app, record, to, new Date())];
  for (const item of mails) if (item) app.save(item);
  return entry;
}

/**
 * A change an admin makes (one application, or each of a bulk action's), already past refusal(): the
 * change with its history and e-mails, the payment link of a service paid once performed (that status is
 * the moment it goes out), and the audit entry (`how`: ' (bulk)' for a bulk action's), all with `app`.
 */
function changeByStaff(app, service, record, to, admin, note, how) {
  const from = statusOf(service, record);
  const entry = changeStatus(app, record, to, { id: admin.id, email: admin.email() }, note);
  if (to === service.workflow.performed && service.payment === 'after-service') require(`${__hooks}/lib/payments.js`).offerLater(app, record);
  require(`${__hooks}/lib/access.js`).audit(app, admin, 'status', { collection: record.collection().name, record: record.id, detail: from + ' -> ' + to + (how || '') });
  return entry;
}

module.exports = { refusal, changeStatus, changeByStaff, statusOf };
