/**
 * The staff console's words and formats on the server, for what it writes for staff itself (the CSV
 * export, the printed application): texts from the same messages the console shows
 * (generated/staffTexts.js), days in the long format of the pages and e-mails and amounts in dollars
 * (lib/outbox.js longDay, usd: one format for everything the site writes), a status by its name, the
 * form by its title, an assignee by e-mail.
 */
const generated = require(`${__hooks}/generated/staffTexts.js`);
const config = require(`${__hooks}/generated/services.js`);
const { own } = require(`${__hooks}/lib/own.js`);

/** A language the site has, else its default. */
function languageOf(lang) {
  return config.languages.indexOf(lang) >= 0 ? lang : generated.defaultLanguage;
}

function tableOf(language) {
  return own(generated.languages, language) || generated.languages[generated.defaultLanguage];
}

/** A staff message in `language` with its {arguments} filled; a key no language has stays the key's last word. */
function text(language, key, args) {
  const found = own(tableOf(language).texts, key) || own(generated.languages[generated.defaultLanguage].texts, key);
  const template = found === undefined || found === null ? key.slice(key.lastIndexOf('.') + 1) : found;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (args && Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : whole));
}

/** What lib/staffText.js cardText needs to show a card's values in `language`. */
function view(language) {
  const outbox = require(`${__hooks}/lib/outbox.js`);
  return {
    language,
    day: (day) => outbox.longDay(day, language),
    usd: (value) => outbox.usd(value),
    yes: text(language, 'staff.card.yes'),
    no: text(language, 'staff.card.no'),
  };
}

/** An instant PocketBase stored ("2026-05-04 14:07:09.123Z") as its long day and time, "May 4, 2026 14:07 UTC". */
function instantText(language, stored) {
  const value = String(stored || '');
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  if (!m) return value;
  return require(`${__hooks}/lib/outbox.js`).longDay(m[1], language) + ' ' + m[2] + ' UTC';
}

/** A record's status by its name ('' = from before the workflow: the first status). */
function statusText(language, service, status) {
  return text(language, 'status.' + (status || require(`${__hooks}/lib/listFilter.js`).statusesOf(service)[0]));
}

/** The title of a record's form (its variant) in `language`. */
function formText(language, collection, variant) {
  const service = own(tableOf(language).services, collection);
  if (!service) return variant;
  return own(service.forms, variant) || variant || service.title;
}

/** Paid / not paid, as the card says it. */
function paidText(language, paymentStatus) {
  return text(language, paymentStatus === 'paid' ? 'admin.payment.paid' : 'admin.payment.unpaid');
}

/** Every staff account's e-mail by its id (for assignees and note authors). */
function staffEmails(app) {
  const out = {};
  for (const s of app.findAllRecords(config.staffCollection)) out[s.id] = s.email();
  return out;
}

module.exports = { languageOf, text, view, instantText, statusText, formText, paidText, staffEmails };
