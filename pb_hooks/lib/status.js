/** A status change of an application, its line in the history and its e-mails, written together with `app`. */
const config = require(`${__hooks}/generated/services.js`);

/**
 * Sets `to` on `record` and keeps who (`by.id`, `by.email`; the applicant: no id, but `by.ip` and
 * `by.userAgent` of the request, as a contract cancelled through a link must show where it came from),
 * from what, and the note.
 */
function changeStatus(app, record, to, by, note) {
  const from = record.getString('status') || config.statuses[0];
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
  const cancelled = to === require(`${__hooks}/generated/contract.js`).statuses.cancelled;
  const mails = cancelled ? outbox.cancellationMails(app, record, new Date()) : [outbox.statusMail(app, record, to, new Date())];
  for (const item of mails) if (item) app.save(item);
  return entry;
}

module.exports = { changeStatus };
