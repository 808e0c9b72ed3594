/**
 * Deleting an application moves it, with its files, to the trash collection under its topic
 * (spec §3 'helpuztrash'), in the same transaction as the delete: either both happen or neither.
 * An admin restores it (same id, same files, same dates) or purges it; the trash empties itself of
 * entries older than FORMWORK_TRASH_DAYS (default 30).
 */
const config = require(`${__hooks}/generated/services.js`);
const { env } = require(`${__hooks}/lib/env.js`);

function fileNames(value) {
  if (Array.isArray(value)) return value.filter(Boolean).map(String);
  return value ? [String(value)] : [];
}

/** Copies the files `names` under `basePath` (keeping their names) for setting on another record. */
function reuploadable(fsys, basePath, names) {
  return names.map((name) => fsys.getReuploadableFile(`${basePath}/${name}`, true));
}

/** Copies `record` and its files (same names, any storage backend) into the trash using `app`. */
function moveToTrash(app, record, auth) {
  const service = config.services[record.collection().name];
  const trash = app.findCollectionByNameOrId(config.trashCollection);
  const copy = new Record(trash);
  copy.set('topic', service.topic);
  copy.set('key', record.id);
  copy.set('sourceCollection', record.collection().name);
  // The hidden sealed columns go along (encrypted), so a restore brings the values back whole.
  record.unhide(...service.sensitiveFields.map((name) => service.sealed[name]));
  copy.set('record', JSON.parse(JSON.stringify(record.publicExport())));
  copy.set('deletedBy', auth ? auth.id : '');
  // Hidden, so not in `record`: the applicant's status link (cancel, pay) must survive a restore.
  if (record.collection().fields.getByName('accessToken')) copy.set('accessToken', record.getString('accessToken'));
  const fsys = app.newFilesystem();
  try {
    const files = reuploadable(fsys, record.baseFilesPath(), service.fileFields.flatMap((f) => fileNames(record.get(f))));
    if (files.length > 0) copy.set('files', files);
    app.save(copy);
  } finally {
    fsys.close();
  }
  return copy;
}

/**
 * A staff delete (the record API's, or a bulk one): the record and its files into the trash and the
 * act into the audit log, with `app` (pass the transaction's, which then deletes the record). `auth`:
 * who asked (kept on the entry), `staff`: their staff account (null for a superuser). → the trash entry.
 */
function trashRecord(app, record, auth, staff) {
  const entry = moveToTrash(app, record, auth);
  require(`${__hooks}/lib/access.js`).audit(app, staff, 'delete', { collection: record.collection().name, record: record.id });
  return entry;
}

/** An admin's restore of a trash entry, audited, with `app` (the transaction's). → the restored record. */
function restoreEntry(app, entry, staff) {
  const record = restore(app, entry);
  require(`${__hooks}/lib/access.js`).audit(app, staff, 'restore', { collection: record.collection().name, record: record.id });
  return record;
}

const SYSTEM_KEYS = ['id', 'collectionId', 'collectionName', 'expand', 'created', 'updated'];

/** Puts a trash entry back into its collection as it was (id, values, files, dates) and removes the entry. */
function restore(app, entry) {
  const collectionName = entry.getString('sourceCollection');
  const service = config.services[collectionName];
  if (!service) throw new BadRequestError('This entry belongs to a list that no longer exists.');
  const data = JSON.parse(entry.getString('record') || '{}');
  const collection = app.findCollectionByNameOrId(collectionName);
  try {
    app.findRecordById(collectionName, entry.getString('key'));
    throw new BadRequestError('An application with this id is already in the list.');
  } catch (err) {
    if (err instanceof BadRequestError) throw err;
    // not found: the usual case
  }
  const REFERENCE = /^[A-Z]{2,4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;
  const record = new Record(collection);
  record.set('id', entry.getString('key'));
  for (const key of Object.keys(data)) {
    if (SYSTEM_KEYS.indexOf(key) >= 0 || service.fileFields.indexOf(key) >= 0) continue;
    if (!collection.fields.getByName(key)) continue; // a field removed since the delete
    // Kept when it is one (a ticket deleted before the server's reference had the typed one's name): else PocketBase picks one.
    if (key === 'reference' && !REFERENCE.test(String(data[key]))) continue;
    record.set(key, data[key]);
  }
  if (collection.fields.getByName('accessToken')) record.set('accessToken', entry.getString('accessToken'));
  // Different from the autodate's own value, so PocketBase keeps it (see core/field_autodate.go).
  if (data.created) record.setRaw('created', data.created);
  const fsys = app.newFilesystem();
  try {
    for (const field of service.fileFields) {
      const names = fileNames(data[field]);
      if (names.length === 0) continue;
      const files = reuploadable(fsys, entry.baseFilesPath(), names);
      record.set(field, collection.fields.getByName(field).maxSelect > 1 ? files : files[0]);
    }
    // As it was when deleted, even if the retention job has since emptied a required field of it.
    app.saveNoValidate(record);
  } finally {
    fsys.close();
  }
  app.delete(entry);
  return record;
}

/** Removes a trash entry (with its files) for good, and what still names its applicant (lib/forget.js). */
function purge(app, entry) {
  app.delete(entry);
  require(`${__hooks}/lib/forget.js`).forget(app, entry.getString('sourceCollection'), entry.getString('key'));
}

/** Days an entry stays in the trash before the daily purge removes it (0 = never). */
function retentionDays() {
  const days = Number(env('FORMWORK_TRASH_DAYS', '30'));
  return isFinite(days) && days >= 0 ? days : 30;
}

/** Removes (with their files) the entries older than the retention period; returns how many. */
function purgeExpired(app) {
  const days = retentionDays();
  if (days === 0) return 0;
  const cutoff = new Date(Date.now() - days * 86400000).toISOString().replace('T', ' ');
  let removed = 0;
  for (;;) {
    const batch = app.findRecordsByFilter(config.trashCollection, 'created < {:cutoff}', 'created', 200, 0, { cutoff });
    if (batch.length === 0) break;
    app.runInTransaction((txApp) => {
      for (const entry of batch) purge(txApp, entry);
    });
    removed += batch.length;
    if (batch.length < 200) break;
  }
  return removed;
}

/**
 * Takes a trash entry's sealed values out of the application it shows (for an answer; nothing is saved):
 * the columns its service seals, and any value in sealed form, also of a field the schema has since
 * renamed or retired.
 */
function withoutSealed(entry) {
  const service = config.services[entry.getString('sourceCollection')];
  const sealedColumns = service ? Object.keys(service.sealed).map((name) => service.sealed[name]) : [];
  const { isSealed } = require(`${__hooks}/lib/sensitive.js`);
  const data = JSON.parse(entry.getString('record') || '{}') || {};
  let changed = false;
  for (const key of Object.keys(data)) {
    if (sealedColumns.indexOf(key) >= 0 || isSealed(data[key])) {
      delete data[key];
      changed = true;
    }
  }
  if (changed) entry.set('record', data);
}

/**
 * A trash entry saved through the API (a superuser in the dashboard, who was shown it without its sealed
 * values) keeps the sealed values it had: a restore must still bring them back.
 */
function keepSealed(entry) {
  const { isSealed } = require(`${__hooks}/lib/sensitive.js`);
  const before = JSON.parse(entry.original().getString('record') || '{}') || {};
  const after = JSON.parse(entry.getString('record') || '{}') || {};
  let changed = false;
  for (const key of Object.keys(before)) {
    if (isSealed(before[key]) && !isSealed(after[key])) {
      after[key] = before[key];
      changed = true;
    }
  }
  if (changed) entry.set('record', after);
}

module.exports = { moveToTrash, trashRecord, restore, restoreEntry, purge, purgeExpired, retentionDays, withoutSealed, keepSealed };
