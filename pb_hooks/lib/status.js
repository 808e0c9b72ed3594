/** A status change of an application and its line in the history, written together with `app`. */
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
  return entry;
}

module.exports = { changeStatus };
