/**
 * Acts on several applications at once (the list's bulk bar): a status change or a move to the trash,
 * and the Undo of such a move (a restore of several trash entries). Each record goes through the same
 * code as a single act (lib/status.js refusal and changeStatus, lib/trash.js trashRecord and
 * restoreEntry), in a transaction of its own, so one that is refused or fails is reported for its id and
 * never undoes or stops the others.
 */
const config = require(`${__hooks}/generated/services.js`);

const MAX_IDS = 100;

/** `list` as ids: a list of 1..max distinct strings, else BadRequestError (nothing is done). */
function selection(list, max) {
  if (!Array.isArray(list) || list.length === 0) throw new BadRequestError('Choose at least one application.', { ids: new ValidationError('required', 'At least one id.') });
  if (list.length > max) throw new BadRequestError('At most ' + max + ' at once.', { ids: new ValidationError('max', 'At most ' + max + ' ids.') });
  const seen = {};
  for (const id of list) {
    if (typeof id !== 'string' || id === '' || id.length > 50) throw new BadRequestError('Invalid id.', { ids: new ValidationError('invalid', 'Ids are record ids.') });
    if (seen[id]) throw new BadRequestError('An id is repeated.', { ids: new ValidationError('unique', 'Each id once.') });
    seen[id] = true;
  }
  return list.slice();
}

/** A filter for the records of `ids` ({:i0}, {:i1}, …). */
function idFilter(ids) {
  const params = {};
  ids.forEach((id, i) => (params['i' + i] = id));
  return { filter: '(' + ids.map((_, i) => 'id = {:i' + i + '}').join(' || ') + ')', params };
}

/** A record of the list, or null (unknown, or of another list: the same answer, no hint either way). */
function findIn(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    return null;
  }
}

const NOT_FOUND = { code: 'not_found', message: 'No such application in this list.' };

/**
 * Runs `act(txApp)` for one id in its own transaction: `act` returns the id's result fields, or
 * { refused: { code, message } } to write nothing. → the id's result.
 */
function each(app, id, act) {
  /** @type {{ refused?: { code: string, message: string } } | null} set inside the transaction */
  let result = null;
  try {
    app.runInTransaction((txApp) => {
      result = act(txApp);
      // A refusal leaves nothing behind: the transaction is rolled back by the error.
      if (result && result.refused) throw new Error(result.refused.code);
    });
  } catch (err) {
    if (result && result.refused) return { id, ok: false, code: result.refused.code, message: result.refused.message };
    return { id, ok: false, code: 'failed', message: String((err && err.message) || err).slice(0, 300) };
  }
  return Object.assign({ id, ok: true }, result || {});
}

/**
 * Sets status `to` (with `note`) on each of `ids` of `collection` as `admin`, at `now`, where the
 * status rules allow it for that record (lib/status.js refusal); audited `status` each.
 */
function bulkStatus(app, collection, service, ids, to, note, admin, now) {
  const status = require(`${__hooks}/lib/status.js`);
  return ids.map((id) =>
    each(app, id, (txApp) => {
      const record = findIn(txApp, collection, id);
      if (!record) return { refused: NOT_FOUND };
      const refused = status.refusal(service, record, to, now);
      if (refused) return { refused };
      status.changeByStaff(txApp, service, record, to, admin, note, ' (bulk)');
      return {};
    }),
  );
}

/** Moves each of `ids` of `collection` to the trash with its files, as `admin`; audited `delete` each. */
function bulkTrash(app, collection, ids, admin) {
  const trash = require(`${__hooks}/lib/trash.js`);
  return ids.map((id) =>
    each(app, id, (txApp) => {
      const record = findIn(txApp, collection, id);
      if (!record) return { refused: NOT_FOUND };
      const entry = trash.trashRecord(txApp, record, admin, admin);
      txApp.delete(record);
      return { trash: entry.id };
    }),
  );
}

/** Restores each trash entry of `ids` to its list with its files, as `admin`; audited `restore` each. */
function restoreEntries(app, ids, admin) {
  const trash = require(`${__hooks}/lib/trash.js`);
  return ids.map((id) =>
    each(app, id, (txApp) => {
      const entry = findIn(txApp, config.trashCollection, id);
      if (!entry) return { refused: { code: 'not_found', message: 'No such entry in the trash.' } };
      const record = trash.restoreEntry(txApp, entry, admin);
      return { collection: record.collection().name, record: record.id };
    }),
  );
}

module.exports = { MAX_IDS, selection, idFilter, bulkStatus, bulkTrash, restoreEntries };
