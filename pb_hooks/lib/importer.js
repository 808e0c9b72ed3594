/**
 * Import of the original product's realtime-database export (docs/importing.md, issue 8):
 * `{ "<collection>": { "<pushKey>": { ...fields } } }` with the spec's collection names (spec §3, §7).
 *
 * Per record: card data is removed first (by field name, and any value that is a card number), then
 * the record is mapped to our fields, checked with the service's generated validator (the form's own
 * rules; file fields aside, since the original's uploads are links we cannot fetch), its sensitive
 * fields are sealed (lib/sensitive.js) and it is saved with the id derived from its push key, so a
 * re-run finds it and skips it. Nothing is sent: imported records put nothing in the e-mail outbox.
 *
 * Card values never leave `scrub()`: not in a record, not in the report, not in the rejected data.
 */
const config = require(`${__hooks}/generated/services.js`);
const { own } = require(`${__hooks}/lib/own.js`);
const validators = require(`${__hooks}/generated/validators.js`);
const sensitive = require(`${__hooks}/lib/sensitive.js`);

const TRASH = config.trashCollection;
const LANGUAGES = require(`${__hooks}/generated/contract.js`).languages;

/**
 * The original's collections and the fields that held lists of links to its storage bucket (spec §3).
 * Our collections keep the spec's names; the other fields keep theirs too, except `date` (→ `created`)
 * and `studentDocuments` (one list there, separate upload fields here: nothing to map without the files).
 */
const LEGACY_FILES = {
  creditrepairnew: ['stateId', 'bankStatements'],
  loans: ['stateId', 'bankStatements', 'businessTaxReturn', 'personaltaxtreturn'],
  students: ['stateId', 'studentDocuments', 'photo', 'bankStatements'],
  personal: ['stateId', 'bankStatements', 'businessTaxReturn', 'personaltaxtreturn'],
  uploaddocuments: ['stateId', 'bankStatements', 'businessTaxReturn', 'personaltaxtreturn'],
  aloqacorpcontacts: [],
  claim: ['stateId'],
  company: ['stateId'],
  orders: [],
  ssn: [],
};

/**
 * Fields our forms require that the original's did not ask (issue 32: a way to reply, the company's and
 * the applicant's names): its records are imported without them, as the original took them, not refused.
 * A value the record does have is checked like any other.
 */
const NOT_ASKED_BY_THE_ORIGINAL = {
  aloqacorpcontacts: ['email'],
  company: ['name', 'companyName'],
  ssn: ['email'],
};

/** Whether an empty `field` of a record of `collection` is one the original never asked for. */
const notAsked = (collection, field) => (own(NOT_ASKED_BY_THE_ORIGINAL, collection) || []).indexOf(field) >= 0;

/** The original's card fields (spec §3) and anything else named like card data. */
const CARD_FIELDS = ['nameOnCard', 'numberOnCard', 'expire', 'cvv'];
const CARD_NAME = /card|cvv|cvc|ccv|cvn|expir|^exp(date|month|year)?$|security.?code|^cc[_-]?(num|number|no|exp)/i;
const isCardName = (name) => CARD_FIELDS.indexOf(name) >= 0 || CARD_NAME.test(name);

/** The short credit-repair form stored 'SELF' in these instead of a value (spec §3): not data. */
const PLACEHOLDER_FIELDS = ['street', 'city', 'state', 'zip', 'ssn'];
const isPlaceholder = (value) => typeof value === 'string' && value.trim().toUpperCase() === 'SELF';

const LOCALE_KEYS = ['locale', 'lang', 'language'];
/** Written by the CLI's rejects file beside each record; ignored when that file is imported again. */
const ERRORS_KEY = '__importErrors';

const US_STATES = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', districtofcolumbia: 'DC', washingtondc: 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI',
  idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA',
  maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS',
  missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', newhampshire: 'NH', newjersey: 'NJ',
  newmexico: 'NM', newyork: 'NY', northcarolina: 'NC', northdakota: 'ND', ohio: 'OH', oklahoma: 'OK',
  oregon: 'OR', pennsylvania: 'PA', rhodeisland: 'RI', southcarolina: 'SC', southdakota: 'SD', tennessee: 'TN',
  texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', westvirginia: 'WV', wisconsin: 'WI',
  wyoming: 'WY',
};

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const EMPTY = (v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
/** Keys in a stable order (the body's Go maps have none): numbers as numbers, then by text. */
const sortedKeys = (o) =>
  Object.keys(o).sort((a, b) => (/^[0-9]+$/.test(a) && /^[0-9]+$/.test(b) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0));
const squash = (s) => String(s).toLowerCase().replace(/[^a-z0-9]/g, '');

// ---------------------------------------------------------------- card data

function luhn(digits) {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A whole value that is a payment card number (13–19 digits, spaces or dashes allowed, Luhn-valid). */
function isCardNumber(value) {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const digits = String(value).trim().replace(/[ -]/g, '');
  return /^[0-9]{13,19}$/.test(digits) && luhn(digits);
}

const CARD_RUN = /[0-9](?:[ -]?[0-9]){12,18}/g;
const REDACTED = '[card number removed]';

/**
 * A copy of a legacy value without card data: keys named like card fields removed, card numbers
 * removed (a whole value) or blanked out of free text. `count.n` grows by one per value removed
 * (an empty card field, or the short form's 'SELF', removes nothing and counts nothing).
 */
function scrub(value, count) {
  if (Array.isArray(value)) {
    const out = [];
    for (const item of value) {
      const clean = scrub(item, count);
      if (clean !== undefined) out.push(clean);
    }
    return out;
  }
  if (isObject(value)) {
    const out = {};
    for (const key of sortedKeys(value)) {
      if (isCardName(key)) {
        if (!EMPTY(value[key]) && !isPlaceholder(value[key])) count.n++;
        continue;
      }
      const clean = scrub(value[key], count);
      if (clean !== undefined) out[key] = clean;
    }
    return out;
  }
  if (isCardNumber(value)) {
    count.n++;
    return undefined;
  }
  if (typeof value === 'string' && !/^https?:\/\//i.test(value.trim())) {
    return value.replace(CARD_RUN, (run) => {
      if (!luhn(run.replace(/[ -]/g, ''))) return run;
      count.n++;
      return REDACTED;
    });
  }
  return value;
}

// ---------------------------------------------------------------- values

/** Links of a legacy upload field: a string, a list, or the database's object form of a list. */
function links(value) {
  if (EMPTY(value)) return [];
  if (typeof value === 'string') return [value.trim()];
  const items = Array.isArray(value) ? value : isObject(value) ? sortedKeys(value).map((k) => value[k]) : [value];
  const out = [];
  for (const item of items) out.push(...links(item));
  return out;
}

/** A text value, or null when the legacy value is a list or an object. */
function text(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return null;
}

function bool(value) {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const t = String(value || '').trim().toLowerCase();
  return ['true', 'on', 'yes', '1', 'checked', 'agreed'].indexOf(t) >= 0;
}

/** '$50,000', '50000.00', 50000 → '50000'; '119.95' stays; anything else is returned as it was. */
function money(value) {
  const t = String(value).trim().replace(/^\$\s*/, '').replace(/\s*(usd|\$)$/i, '');
  if (!/^([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\.[0-9]+)?$/.test(t)) return String(value).trim();
  return String(Number(t.replace(/,/g, '')));
}

const pad = (digits, length) => (digits.length < length ? '0'.repeat(length - digits.length) + digits : digits);

/** The legacy value as our column wants it (numbers as text, state names as codes, select values as spelled). */
function normalise(name, value, column) {
  if (name === 'terms') return bool(value);
  let t = text(value);
  if (t === null) return value; // a list or object: left for the validator to refuse
  if (name === 'ssn') t = typeof value === 'number' ? pad(t, 9) : t.replace(/[\s-]/g, '');
  if (name === 'zip') {
    if (typeof value === 'number') t = pad(t, 5);
    else if (/^[0-9]{9}$/.test(t)) t = `${t.slice(0, 5)}-${t.slice(5)}`;
  }
  if (name === 'state' && US_STATES[squash(t)]) t = US_STATES[squash(t)];
  if (column && column.type() === 'select') t = canonicalOption(t, column.values || []);
  else if (name === 'amount') t = money(t);
  return t;
}

/** 'uber eats' → 'UberEATS', '$50,000' → '50000': the select's own spelling when one matches. */
function canonicalOption(value, options) {
  if (options.indexOf(value) >= 0) return value;
  const numeric = options.length > 0 && options.every((o) => /^[0-9]+$/.test(o));
  if (numeric) return money(value);
  const wanted = squash(value);
  for (const option of options) if (squash(option) === wanted) return option;
  return value;
}

// ---------------------------------------------------------------- dates

const MONTHS = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

function utc(y, mo, d, h, mi, s, ms, offsetMinutes) {
  if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(t);
  if (check.getUTCDate() !== d) return null; // 31 June and the like
  return t - (offsetMinutes || 0) * 60000;
}

function offset(zone) {
  if (!zone || zone === 'Z') return 0;
  const m = /^([+-])([0-9]{2}):?([0-9]{2})$/.exec(zone);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * The original's `date` (a submission time string, spec §3) as epoch milliseconds, or null. Read:
 * epoch numbers (ms or s), ISO 8601, en-US `toLocaleString()` ('6/1/2024, 3:45:12 PM'), JavaScript's
 * `Date.toString()` and `toUTCString()`. A time without a zone is taken as UTC.
 */
function parseLegacyDate(value) {
  if (typeof value === 'number' || (typeof value === 'string' && /^[0-9]{9,13}$/.test(value.trim()))) {
    const n = Number(value);
    const ms = n >= 1e12 ? n : n * 1000;
    const y = new Date(ms).getUTCFullYear();
    return y >= 2000 && y <= 2100 ? ms : null;
  }
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?)?\s*(Z|[+-][0-9]{2}:?[0-9]{2})?$/i.exec(s);
  if (m) {
    return utc(+m[1], +m[2], +m[3], +(m[4] || 0), +(m[5] || 0), +(m[6] || 0), m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0, offset(m[8] && m[8].toUpperCase()));
  }
  m = /^([0-9]{1,2})\/([0-9]{1,2})\/([0-9]{4})(?:,?\s+([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?\s*([AaPp]\.?[Mm]\.?)?)?$/.exec(s);
  if (m) {
    let h = +(m[4] || 0);
    const ampm = (m[7] || '').replace(/\./g, '').toLowerCase();
    if (ampm && (h < 1 || h > 12)) return null;
    if (ampm === 'pm' && h < 12) h += 12;
    if (ampm === 'am' && h === 12) h = 0;
    return utc(+m[3], +m[1], +m[2], h, +(m[5] || 0), +(m[6] || 0), 0, 0);
  }
  m = /^(?:[A-Za-z]{3},?\s+)?([A-Za-z]{3})[a-z]*\s+([0-9]{1,2}),?\s+([0-9]{4})(?:\s+([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?)?(?:\s*(?:GMT|UTC)?\s*([+-][0-9]{2}:?[0-9]{2})?)?(?:\s*\([^)]*\))?$/.exec(s);
  if (m && MONTHS[m[1].toLowerCase()]) {
    return utc(+m[3], MONTHS[m[1].toLowerCase()], +m[2], +(m[4] || 0), +(m[5] || 0), +(m[6] || 0), 0, offset(m[7]));
  }
  m = /^(?:[A-Za-z]{3},?\s+)?([0-9]{1,2})\s+([A-Za-z]{3})[a-z]*\s+([0-9]{4})(?:\s+([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?)?\s*(?:GMT|UTC|Z)?$/.exec(s);
  if (m && MONTHS[m[2].toLowerCase()]) {
    return utc(+m[3], MONTHS[m[2].toLowerCase()], +m[1], +(m[4] || 0), +(m[5] || 0), +(m[6] || 0), 0, 0);
  }
  return null;
}

/** PocketBase's own date format: '2024-06-01 19:45:12.000Z'. */
const pbDate = (ms) => new Date(ms).toISOString().replace('T', ' ');

// ---------------------------------------------------------------- records

/** Our record id for a legacy record: 15 characters [a-z0-9], the same on every run. */
function legacyId(collection, key) {
  return $security.sha256(`${collection}/${key}`).slice(0, 15);
}

/** Which fields of a service are data columns we fill from a legacy record (not files, not system). */
function ownFields(service) {
  const names = [];
  for (const id of Object.keys(service.variants)) {
    for (const name of service.variants[id].fields) {
      if (service.fileFields.indexOf(name) < 0 && names.indexOf(name) < 0) names.push(name);
    }
  }
  return names;
}

function fieldOf(error) {
  if (error.keyword === 'required') return error.params.missingProperty;
  if (error.keyword === 'additionalProperties') return error.params.additionalProperty;
  return String(error.instancePath || '').split('/')[1] || '';
}

/**
 * The variant's validator on `data` of a record of `collection`, the required-file errors and the fields the
 * original never asked for aside: { field: message } or null.
 */
function check(collection, service, variantId, data) {
  const validate = validators[service.variants[variantId].validator];
  if (validate(data)) return null;
  const errors = {};
  for (const error of validate.errors || []) {
    const field = fieldOf(error) || 'data';
    if (error.keyword === 'required' && (service.fileFields.indexOf(field) >= 0 || notAsked(collection, field))) continue;
    if (!errors[field]) errors[field] = error.message || error.keyword;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * One legacy record mapped for `collectionName` (reads the collection's columns, no records). Returns
 * { id, key, collection, service, variant, locale, created, fields, errors, data, files, notes, unknown, cards }
 * where `data` is the legacy record without card data (what the rejects file keeps).
 */
function planRecord(app, collectionName, key, legacy) {
  const service = config.services[collectionName];
  const collection = app.findCollectionByNameOrId(collectionName);
  const count = { n: 0 };
  const clean = scrub(legacy, count);
  const plan = {
    id: legacyId(collectionName, key),
    key,
    collection: collectionName,
    service,
    variant: '',
    locale: 'en',
    created: '',
    fields: {},
    errors: null,
    data: clean,
    files: [],
    notes: [],
    unknown: [],
    cards: count.n,
  };
  if (!isObject(clean)) {
    plan.errors = { record: 'is not an object of fields' };
    return plan;
  }
  delete clean[ERRORS_KEY];
  const formFields = ownFields(service);
  const fileNames = (LEGACY_FILES[collectionName] || []).concat(service.fileFields);
  const values = {};
  let variantHint = '';
  for (const name of Object.keys(clean)) {
    const value = clean[name];
    if (fileNames.indexOf(name) >= 0) {
      const found = links(value);
      if (found.length > 0) plan.files.push({ field: name, links: found });
    } else if (name === 'date') {
      const ms = parseLegacyDate(value);
      if (ms !== null) plan.created = pbDate(ms);
      else if (!EMPTY(value)) plan.notes.push({ field: 'date', reason: 'not a date this importer reads; created is the import time', value: text(value) });
    } else if (name === 'variant') {
      variantHint = text(value) || '';
    } else if (LOCALE_KEYS.indexOf(name) >= 0) {
      const locale = (text(value) || '').toLowerCase().slice(0, 2);
      if (LANGUAGES.indexOf(locale) >= 0) plan.locale = locale;
    } else if (formFields.indexOf(name) >= 0 || service.serverValues[name] !== undefined) {
      if (EMPTY(value) || (PLACEHOLDER_FIELDS.indexOf(name) >= 0 && isPlaceholder(value))) continue;
      values[name] = normalise(name, value, collection.fields.getByName(name));
    } else if (!EMPTY(value)) {
      // A field we do not know that holds only links is an upload of the original too: reported as one.
      const found = links(value);
      if (found.length > 0 && found.every((l) => /^https?:\/\//i.test(l))) plan.files.push({ field: name, links: found });
      else plan.unknown.push(name);
    }
  }
  // Values the server owns (credit repair's monthly amount): the record's own if it has one.
  const serverOwned = {};
  for (const name of Object.keys(service.serverValues)) {
    serverOwned[name] = values[name] !== undefined ? values[name] : service.serverValues[name];
    delete values[name];
  }
  // The service's first variant that takes the record as it is; else the one with the fewest errors.
  const variants = own(service.variants, variantHint) ? [variantHint] : Object.keys(service.variants);
  let best = null;
  for (const id of variants) {
    const data = /** @type {Record<string, unknown>} */ (Object.assign({}, values));
    const fields = service.variants[id].fields;
    if (fields.indexOf('terms') >= 0 && data.terms === undefined) data.terms = true; // the original's forms could not be sent unticked (spec §5)
    const errors = check(collectionName, service, id, data);
    if (!errors) {
      best = { id, data, errors: null };
      break;
    }
    if (!best || Object.keys(errors).length < Object.keys(best.errors).length) best = { id, data, errors };
  }
  plan.variant = best.id;
  plan.fields = Object.assign(best.data, serverOwned);
  plan.errors = best.errors;
  return plan;
}

/** The unsaved record of a plan: our fields, variant, locale, first status, legacy date; sensitive fields sealed. */
function buildRecord(app, plan) {
  const collection = app.findCollectionByNameOrId(plan.collection);
  const record = new Record(collection);
  record.set('id', plan.id);
  for (const name of Object.keys(plan.fields)) record.set(name, plan.fields[name]);
  record.set('variant', plan.variant);
  record.set('locale', plan.locale);
  const service = config.services[plan.collection];
  if (collection.fields.getByName('status') && service && service.workflow) record.set('status', service.workflow.initial);
  // record.set() ignores autodate fields; a raw value that differs from the last known one is kept on create.
  if (plan.created) record.setRaw('created', new DateTime(plan.created));
  sensitive.sealRecord(record, plan.service);
  return record;
}

/** A legacy trash entry ({ ...record, key, topic }, spec §3 'helpuztrash') mapped like a record of its topic. */
function planTrash(app, key, legacy) {
  const topic = isObject(legacy) ? text(legacy.topic) : '';
  let source = '';
  for (const name of Object.keys(config.services)) if (config.services[name].topic === topic) source = name;
  const inner = {};
  if (isObject(legacy)) for (const k of Object.keys(legacy)) if (k !== 'key' && k !== 'topic') inner[k] = legacy[k];
  const originalKey = isObject(legacy) ? text(legacy.key) || key : key;
  if (!source || !LEGACY_FILES[source]) {
    const count = { n: 0 };
    const data = scrub(legacy, count);
    return { id: legacyId(TRASH, key), trashId: legacyId(TRASH, key), key, collection: TRASH, errors: { topic: 'is not one of the original topics' }, data, files: [], notes: [], unknown: [], cards: count.n };
  }
  const plan = planRecord(app, source, originalKey, inner);
  const data = isObject(plan.data) ? Object.assign({}, plan.data, { key: originalKey, topic }) : plan.data;
  return Object.assign(plan, { trashId: legacyId(TRASH, key), key, collection: TRASH, source, topic, data });
}

/** The trash entry of a planned legacy trash record (`record`: its unsaved record, sealed). */
function buildTrash(app, plan, record) {
  record.unhide(...plan.service.sensitiveFields.map((f) => plan.service.sealed[f])); // the trash keeps sealed values to restore them (lib/trash.js)
  const entry = new Record(app.findCollectionByNameOrId(TRASH));
  entry.set('id', plan.trashId);
  entry.set('topic', plan.service.topic);
  entry.set('key', record.id);
  entry.set('sourceCollection', plan.source);
  entry.set('record', JSON.parse(JSON.stringify(record.publicExport())));
  entry.set('deletedBy', '');
  return entry;
}

function exists(app, collection, id) {
  try {
    app.findRecordById(collection, id);
    return true;
  } catch (err) {
    return false;
  }
}

function inTrash(app, source, id) {
  try {
    app.findFirstRecordByFilter(TRASH, 'sourceCollection = {:source} && key = {:key}', { source, key: id });
    return true;
  } catch (err) {
    return false;
  }
}

/** Already here: imported before (live or since moved to the trash by staff). */
function present(app, plan) {
  if (plan.collection === TRASH) return exists(app, TRASH, plan.trashId) || inTrash(app, plan.source, plan.id) || exists(app, plan.source, plan.id);
  return exists(app, plan.collection, plan.id) || inTrash(app, plan.collection, plan.id);
}

/** PocketBase's validation error as { field: message }. */
function fieldErrors(err) {
  try {
    const value = err && err.value;
    if (value && typeof value.marshalJSON === 'function') {
      const parsed = JSON.parse(toString(value.marshalJSON()));
      if (isObject(parsed) && Object.keys(parsed).length > 0) return parsed;
    }
  } catch (ignored) {
    // not a validation error: the message below
  }
  return { record: String((err && err.message) || err).replace(/^GoError:\s*/, '').slice(0, 300) };
}

/**
 * PocketBase's own checks of the columns, except the uploads: the original kept them as links we do
 * not fetch, so an upload column the database requires (the ID image) stays empty on imported records.
 */
function columnErrors(app, record, service) {
  try {
    app.validate(record);
    return null;
  } catch (err) {
    const errors = fieldErrors(err);
    for (const name of service.fileFields) delete errors[name];
    for (const name of Object.keys(errors)) if (notAsked(record.collection().name, name) && !record.getString(name)) delete errors[name];
    return Object.keys(errors).length > 0 ? errors : null;
  }
}

// ---------------------------------------------------------------- the import

function emptyStats() {
  return { records: 0, imported: 0, alreadyPresent: 0, rejected: 0, cardFieldsDropped: 0, fileLinksSkipped: 0, unknownFields: {} };
}

/** The export itself, or { export, dryRun }. */
function readBody(body) {
  const keys = isObject(body) ? Object.keys(body) : [];
  if (keys.indexOf('export') >= 0 && keys.every((k) => k === 'export' || k === 'dryRun')) {
    return { data: body.export, dryRun: body.dryRun === true || body.dryRun === 'true' };
  }
  return { data: body, dryRun: false };
}

/** Entries of one collection of the export: an object by push key (an array only if keys were 0..n). */
function entriesOf(records) {
  if (Array.isArray(records)) return records.map((r, i) => [String(i), r]).filter((e) => e[1] !== null && e[1] !== undefined);
  // Push keys sort by time: records are read oldest first, whatever order the body's map gave.
  if (isObject(records)) return sortedKeys(records).map((k) => [k, records[k]]);
  return null;
}

/**
 * Imports `data` with `app`; with `dryRun` nothing is written (every check still runs, sealing and
 * PocketBase's own field validation included). One transaction per collection: a collection is saved
 * whole or, if the database fails unexpectedly, not at all; a record refused by validation is only
 * reported and does not stop the others.
 */
function run(app, data, options) {
  const dryRun = !!(options && options.dryRun);
  if (!isObject(data) || Object.keys(data).length === 0) {
    throw new BadRequestError('The body must be the export (one JSON object of collections) or { "export": …, "dryRun": true }.');
  }
  // Fail closed before touching anything if sensitive values could not be sealed.
  sensitive.seal('000000000');
  const report = { dryRun, collections: {}, unknownCollections: {}, rejected: [], skippedFiles: [], skippedFields: [], totals: null };
  // Live records first: if the original left a record both in its list and in the trash, the list wins.
  const names = sortedKeys(data).filter((n) => n !== TRASH).concat(data[TRASH] !== undefined ? [TRASH] : []);
  for (const name of names) {
    const known = name === TRASH || (own(LEGACY_FILES, name) && own(config.services, name));
    const entries = entriesOf(data[name]);
    if (!known || entries === null) {
      report.unknownCollections[name] = entries === null ? 0 : entries.length;
      continue;
    }
    const stats = report.collections[name] || (report.collections[name] = emptyStats());
    const plans = entries.map((entry) => (name === TRASH ? planTrash(app, entry[0], entry[1]) : planRecord(app, name, entry[0], entry[1])));
    const reject = (plan, errors) => {
      stats.rejected++;
      const data = isObject(plan.data) ? Object.assign({}, plan.data, { [ERRORS_KEY]: errors }) : plan.data;
      report.rejected.push({ collection: name, key: plan.key, id: plan.collection === TRASH ? plan.trashId : plan.id, errors, data });
    };
    const saveAll = (txApp) => {
      for (const plan of plans) {
        stats.records++;
        stats.cardFieldsDropped += plan.cards;
        for (const f of plan.files) {
          stats.fileLinksSkipped += f.links.length;
          report.skippedFiles.push({ collection: name, key: plan.key, field: f.field, links: f.links, reason: 'a link to the original storage bucket; not fetched' });
        }
        for (const n of plan.notes) report.skippedFields.push(Object.assign({ collection: name, key: plan.key }, n));
        for (const u of plan.unknown) stats.unknownFields[u] = (stats.unknownFields[u] || 0) + 1;
        if (plan.errors) {
          reject(plan, plan.errors);
          continue;
        }
        if (present(txApp, plan)) {
          stats.alreadyPresent++;
          continue;
        }
        try {
          const isTrash = plan.collection === TRASH;
          const record = buildRecord(txApp, isTrash ? Object.assign({}, plan, { collection: plan.source }) : plan);
          const errors = columnErrors(txApp, record, plan.service);
          if (errors) {
            reject(plan, errors);
            continue;
          }
          if (isTrash) {
            const entry = buildTrash(txApp, plan, record);
            if (dryRun) txApp.validate(entry);
            else txApp.save(entry);
          } else if (!dryRun) {
            // Checked above, all but the uploads it cannot have (see columnErrors).
            txApp.saveNoValidate(record);
          }
          stats.imported++;
        } catch (err) {
          reject(plan, fieldErrors(err));
        }
      }
    };
    if (dryRun) saveAll(app);
    else app.runInTransaction(saveAll);
  }
  const totals = emptyStats();
  delete totals.unknownFields;
  for (const name of Object.keys(report.collections)) {
    for (const k of Object.keys(totals)) totals[k] += report.collections[name][k];
  }
  report.totals = totals;
  return report;
}

module.exports = { run, readBody, planRecord, parseLegacyDate, legacyId, isCardNumber, scrub, LEGACY_FILES };
