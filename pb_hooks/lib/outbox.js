/**
 * The e-mail outbox (issue: confirmation e-mails that are never lost). A submission writes its e-mails
 * here in its own transaction; a job sends what is due through SMTP, one e-mail per recipient per
 * throttle period (the original's 10 seconds; staff notices due to one address together go as one, the
 * staff digest), retrying with a growing delay, and marks an e-mail failed after the last attempt. A
 * mail server that is down never slows or fails a submission.
 *
 * Templates come from pb_hooks/generated/mail.js (schemas/mail/, precompiled handlebars). Their context
 * holds the applicant's name and the non-sensitive, non-file fields only: never an SSN, card data or a
 * document link. An e-mail to the applicant (an address the visitor chose) holds nothing they typed: no
 * name, and only the fields whose values are closed choices (see fieldLines), so the site cannot be made
 * to send a stranger a message or a link of someone else's making. The applicant's status link is stored
 * without its token (withApplicantToken).
 *
 * The transaction writes what an e-mail says, not the e-mail itself: its template, its subject and its
 * context, the values it shows as they are at that moment, and the documents as signed by their hash
 * (their texts are in the archive, lib/agreementTexts.js, from before the server accepted them). The job
 * renders the body from that context when it first sends the e-mail, keeps the result in `html` and
 * `text` and drops the context. So an e-mail is fixed when the submission is saved, as before, but its
 * rendering (~10 ms of JS for a signed contract) no longer runs in the request or holds the
 * transaction every other submission waits for (docs/performance.md, section 2).
 */
const mail = require(`${__hooks}/generated/mail.js`);
const config = require(`${__hooks}/generated/services.js`);

const { env, cronSetting, publicUrl } = require(`${__hooks}/lib/env.js`);
const { own } = require(`${__hooks}/lib/own.js`);

function options() {
  return {
    staff: env('FORMWORK_MAIL_STAFF', '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: publicUrl(),
    retrySeconds: Number(env('FORMWORK_MAIL_RETRY_SECONDS', '60')),
    maxAttempts: Number(env('FORMWORK_MAIL_MAX_ATTEMPTS', '8')),
    throttleSeconds: Number(env('FORMWORK_MAIL_THROTTLE_SECONDS', '10')),
  };
}

const DEFAULT_SCHEDULE = '* * * * *';

/**
 * The sending job's cron expression from FORMWORK_OUTBOX_CRON ('' when "off": e-mails then wait in the
 * outbox until staff send them, POST /api/formwork/outbox/flush, e.g. while the mail provider changes).
 */
function schedule() {
  return cronSetting('FORMWORK_OUTBOX_CRON', DEFAULT_SCHEDULE);
}

/** PocketBase's own date format, which its filters compare as text. */
const pbDate = (ms) => new Date(ms).toISOString().replace('T', ' ');
const msOf = (text) => (text ? new Date(String(text).replace(' ', 'T')).getTime() : 0);

/** "$50,000" / "$119.95" without Intl, which PocketBase's JS runtime lacks. */
function usd(value) {
  const n = Number(value);
  if (!isFinite(n)) return String(value);
  const fixed = Math.round(n) === n ? String(n) : n.toFixed(2);
  const parts = fixed.split('.');
  return '$' + parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (parts[1] ? '.' + parts[1] : '');
}

/**
 * A calendar day (YYYY-MM-DD) in `language`'s long format, as the pages say it (src/engine/dates.ts
 * formatDay, from the same texts: mail.days); '' stays ''.
 */
function longDay(day, language) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day || '');
  const texts = own(mail.days, language) || mail.days[mail.defaultLanguage];
  if (!m || !texts) return day || '';
  const parts = { year: m[1], month: texts.months[Number(m[2]) - 1], day: String(Number(m[3])) };
  return texts.long.replace(/\{(year|month|day)\}/g, (_, name) => parts[name]);
}

/** The applicant's name as the service's schema composes it (service.json mail.name); `values`: the record's fieldsData(). */
function displayName(values, service) {
  return service.mail.name
    .map((f) => String(values[f] || '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * label: value of each filled field a template may show (the generator left out sensitive and file fields).
 * `toApplicant`: only the fields whose every value is one the company wrote or a number or date
 * (generator: `closed`); text a visitor typed goes to staff, never back out to the address they gave.
 */
function fieldLines(values, texts, toApplicant) {
  const lines = [];
  for (const f of texts.fields) {
    if (f.kind === 'bool' || (toApplicant && !f.closed)) continue;
    const raw = values[f.name];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = f.format === 'usd' ? usd(raw) : f.options[String(raw)] || String(raw);
    lines.push({ label: f.label, value: value });
  }
  return lines;
}

/** `company.*` of a template: site.json's company, and its phone number as digits for a tel: link. */
const companyContext = () => Object.assign({}, mail.company, { phoneDigits: (mail.company.phone || '').replace(/[^\d+]/g, '') });

const AGREEMENT_VARIABLES = ['agreements', 'statusUrl', 'cancelUntil', 'cancelTimeZone', 'checkoutUrl'];

/**
 * The context `template` renders with: only what it reads (the generator lists that, mail.reads), as each
 * part costs the submission's request time (a staff notice needs no documents, deadline or status link).
 * `submittedAt`: when the application was sent (a Date or PocketBase's date text), shown to the minute.
 * `kind`: 'staff' for a staff notice; any other e-mail goes to the applicant and gets no name and only
 * closed fields (the generator refuses an applicant template that reads the name).
 */
function context(service, record, locale, opts, submittedAt, template, kind) {
  const toApplicant = kind !== 'staff';
  const reads = own(mail.reads, template) || null; // a template not listed (none today) gets everything
  const needs = (name) => !reads || reads.indexOf(name) >= 0;
  const language = own(service.texts, locale) ? locale : mail.defaultLanguage; // the e-mail's texts, and its documents
  const texts = service.texts[language];
  const at = typeof submittedAt === 'string' ? submittedAt : submittedAt.toISOString().replace('T', ' ');
  // Every field's value in one call into PocketBase, not one per field shown.
  const values = record.fieldsData();
  const ctx = {
    service: texts.title,
    form: texts.forms[record.getString('variant')] || texts.title,
    submittedAt: at.slice(0, 16) + ' UTC',
    language: (own(service.texts, record.getString('locale')) || texts).language,
    // The short reference the applicant was shown and quotes (lib/reference.js), never the record's id.
    reference: require(`${__hooks}/lib/reference.js`).referenceOf(record),
    listUrl: opts.publicUrl + service.adminRoute,
  };
  if (needs('name') && !toApplicant) ctx.name = displayName(values, service);
  if (needs('fields')) ctx.fields = fieldLines(values, texts, toApplicant);
  if (needs('company')) ctx.company = companyContext();
  return AGREEMENT_VARIABLES.some(needs) ? Object.assign(ctx, agreementContext(service, record, language)) : ctx;
}

/**
 * Services with agreements: the documents as signed, the applicant's status link, the deadline, the payment
 * link. The documents by hash, in the e-mail's language (`language`): their text is rendered from the
 * archive when the e-mail is sent (lib/agreementTexts.js).
 */
function agreementContext(service, record, language) {
  const table = config.services[record.collection().name];
  if (!table || !table.agreements) return { agreements: [], statusUrl: '', cancelUntil: '', cancelTimeZone: '', checkoutUrl: '' };
  const agreements = require(`${__hooks}/lib/agreements.js`);
  const until = agreements.cancelUntil(record);
  return {
    agreements: table.agreements.documents.map((d) => ({ id: d.id, hash: d.hashes[language] })),
    statusUrl: agreements.statusUrl(table), // without its token: see withApplicantToken
    cancelUntil: longDay(until.day, language),
    cancelTimeZone: until.timeZone,
    checkoutUrl: record.getString('checkoutUrl'),
  };
}

function templateOf(template, locale) {
  const versions = own(mail.templates, template);
  if (!versions) throw new Error('No e-mail template "' + template + '".');
  return own(versions, locale) || versions[mail.defaultLanguage];
}

const subjectOf = (template, locale, ctx) => templateOf(template, locale).subject(ctx).replace(/\s+/g, ' ').trim();

/**
 * The body of an e-mail written by mailRecord(), from its template and context; a template that shows the
 * documents as signed gets their texts from the archive (the others never look them up).
 */
function renderBody(app, template, locale, ctx, source) {
  const t = templateOf(template, locale);
  const shows = mail.agreementTemplates.indexOf(template) >= 0 && Array.isArray(ctx.agreements) && ctx.agreements.length > 0;
  const full = shows ? Object.assign({}, ctx, { agreements: asSigned(app, require(`${__hooks}/lib/agreementTexts.js`).withTexts(app, ctx.agreements), source) }) : ctx;
  return { html: t.html(full), text: t.text(full) };
}

/**
 * The documents with their signature block, from the application's signature entries (lib/signedCopy.js
 * signatureFacts): version, hash, and for the one signed the typed name (only under the strict name rule)
 * and when, in the applicant's time zone. `source`: { collection, record } of the e-mail.
 */
function asSigned(app, documents, source) {
  const facts = source && source.record ? require(`${__hooks}/lib/signedCopy.js`).signatureFacts(app, source.collection, source.record) : {};
  return documents.map((d) => {
    const fact = facts[d.id];
    if (!fact) return d;
    return Object.assign({}, d, { version: fact.version, hash: fact.hash, signed: fact.signed, signedName: fact.signedName, signedAt: fact.signedAt });
  });
}

/**
 * One e-mail, unsaved: what it says (template, subject, context); the job renders its body when it
 * sends it. `contextJson`: the context as JSON (PocketBase stores the text as it is, which costs less
 * than converting the object, and e-mails to several staff addresses share one).
 */
function mailRecord(app, record, kind, to, locale, template, ctx, contextJson) {
  // PocketBase's in-memory copy of the collection, kept in step with every schema change (no query).
  // The values in one call into PocketBase (the constructor sets each), not one set() per field.
  return new Record(app.findCachedCollectionByNameOrId(config.outboxCollection), {
    sourceCollection: record.collection().name,
    record: record.id,
    kind: kind,
    to: to,
    locale: locale,
    template: template,
    subject: subjectOf(template, locale, ctx),
    context: contextJson,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: pbDate(Date.now()),
  });
}

/** The payment link of an application that pays later (lib/payments.js offerLater), to its applicant, written with `app`. */
function enqueuePaymentDue(app, record) {
  const service = mail.services[record.collection().name];
  const applicant = service && service.mail.applicant;
  const to = applicant ? record.getString(applicant.to) : '';
  if (!to) return 0;
  const locale = record.getString('locale') || mail.defaultLanguage;
  const ctx = context(service, record, locale, options(), record.getString('created'), 'payment-due', 'applicant');
  app.save(mailRecord(app, record, 'applicant', to, locale, 'payment-due', ctx, JSON.stringify(ctx)));
  return 1;
}

/**
 * The e-mails a new submission sends (to the applicant, and a notice to each staff address), unsaved:
 * the submission prepares them before its transaction, from the record as it is about to be saved (its
 * id already chosen), and saves them in it. Building them is most of their cost, and the transaction
 * holds SQLite's only writer, which every other submission waits for. `submittedAt`: a Date.
 */
function submissionMails(app, record, submittedAt) {
  const service = mail.services[record.collection().name];
  if (!service) return [];
  const opts = options();
  const items = [];
  const applicant = service.mail.applicant;
  const to = applicant ? record.getString(applicant.to) : '';
  if (applicant && to) {
    const locale = record.getString('locale') || mail.defaultLanguage;
    const ctx = context(service, record, locale, opts, submittedAt, applicant.template, 'applicant');
    items.push(mailRecord(app, record, 'applicant', to, locale, applicant.template, ctx, JSON.stringify(ctx)));
  }
  if (service.mail.staff && opts.staff.length > 0) {
    const ctx = context(service, record, mail.defaultLanguage, opts, submittedAt, service.mail.staffTemplate, 'staff');
    const json = JSON.stringify(ctx);
    for (const address of opts.staff) items.push(mailRecord(app, record, 'staff', address, mail.defaultLanguage, service.mail.staffTemplate, ctx, json));
  }
  return items;
}

/** A status's name in the e-mail's language (common i18n status.<name>); the name itself if it has none. */
function statusName(status, locale) {
  const names = own(mail.statusNames, locale) || mail.statusNames[mail.defaultLanguage];
  return own(names, status) || status;
}

/** The applicant's address and language of a record of `service` ('' when the service e-mails no applicant or none was given). */
function applicantOf(service, record) {
  const applicant = service && service.mail.applicant;
  return { to: applicant ? record.getString(applicant.to) : '', locale: record.getString('locale') || mail.defaultLanguage };
}

/**
 * The e-mail of a status change to the applicant, unsaved (null when the service does not notify this status,
 * service.json mail.status, or the applicant gave no address): in the language they applied in, with the status's
 * name in it and, like every e-mail to them, nothing they typed. `changedAt`: a Date.
 */
function statusMail(app, record, status, changedAt) {
  const service = mail.services[record.collection().name];
  const declared = service && service.mail.status;
  if (!declared || declared.notify.indexOf(status) < 0) return null;
  const who = applicantOf(service, record);
  if (!who.to) return null;
  const ctx = context(service, record, who.locale, options(), record.getString('created'), declared.template, 'applicant');
  ctx.status = statusName(status, who.locale);
  ctx.changedAt = pbDate(changedAt.getTime()).slice(0, 16) + ' UTC';
  return mailRecord(app, record, 'applicant', who.to, who.locale, declared.template, ctx, JSON.stringify(ctx));
}

/**
 * The applicant's cancellation (lib/application.js cancel): its confirmation to them, in their language, and a
 * notice to each staff address, unsaved. `at`: a Date, when they cancelled.
 */
function cancellationMails(app, record, at) {
  const service = mail.services[record.collection().name];
  const templates = service && service.mail.cancellation;
  if (!templates) return [];
  const opts = options();
  const changedAt = pbDate(at.getTime()).slice(0, 16) + ' UTC';
  const items = [];
  const who = applicantOf(service, record);
  if (who.to) {
    const ctx = context(service, record, who.locale, opts, record.getString('created'), templates.applicant, 'applicant');
    ctx.changedAt = changedAt;
    items.push(mailRecord(app, record, 'applicant', who.to, who.locale, templates.applicant, ctx, JSON.stringify(ctx)));
  }
  if (opts.staff.length > 0) {
    const ctx = context(service, record, mail.defaultLanguage, opts, record.getString('created'), templates.staff, 'staff');
    ctx.changedAt = changedAt;
    const json = JSON.stringify(ctx);
    for (const address of opts.staff) items.push(mailRecord(app, record, 'staff', address, mail.defaultLanguage, templates.staff, ctx, json));
  }
  return items;
}

/**
 * The resume link of a saved draft (lib/drafts.js), unsaved, to the address it was saved for. `ctx` names
 * the form and holds the link with TOKEN_MARKER (withApplicantToken puts the draft's token in when it is
 * sent, so the outbox never holds it) and none of the answers.
 */
function draftMail(app, draft, template, ctx) {
  const full = Object.assign({ company: companyContext() }, ctx);
  return mailRecord(app, draft, 'applicant', draft.getString('email'), draft.getString('locale'), template, full, JSON.stringify(full));
}

/**
 * A reply staff wrote to the applicant (lib/replies.js), unsaved, of kind `reply`: to `who.to` in `who.locale`,
 * its text as paragraphs (split at blank lines) in the staff-reply template with the reference and the
 * company's signature, and nothing else of the application. Sent with Reply-To the company's address
 * (replyToOf), so the applicant's answer reaches staff, not the sending address.
 */
function replyMail(app, record, who, text) {
  const service = mail.services[record.collection().name];
  const ctx = context(service, record, who.locale, options(), record.getString('created'), REPLY_TEMPLATE, 'reply');
  ctx.paragraphs = String(text)
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return mailRecord(app, record, 'reply', who.to, who.locale, REPLY_TEMPLATE, ctx, JSON.stringify(ctx));
}

/** The template of a staff reply (schemas/mail/staff-reply/). */
const REPLY_TEMPLATE = 'staff-reply';

/**
 * Where the recipient's answer goes: an applicant's e-mails (a staff reply, a confirmation, a status change,
 * ...) say "reply to this e-mail", so their answer goes to the company's address, not the sending one;
 * staff e-mails keep the sender.
 */
const replyToOf = (item) => (item.getString('kind') === 'staff' ? '' : mail.company.email || '');

/**
 * Renders the body of an e-mail that has none yet (one written by mailRecord(); a rendered one is sent as it
 * is, so a retry or a resend sends the same e-mail) and drops the context it was rendered from.
 */
function ensureRendered(app, item) {
  if (item.getString('html') || !item.getString('template')) return;
  const source = { collection: item.getString('sourceCollection'), record: item.getString('record') };
  const body = renderBody(app, item.getString('template'), item.getString('locale'), JSON.parse(item.getString('context')), source);
  item.set('html', body.html);
  item.set('text', body.text);
  item.set('context', null);
}

/** `attachment`: { name, bytes } (an ArrayBuffer) or null; `replyTo`: an address for the Reply-To header, or ''. */
function deliver(app, to, subject, html, text, attachment, replyTo) {
  const meta = app.settings().meta;
  const message = new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: to }],
    subject: subject,
    html: html,
    text: text,
  });
  // PocketBase's mailer message has no Reply-To of its own: it sends the headers it is given.
  if (replyTo) message.headers = { 'Reply-To': replyTo };
  // PocketBase's mailer reads an attachment from an io.Reader: a file of the bytes, opened.
  if (attachment) message.attachments = { [attachment.name]: $filesystem.fileFromBytes(attachment.bytes, attachment.name).reader.open() };
  app.newMailClient().send(message);
}

/**
 * The signed copy's PDF (lib/signedCopy.js) for the applicant's e-mail that shows the documents as signed,
 * made when it is sent (about half a second, not in the submission); null for any other e-mail.
 */
function signedCopyOf(app, item) {
  if (item.getString('kind') !== 'applicant' || mail.agreementTemplates.indexOf(item.getString('template')) < 0) return null;
  return require(`${__hooks}/lib/signedCopy.js`).signedPdf(app, item.getString('sourceCollection'), item.getString('record'));
}

/**
 * The body of an applicant's e-mail as it goes to SMTP: its status link gets the application's token in
 * place of the marker it is stored with (lib/agreements.js TOKEN_MARKER), read from the record now, so a
 * retry or a resend carries a working link and the outbox, which staff read, never holds the token. Only
 * an applicant's own e-mail gets it; another that shows the link sends it without its token.
 */
function withApplicantToken(app, item) {
  const body = { html: item.getString('html'), text: item.getString('text') };
  const marker = require(`${__hooks}/lib/agreements.js`).TOKEN_MARKER;
  if (item.getString('kind') !== 'applicant' || (body.html.indexOf(marker) < 0 && body.text.indexOf(marker) < 0)) return body;
  let token;
  try {
    token = app.findRecordById(item.getString('sourceCollection'), item.getString('record')).getString('accessToken');
  } catch (err) {
    // In the trash: retried like any failed send, marked failed after the last attempt; once the
    // application is restored, staff send it again from its card (its link works again then).
    throw new Error('The application ' + item.getString('record') + ' of this e-mail is not in its list (in the trash?): its status link cannot be sent.', { cause: err });
  }
  if (!/^[A-Za-z0-9]{40}$/.test(token)) throw new Error('The application ' + item.getString('record') + ' has no status link token.');
  return { html: body.html.split(marker).join(token), text: body.text.split(marker).join(token) };
}

function sendOne(app, item) {
  ensureRendered(app, item);
  const body = withApplicantToken(app, item);
  deliver(app, item.getString('to'), item.getString('subject'), body.html, body.text, signedCopyOf(app, item), replyToOf(item));
}

/** The staff digest template (schemas/mail/staff-digest/), if the site has one. */
const STAFF_DIGEST = 'staff-digest';

/**
 * Several staff notices to one address as one e-mail (the staff digest), each as its own template rendered
 * it, so a burst of submissions is not one notice per throttle period (300 notices were 5 hours of them).
 * Each notice keeps its own rendering: a resend of one sends that notice alone.
 */
function sendDigest(app, items) {
  for (const item of items) ensureRendered(app, item);
  const locale = items[0].getString('locale');
  const t = templateOf(STAFF_DIGEST, locale);
  const ctx = {
    count: items.length,
    notices: items.map((item) => ({ subject: item.getString('subject'), html: item.getString('html'), text: item.getString('text') })),
    company: companyContext(),
  };
  deliver(app, items[0].getString('to'), t.subject(ctx).replace(/\s+/g, ' ').trim(), t.html(ctx), t.text(ctx));
}

/** The due e-mails in sending order, in groups sent as one: staff notices due to one address together, each other e-mail alone. */
function sendingGroups(due) {
  const digests = own(mail.templates, STAFF_DIGEST) ? {} : null;
  const groups = [];
  for (const item of due) {
    const key = item.getString('kind') === 'staff' ? item.getString('to') + '\u0000' + item.getString('locale') : null;
    if (digests && key !== null && own(digests, key)) {
      digests[key].push(item);
      continue;
    }
    const group = [item];
    if (digests && key !== null) digests[key] = group;
    groups.push(group);
  }
  return groups;
}

/**
 * Sends every due e-mail. Returns what happened, for the flush endpoint and the logs. Does nothing
 * while SMTP is not configured (FORMWORK_SMTP_HOST): e-mails wait, none is lost.
 */
function processDue(app) {
  // sent: e-mails marked sent, a digest's notices each; digests: the e-mails that carried several.
  const result = { sent: 0, digests: 0, deferred: 0, retrying: 0, failed: 0, skipped: false };
  if (!app.settings().smtp.enabled) {
    result.skipped = true;
    return result;
  }
  // One sender at a time (the minute's job, a staff flush): claimed under the store's lock, as a check
  // and a set apart would let two that start together both send the same e-mails.
  const store = app.store();
  let claimed = false;
  store.setFunc('formwork.outbox.busy', (busy) => {
    claimed = !busy;
    return true;
  });
  if (!claimed) {
    result.skipped = true;
    return result;
  }
  try {
    const opts = options();
    const now = Date.now();
    const due = app.findRecordsByFilter(config.outboxCollection, "status = 'pending' && nextAttemptAt <= {:now}", 'nextAttemptAt', 100, 0, {
      now: pbDate(now),
    });
    for (const group of sendingGroups(due)) {
      const to = group[0].getString('to');
      const since = pbDate(Date.now() - opts.throttleSeconds * 1000);
      const recent = app.findRecordsByFilter(config.outboxCollection, "to = {:to} && status = 'sent' && sentAt > {:since}", '-sentAt', 1, 0, {
        to: to,
        since: since,
      });
      if (recent.length > 0) {
        for (const item of group) {
          item.set('nextAttemptAt', pbDate(msOf(recent[0].getString('sentAt')) + opts.throttleSeconds * 1000));
          app.save(item);
          result.deferred++;
        }
        continue;
      }
      let failure = null;
      try {
        if (group.length > 1) sendDigest(app, group);
        else sendOne(app, group[0]);
      } catch (err) {
        failure = err;
      }
      if (!failure && group.length > 1) result.digests++;
      for (const item of group) {
        if (!failure) {
          item.set('status', 'sent');
          item.set('sentAt', pbDate(Date.now()));
          item.set('lastError', '');
          result.sent++;
        } else {
          const attempts = item.getInt('attempts') + 1;
          item.set('attempts', attempts);
          item.set('lastError', String(failure).slice(0, 1000));
          if (attempts >= opts.maxAttempts) {
            item.set('status', 'failed');
            result.failed++;
          } else {
            const delay = Math.min(opts.retrySeconds * Math.pow(2, attempts - 1), 6 * 3600);
            item.set('nextAttemptAt', pbDate(Date.now() + delay * 1000));
            result.retrying++;
          }
        }
        app.save(item);
      }
    }
  } finally {
    store.remove('formwork.outbox.busy');
  }
  return result;
}

/** Staff asked to send an e-mail again: it becomes pending and due now, with a fresh set of attempts. */
function resend(app, id) {
  const item = app.findRecordById(config.outboxCollection, id);
  item.set('status', 'pending');
  item.set('attempts', 0);
  item.set('lastError', '');
  item.set('nextAttemptAt', pbDate(Date.now()));
  app.save(item);
  return item;
}

/** SMTP and sender from the environment (never from the repository). */
function configure(app) {
  const settings = app.settings();
  const host = env('FORMWORK_SMTP_HOST', '');
  settings.smtp.enabled = host !== '';
  if (host) {
    settings.smtp.host = host;
    settings.smtp.port = Number(env('FORMWORK_SMTP_PORT', '25'));
    settings.smtp.username = env('FORMWORK_SMTP_USERNAME', '');
    settings.smtp.password = env('FORMWORK_SMTP_PASSWORD', '');
    settings.smtp.tls = env('FORMWORK_SMTP_TLS', 'false') === 'true';
  }
  // PocketBase's own e-mails (staff verification, sign-in codes) name the company and link to the site.
  settings.meta.appName = mail.company.name;
  if (env('FORMWORK_PUBLIC_URL', '')) settings.meta.appURL = publicUrl();
  settings.meta.senderAddress = env('FORMWORK_MAIL_FROM', mail.company.email);
  settings.meta.senderName = env('FORMWORK_MAIL_FROM_NAME', mail.company.name);
  app.save(settings);
}

/** Superusers and staff admins may flush the outbox and resend. */
function mayManage(auth) {
  if (!auth) return false;
  if (auth.isSuperuser()) return true;
  return auth.collection().name === config.staffCollection && auth.getString('role') === 'admin';
}

module.exports = { schedule, submissionMails, statusMail, cancellationMails, draftMail, replyMail, applicantOf, enqueuePaymentDue, processDue, resend, configure, mayManage, longDay, usd };
