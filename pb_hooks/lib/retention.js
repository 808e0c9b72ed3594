/**
 * The privacy policy's retention section, applied (docs/retention.md). Every form field carries its CCPA
 * categories (x-category → services.js `categories`); site.json `retention` gives days per category
 * (A, B, D: 180) and a default for the rest (90). Then, from the day an application was last acted on
 * (its submission, or its latest status change):
 *
 *   - a field is kept for the longest period of its categories, then cleared (its files removed from
 *     storage, a sensitive field's sealed value with it);
 *   - the application is deleted for good (not to the trash) with its files and its e-mails once every
 *     field is past its period; its status history keeps ids and dates, its staff notes are cleared;
 *   - a trash entry is the application it holds: the same fields cleared, the same deletion;
 *   - an e-mail in the outbox (address, name and the non-sensitive answers) is deleted when the first
 *     of the periods of what it shows has passed, counted from when it was written;
 *   - a signature row (which document version and hash, the typed name, when, from which address and
 *     browser: the evidence that an agreement was signed) is kept `signatureYears` after signing, as the
 *     Credit Repair Organizations Act requires (2 years, 15 U.S.C. §1679c(c)), and as long as its
 *     application is kept if that is longer, whole; then it is deleted.
 *
 * sweep(app, { apply: false }) answers what would happen now, changing nothing; with apply: true it does
 * exactly that, one transaction per batch, each application's change audited (action "purge", detail
 * "retention: …"; the actor is the admin who ran it, none for the daily job).
 */
const config = require(`${__hooks}/generated/services.js`);
const { cronSetting } = require(`${__hooks}/lib/env.js`);
const { clearNotes } = require(`${__hooks}/lib/forget.js`);

const DAY = 86400000;
const BATCH = 100;
/** Records listed per collection and action in an answer (the counts are always complete). */
const LIST_LIMIT = 500;
const DEFAULT_SCHEDULE = '35 3 * * *'; // daily, after the 03:00 backup and before the 04:17 trash purge (UTC)

/** PocketBase's own date format ("2025-01-02 03:04:05.678Z"), which compares correctly as text. */
const pbDate = (ms) => new Date(ms).toISOString().replace('T', ' ');
const later = (a, b) => (String(a || '') > String(b || '') ? String(a || '') : String(b || ''));

/** The daily job's cron expression from FORMWORK_RETENTION_CRON ('' when "off": a legal hold). */
function schedule() {
  return cronSetting('FORMWORK_RETENTION_CRON', DEFAULT_SCHEDULE);
}

/** Days data of these categories is kept: the longest of their periods (each is the policy's own exception). */
function periodOf(categories) {
  const days = (categories || []).map((c) => (config.retention.categories[c] !== undefined ? config.retention.categories[c] : config.retention.default));
  return days.length > 0 ? Math.max.apply(null, days) : config.retention.default;
}

/** A service's rules: each field's categories and days, when the record goes, when its e-mails go. */
function rulesOf(service) {
  const fields = {};
  const names = Object.keys((service && service.categories) || {});
  for (const name of names) fields[name] = { categories: service.categories[name], days: periodOf(service.categories[name]) };
  const days = names.map((n) => fields[n].days);
  // E-mails show the address and the name (A) and every filled field that is neither sensitive nor a file.
  const mailed = names.filter((n) => service.fileFields.indexOf(n) < 0 && service.sensitiveFields.indexOf(n) < 0);
  return {
    fields,
    names,
    firstDays: days.length > 0 ? Math.min.apply(null, days) : config.retention.default,
    recordDays: days.length > 0 ? Math.max.apply(null, days) : config.retention.default,
    mailDays: Math.min.apply(null, [periodOf(['A'])].concat(mailed.map((n) => fields[n].days))),
  };
}

/** The rules of a list by name; one that no longer exists (an old trash entry) has the policy's default for all of it. */
function rulesFor(collection) {
  const service = config.services[collection];
  if (service) return rulesOf(service);
  const d = config.retention.default;
  return { fields: {}, names: [], firstDays: d, recordDays: d, mailDays: d };
}

const sealedOf = (service, name) => (service && service.sealed && service.sealed[name]) || '';

function fileNames(value) {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return [value];
  const out = [];
  for (let i = 0; i < value.length; i++) if (value[i]) out.push(String(value[i]));
  return out;
}

/** Whether a stored value (a record's or a trash copy's) holds anything. */
function filled(value) {
  if (value === undefined || value === null || value === '' || value === false || value === 0) return false;
  if (typeof value === 'object' && typeof value.length === 'number') return value.length > 0;
  return true;
}

/** The value a cleared field gets: nothing, of the column's own type. */
function emptyOf(field) {
  const type = field.type();
  if (type === 'bool') return false;
  if (type === 'number') return 0;
  return field.maxSelect > 1 ? [] : '';
}

/** Latest status change per record of a collection, for the given ids. */
function lastChanges(app, collection, ids) {
  const out = {};
  if (ids.length === 0) return out;
  const rows = arrayOf(new DynamicModel({ record: '', last: '' }));
  const params = { c: collection };
  const names = ids.map((id, i) => {
    params['r' + i] = id;
    return '{:r' + i + '}';
  });
  app
    .db()
    .newQuery('SELECT record, MAX(created) AS last FROM `' + config.historyCollection + '` WHERE sourceCollection = {:c} AND record IN (' + names.join(', ') + ') GROUP BY record')
    .bind(params)
    .all(rows);
  for (const row of rows) out[row.record] = row.last;
  return out;
}

/**
 * Applications of a service submitted before `cutoff` (the first of its periods), oldest first, with
 * the day their clock starts: the later of their submission and their latest status change.
 */
function candidates(app, collection, cutoff) {
  const rows = arrayOf(new DynamicModel({ id: '', created: '', last: '' }));
  app
    .db()
    .newQuery(
      'SELECT r.id AS id, r.created AS created, COALESCE((SELECT MAX(h.created) FROM `' +
        config.historyCollection +
        '` h WHERE h.sourceCollection = {:c} AND h.record = r.id), \'\') AS last FROM `' +
        collection +
        '` r WHERE r.created < {:cutoff} ORDER BY r.created, r.id',
    )
    .bind({ c: collection, cutoff })
    .all(rows);
  const out = [];
  for (const row of rows) out.push({ id: row.id, since: later(row.created, row.last) });
  return out;
}

/** What is due for one application: fields to clear, or the whole of it. */
function decide(rules, since, now, hasValue) {
  if (since < pbDate(now - rules.recordDays * DAY)) return { remove: true, fields: [] };
  const fields = rules.names.filter((n) => since < pbDate(now - rules.fields[n].days * DAY) && hasValue(n));
  return { remove: false, fields };
}

function newSection(collection, kind, rules) {
  const section = { collection, kind, clear: { count: 0, fields: {}, records: [] }, delete: { count: 0, records: [] }, files: 0, oldest: '', truncated: false };
  if (rules) {
    section.fields = rules.fields;
    section.recordDays = rules.recordDays;
  }
  return section;
}

function note(section, action, item) {
  const list = section[action];
  list.count++;
  if (list.records.length < LIST_LIMIT) list.records.push(item);
  else section.truncated = true;
  if (item.since && (!section.oldest || item.since < section.oldest)) section.oldest = item.since;
  if (action === 'clear') for (const f of item.fields) section.clear.fields[f] = (section.clear.fields[f] || 0) + 1;
}

/** E-mails of an application (outbox rows), for deleting them with it. */
function mailsOf(app, collection, id) {
  return app.findRecordsByFilter(config.outboxCollection, 'sourceCollection = {:c} && record = {:r}', '', 0, 0, { c: collection, r: id });
}

/** The audit entry's field column holds 100 characters: the names when they fit (the detail always has them). */
const fieldColumn = (names) => (names.join(',').length <= 100 ? names.join(',') : '');

function auditRetention(app, actor, what) {
  require(`${__hooks}/lib/access.js`).audit(app, actor, 'purge', what);
}

/** One service's applications. */
function sweepService(app, collection, service, now, run, totals, mailsGone) {
  const rules = rulesOf(service);
  const section = newSection(collection, 'service', rules);
  const dbCollection = app.findCollectionByNameOrId(collection);
  const due = candidates(app, collection, pbDate(now - rules.firstDays * DAY)).filter((c) => c.since < pbDate(now - rules.firstDays * DAY));
  for (let start = 0; start < due.length; start += BATCH) {
    const chunk = due.slice(start, start + BATCH);
    const since = {};
    for (const c of chunk) since[c.id] = c.since;
    const work = (txApp) => {
      const records = txApp.findRecordsByIds(collection, chunk.map((c) => c.id));
      for (const record of records) {
        const hasValue = (name) => {
          const field = dbCollection.fields.getByName(name);
          if (!field) return false;
          const sealed = sealedOf(service, name);
          return filled(record.get(name)) || (!!sealed && !!dbCollection.fields.getByName(sealed) && filled(record.getString(sealed)));
        };
        const d = decide(rules, since[record.id], now, hasValue);
        if (d.remove) {
          const files = service.fileFields.reduce((n, f) => n + fileNames(record.get(f)).length, 0);
          deleteForGood(txApp, run, { section, totals, mailsGone }, { target: record, collection, key: record.id, item: { id: record.id, since: since[record.id] }, files, what: 'deleted', rules, since: since[record.id] });
        } else if (d.fields.length > 0) {
          const files = d.fields.filter((f) => service.fileFields.indexOf(f) >= 0).reduce((n, f) => n + fileNames(record.get(f)).length, 0);
          note(section, 'clear', { id: record.id, since: since[record.id], fields: d.fields, files });
          section.files += files;
          totals.cleared++;
          totals.files += files;
          if (run.apply) {
            for (const name of d.fields) {
              record.set(name, emptyOf(dbCollection.fields.getByName(name)));
              const sealed = sealedOf(service, name);
              if (sealed && dbCollection.fields.getByName(sealed)) record.set(sealed, '');
            }
            // Without validation: a cleared field may be a required one. Removed files are deleted on save.
            txApp.saveNoValidate(record);
            auditRetention(txApp, run.actor, {
              collection,
              record: record.id,
              field: fieldColumn(d.fields),
              detail: 'retention: cleared ' + d.fields.map((f) => f + ' (' + rules.fields[f].days + ' days)').join(', ') + ' since ' + since[record.id],
            });
          }
        }
      }
    };
    if (run.apply) app.runInTransaction(work);
    else work(app);
  }
  return section;
}

/** Trash entries: each is the application it holds, on that application's clock. */
function sweepTrash(app, now, run, totals, mailsGone) {
  const section = newSection(config.trashCollection, 'trash', null);
  const entries = app.findRecordsByFilter(config.trashCollection, '', 'created', 0, 0);
  const byCollection = {};
  for (const entry of entries) {
    const c = entry.getString('sourceCollection');
    (byCollection[c] = byCollection[c] || []).push(entry.getString('key'));
  }
  const changes = {};
  for (const c of Object.keys(byCollection)) {
    for (let i = 0; i < byCollection[c].length; i += BATCH) Object.assign(changes[c] || (changes[c] = {}), lastChanges(app, c, byCollection[c].slice(i, i + BATCH)));
  }
  for (let start = 0; start < entries.length; start += BATCH) {
    const chunk = entries.slice(start, start + BATCH);
    const work = (txApp) => {
      for (const entry of chunk) {
        const collection = entry.getString('sourceCollection');
        const key = entry.getString('key');
        const service = config.services[collection];
        const rules = rulesFor(collection);
        const data = JSON.parse(entry.getString('record') || '{}') || {};
        const since = later(data.created || entry.getString('created'), (changes[collection] || {})[key]);
        const d = decide(rules, since, now, (name) => filled(data[name]) || (!!sealedOf(service, name) && filled(data[sealedOf(service, name)])));
        const item = { id: entry.id, sourceCollection: collection, key, since };
        if (d.remove) {
          const files = fileNames(entry.getStringSlice('files')).length;
          deleteForGood(txApp, run, { section, totals, mailsGone }, { target: entry, collection, key, item, files, what: 'trash entry deleted', rules, since });
        } else if (d.fields.length > 0) {
          const gone = {};
          for (const name of d.fields) if (service && service.fileFields.indexOf(name) >= 0) for (const f of fileNames(data[name])) gone[f] = true;
          const kept = fileNames(entry.getStringSlice('files')).filter((f) => !gone[f]);
          const files = Object.keys(gone).length;
          note(section, 'clear', Object.assign(item, { fields: d.fields, files }));
          section.files += files;
          totals.cleared++;
          totals.files += files;
          if (run.apply) {
            for (const name of d.fields) {
              const value = data[name];
              data[name] = typeof value === 'boolean' ? false : typeof value === 'number' ? 0 : Array.isArray(value) ? [] : '';
              const sealed = sealedOf(service, name);
              if (sealed && sealed in data) data[sealed] = '';
            }
            entry.set('record', data);
            entry.set('files', kept); // the files no longer named are deleted on save
            txApp.saveNoValidate(entry);
            auditRetention(txApp, run.actor, {
              collection,
              record: key,
              field: fieldColumn(d.fields),
              detail: 'retention: cleared in the trash ' + d.fields.map((f) => f + ' (' + rules.fields[f].days + ' days)').join(', ') + ' since ' + since,
            });
          }
        }
      }
    };
    if (run.apply) app.runInTransaction(work);
    else work(app);
  }
  return section;
}

/** E-mails older than the first period of what they show (those of deleted applications went with them). */
function sweepOutbox(app, now, run, totals, mailsGone) {
  const section = newSection(config.outboxCollection, 'outbox', null);
  const mailDays = {};
  let shortest = config.retention.default;
  for (const c of Object.keys(config.services)) {
    mailDays[c] = rulesOf(config.services[c]).mailDays;
    shortest = Math.min(shortest, mailDays[c]);
  }
  const rows = app.findRecordsByFilter(config.outboxCollection, 'created < {:cutoff}', 'created', 0, 0, { cutoff: pbDate(now - shortest * DAY) });
  const due = rows.filter((row) => {
    if (mailsGone[row.id]) return false;
    const days = mailDays[row.getString('sourceCollection')] || config.retention.default;
    return row.getString('created') < pbDate(now - days * DAY);
  });
  for (const row of due) {
    note(section, 'delete', { id: row.id, sourceCollection: row.getString('sourceCollection'), record: row.getString('record'), since: row.getString('created') });
    totals.emails++;
  }
  if (run.apply && due.length > 0) {
    for (let start = 0; start < due.length; start += BATCH) {
      app.runInTransaction((txApp) => {
        for (const row of due.slice(start, start + BATCH)) txApp.delete(row);
      });
    }
    auditRetention(app, run.actor, { collection: config.outboxCollection, detail: 'retention: ' + due.length + ' e-mail(s) deleted, past the period of what they show' });
  }
  return section;
}

/** `ms` less `years` calendar years (UTC): a period in years ends on the same day of the month, leap years or not. */
function yearsBefore(ms, years) {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.getTime();
}

/**
 * Signature rows past their period: signed more than signatureYears ago, of applications that are gone (from
 * their list and from the trash). The rows of an application still kept stay with it: they are its contract.
 */
function sweepSignatures(app, now, run, totals) {
  const section = newSection(config.signatureCollection, 'signatures', null);
  section.years = config.retention.signatureYears;
  const rows = app.findRecordsByFilter(config.signatureCollection, 'created < {:cutoff}', 'created', 0, 0, { cutoff: pbDate(yearsBefore(now, config.retention.signatureYears)) });
  const kept = {};
  const stillKept = (collection, id) => {
    const key = collection + '\u0000' + id;
    if (kept[key] === undefined) {
      let found;
      try {
        found = app.findRecordsByIds(collection, [id]).length;
      } catch (err) {
        found = 0; // a list that no longer exists (a removed service): nothing of it is kept
      }
      if (!found) found = app.findRecordsByFilter(config.trashCollection, 'sourceCollection = {:c} && key = {:k}', '', 1, 0, { c: collection, k: id }).length;
      kept[key] = found > 0;
    }
    return kept[key];
  };
  const due = rows.filter((row) => !stillKept(row.getString('sourceCollection'), row.getString('record')));
  for (const row of due) note(section, 'delete', { id: row.id, sourceCollection: row.getString('sourceCollection'), record: row.getString('record'), since: row.getString('created') });
  totals.signatures += due.length;
  if (run.apply && due.length > 0) {
    for (let start = 0; start < due.length; start += BATCH) {
      app.runInTransaction((txApp) => {
        for (const row of due.slice(start, start + BATCH)) txApp.delete(row);
      });
    }
    auditRetention(app, run.actor, {
      collection: config.signatureCollection,
      detail: 'retention: ' + due.length + ' signature(s) deleted with their evidence, ' + config.retention.signatureYears + ' years after signing, their applications gone',
    });
  }
  return section;
}

/**
 * What retention would do now (apply: false, nothing changes) or does (apply: true). `actor`: the admin
 * who asked, or null for the daily job. `now` (ms) for tests of the rule only; the routes never take it.
 */
function sweep(app, options) {
  const run = { apply: !!(options && options.apply), actor: (options && options.actor) || null };
  const now = (options && options.now) || Date.now();
  const totals = { cleared: 0, deleted: 0, files: 0, emails: 0, notes: 0, signatures: 0 };
  const mailsGone = {};
  const collections = [];
  for (const collection of Object.keys(config.services)) {
    collections.push(sweepService(app, collection, config.services[collection], now, run, totals, mailsGone));
  }
  collections.push(sweepTrash(app, now, run, totals, mailsGone));
  collections.push(sweepOutbox(app, now, run, totals, mailsGone));
  // After the applications: one deleted in this run no longer keeps its signatures that are past their years.
  collections.push(sweepSignatures(app, now, run, totals));
  // For the status page and the metrics (lib/metrics.js): when the policy was last applied.
  if (run.apply) require(`${__hooks}/lib/metrics.js`).markRun(app, 'retention');
  return {
    dryRun: !run.apply,
    at: pbDate(now),
    policy: { default: config.retention.default, categories: config.retention.categories, signatureYears: config.retention.signatureYears },
    schedule: schedule() || 'off',
    collections,
    totals,
    logs: logsCheck(app),
  };
}

/**
 * Category F (IP address, browser, pages requested) is only in PocketBase's request logs, which
 * PocketBase itself deletes after logs.maxDays (Settings → Logs; 0 keeps none): reported, not changed.
 */
function logsCheck(app) {
  const maxDays = app.settings().logs.maxDays;
  const days = periodOf(['F']);
  return { maxDays, days, withinPolicy: maxDays <= days };
}

/**
 * An application (or its trash entry) whose every field is past its period: counted in the report and,
 * when the run applies, deleted for good with its e-mails, its history notes cleared, and audited. Its
 * signature rows stay whole until their own period ends (sweepSignatures).
 */
function deleteForGood(txApp, run, acc, it) {
  const mails = mailsOf(txApp, it.collection, it.key);
  const notes = clearNotes(txApp, it.collection, it.key, run.apply);
  note(acc.section, 'delete', Object.assign(it.item, { files: it.files, emails: mails.length, notes }));
  acc.section.files += it.files;
  acc.totals.deleted++;
  acc.totals.files += it.files;
  acc.totals.emails += mails.length;
  acc.totals.notes += notes;
  for (const m of mails) acc.mailsGone[m.id] = true;
  if (!run.apply) return;
  for (const m of mails) txApp.delete(m);
  txApp.delete(it.target); // its files go with it
  auditRetention(txApp, run.actor, {
    collection: it.collection,
    record: it.key,
    detail:
      'retention: ' +
      it.what +
      ' for good with its files (' +
      it.files +
      ') and e-mails (' +
      mails.length +
      '); every field past its period (' +
      it.rules.recordDays +
      ' days since ' +
      it.since +
      ')',
  });
}

module.exports = { sweep, schedule, periodOf, rulesOf, logsCheck };
