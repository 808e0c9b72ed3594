/**
 * "Save and continue later": an applicant's answers kept on the server for a while, behind a link e-mailed
 * to them (site.json draftCollection; the browser side is src/features/forms/drafts/).
 *
 *   - save: the answers of one form without its sensitive fields (an SSN) and its files, which are never
 *     kept; one draft per address and form (a new save replaces the old one and its link); the resume
 *     link goes out through the outbox, its token put in only when it is sent (outbox.js
 *     withApplicantToken), so the outbox, which staff read, never holds it. The e-mail names the form and
 *     carries the link, nothing the visitor typed: the site cannot be made to send a stranger their text.
 *   - resume: the token gives the answers back once; the draft is deleted in the same transaction, so a
 *     second use (or a link past its days) finds nothing and the browser shows its "link no longer works" page.
 *   - sweep: the drafts job deletes expired drafts and, after as many days, the e-mails that carried their links.
 *
 * Saving sends an e-mail to an address the visitor typed, so it is rate-limited per sender address (IP,
 * in memory) and per e-mail address (the outbox's own count of resume e-mails to it), both per hour.
 */
const config = require(`${__hooks}/generated/services.js`);
const contract = require(`${__hooks}/generated/contract.js`);
const { env, cronSetting, publicUrl } = require(`${__hooks}/lib/env.js`);
const { own } = require(`${__hooks}/lib/own.js`);

const TEMPLATE = 'draft-resume';
const DAY = 86400000;
const HOUR = 3600000;
const TOKEN = /^[A-Za-z0-9]{40}$/;
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Addresses as the HTML form's type=email takes them, and no longer than SMTP allows.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PATH = /^\/[A-Za-z0-9._~%/-]{0,299}$/;
const STEP = /^[a-z0-9-]{0,50}$/;
const IP_STORE_PREFIX = 'formwork.drafts.';
const DEFAULT_SCHEDULE = '23 * * * *'; // hourly: an expired draft is gone within the hour

const pbDate = (ms) => new Date(ms).toISOString().replace('T', ' ');
const limitsOn = () => env('FORMWORK_RATE_LIMITS', 'on') !== 'off';

/** The drafts job's cron expression from FORMWORK_DRAFTS_CRON ('' when "off"). */
function schedule() {
  return cronSetting('FORMWORK_DRAFTS_CRON', DEFAULT_SCHEDULE);
}

function invalid(field, code, message) {
  const data = {};
  data[field] = new ValidationError(code, message);
  return new BadRequestError('The draft was not saved.', data);
}

/**
 * The answers a draft may keep: the variant's own fields, without its sensitive fields and files (and
 * anything else the body carries), as the JSON the browser sent.
 */
function keptValues(service, variant, values) {
  const out = {};
  if (!values || typeof values !== 'object' || Array.isArray(values)) return out;
  for (const name of variant.fields) {
    if (service.fileFields.indexOf(name) >= 0 || service.sensitiveFields.indexOf(name) >= 0) continue;
    if (own(values, name) !== undefined && values[name] !== null) out[name] = values[name];
  }
  return out;
}

/**
 * Counts one save from `ip` in this hour and tells whether it is within FORMWORK_RATE_LIMIT_DRAFTS_IP
 * (default 10): a fixed window in PocketBase's in-memory store (lib/limits.js says why that is a brake,
 * not an exact quota). A refused save is not counted.
 */
function allowSender(app, ip, now) {
  if (!limitsOn() || !ip) return true;
  const max = Number(env('FORMWORK_RATE_LIMIT_DRAFTS_IP', '10'));
  const windowNo = Math.floor(now / HOUR);
  const key = IP_STORE_PREFIX + require(`${__hooks}/lib/limits.js`).senderOf(ip);
  const parts = String(app.store().get(key) || '').split(':').map(Number);
  const count = parts[0] === windowNo ? parts[1] || 0 : 0;
  if (count >= max) return false;
  app.store().set(key, windowNo + ':' + (count + 1));
  return true;
}

/** Whether `email` got fewer than FORMWORK_RATE_LIMIT_DRAFTS_ADDRESS (default 3) resume links in the last hour. */
function allowAddress(app, email, now) {
  if (!limitsOn()) return true;
  const max = Number(env('FORMWORK_RATE_LIMIT_DRAFTS_ADDRESS', '3'));
  const sent = app.countRecords(
    config.outboxCollection,
    $dbx.exp('sourceCollection = {:c} AND `to` = {:to} AND created > {:since}', { c: config.draftCollection, to: email, since: pbDate(now - HOUR) }),
  );
  return sent < max;
}

/**
 * POST <saveRoute><collection>: saves the answers and e-mails the link. The answer says only that it was
 * saved and until when: never whether the address had a draft before.
 */
function save(e) {
  const name = String(e.request.url.path).slice(contract.drafts.saveRoute.length);
  const service = own(config.services, name);
  if (!service) throw new NotFoundError('No such form.');
  const app = e.app;
  const body = JSON.parse(JSON.stringify(e.requestInfo().body || {}));
  const variant = own(service.variants, String(body.variant || ''));
  if (!variant) throw new BadRequestError('No such form.');
  const email = String(body.email || '').trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw invalid('email', 'validation_invalid_email', 'Enter a valid e-mail address.');
  const path = String(body.path || '');
  const step = String(body.step || '');
  if (!PATH.test(path) || !STEP.test(step)) throw new BadRequestError('The draft was not saved.');
  const locale = config.languages.indexOf(String(body.locale)) >= 0 ? String(body.locale) : contract.defaultLanguage;
  const now = Date.now();
  // The address first: a save it refuses is not counted against the sender.
  if (!allowAddress(app, email, now) || !allowSender(app, e.realIP(), now)) {
    throw new ApiError(429, 'Too many saved drafts from your address. Please try again in an hour; your answers are kept in this browser.', {});
  }

  const collection = app.findCachedCollectionByNameOrId(config.draftCollection);
  const draft = new Record(collection, {
    service: name,
    variant: String(body.variant),
    email: email,
    locale: locale,
    path: path,
    step: step,
    values: JSON.stringify(keptValues(service, variant, body.values)),
    accessToken: $security.randomStringWithAlphabet(40, TOKEN_ALPHABET),
    expiresAt: pbDate(now + contract.drafts.days * DAY),
  });
  draft.id = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
  const texts = require(`${__hooks}/generated/mail.js`).services[name].texts;
  const language = own(texts, locale) || texts[contract.defaultLanguage];
  const marker = require(`${__hooks}/lib/agreements.js`).TOKEN_MARKER;
  const mail = require(`${__hooks}/lib/outbox.js`).draftMail(app, draft, TEMPLATE, {
    service: language.title,
    form: language.forms[draft.getString('variant')] || language.title,
    // In the language the draft was saved in: the page that says a used link no longer works says it in that language.
    resumeUrl: publicUrl() + contract.drafts.resumePage + '?lang=' + locale + '#' + marker,
    resumeDays: contract.drafts.days,
  });
  // The old draft of this address and form goes in the transaction that saves the new one.
  app.runInTransaction((txApp) => {
    const old = txApp.findRecordsByFilter(config.draftCollection, 'service = {:s} && variant = {:v} && email = {:e}', '', 1, 0, {
      s: name,
      v: draft.getString('variant'),
      e: email,
    });
    for (const record of old) {
      // Its link, if not sent yet, would go out dead: it is dropped (a sent one stays, counted by allowAddress).
      const unsent = txApp.findRecordsByFilter(config.outboxCollection, "sourceCollection = {:c} && record = {:r} && status != 'sent'", '', 0, 0, {
        c: config.draftCollection,
        r: record.id,
      });
      for (const item of unsent) txApp.delete(item);
      txApp.delete(record);
    }
    txApp.save(draft);
    txApp.save(mail);
  });
  return e.json(200, { saved: true, expiresAt: draft.getString('expiresAt') });
}

/**
 * POST <resumeRoute> with `{ token }`: the draft's answers, once. A token that matches nothing (used,
 * replaced by a newer save, swept) or a draft past its days is a 404, the same for all: the browser says
 * the link no longer works and offers the empty form.
 */
function resume(e) {
  const body = JSON.parse(JSON.stringify(e.requestInfo().body || {}));
  const token = String(body.token || '');
  if (!TOKEN.test(token)) throw new NotFoundError('This link no longer works.');
  const found = [];
  // Found and deleted in one transaction (SQLite's one writer): two uses at once give the answers once.
  e.app.runInTransaction((txApp) => {
    const matches = txApp.findRecordsByFilter(config.draftCollection, 'accessToken = {:t}', '', 1, 0, { t: token });
    if (matches.length === 0) return;
    txApp.delete(matches[0]);
    if (matches[0].getString('expiresAt') > pbDate(Date.now())) found.push(matches[0]);
  });
  if (found.length === 0) throw new NotFoundError('This link no longer works.');
  const draft = found[0];
  const service = own(config.services, draft.getString('service'));
  return e.json(200, {
    service: draft.getString('service'),
    serviceId: service ? service.id : '',
    variant: draft.getString('variant'),
    locale: draft.getString('locale'),
    path: draft.getString('path'),
    step: draft.getString('step'),
    values: JSON.parse(draft.getString('values') || '{}'),
  });
}

/** Deletes the expired drafts, and the e-mails that carried links older than a draft lasts. Returns the counts. */
function sweep(app, now) {
  const drafts = app.db().delete(config.draftCollection, $dbx.exp('expiresAt <= {:now}', { now: pbDate(now) })).execute().rowsAffected();
  const mails = app
    .db()
    .delete(config.outboxCollection, $dbx.exp('sourceCollection = {:c} AND created <= {:cutoff}', { c: config.draftCollection, cutoff: pbDate(now - contract.drafts.days * DAY) }))
    .execute()
    .rowsAffected();
  return { drafts: drafts, mails: mails };
}

module.exports = { schedule, save, resume, sweep, keptValues };
