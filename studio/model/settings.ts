/**
 * The service's settings (service.json, with the staff list's and the form's top text): routes, the
 * reference prefix, collection, trash topic, what the applicant sees after sending, payment, e-mails.
 * The generator's rules for each are in schemas/meta/service.meta.json and docs/schema-format.md.
 */
import { change, type Files, type Json, type JsonObject, type ServiceDraft } from './document.ts';
import { FORM_KEYS, MAIL_KEYS, SERVICE_ADMIN_KEYS, SERVICE_KEYS, UI_BLOCK_PLACES, UI_ROOT_KEYS, insertKey } from './keyOrder.ts';
import { isObject } from './locate.ts';
import { setTextIn } from './texts.ts';

function service(files: Files): JsonObject {
  return files['service.json'] as JsonObject;
}

function formOf(files: Files, form?: string): JsonObject {
  const forms = service(files).forms;
  const list = Array.isArray(forms) ? forms.filter(isObject) : [];
  const f = form === undefined ? list[0] : list.find((x) => x.id === form);
  if (!f) throw new Error(form === undefined ? 'the service has no form' : `no form ${form}`);
  return f;
}

function sub(files: Files, key: string): JsonObject {
  const s = service(files);
  const v = isObject(s[key]) ? s[key] : {};
  insertKey(s, key, v, SERVICE_KEYS);
  return v;
}

function check(value: string, pattern: RegExp, what: string): void {
  if (!pattern.test(value)) throw new Error(what);
}

const ROUTE = /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/;
const ROUTE_WITH_PARAMS = /^\/(([a-z0-9-]+|:[a-z][A-Za-z0-9]*)(\/([a-z0-9-]+|:[a-z][A-Za-z0-9]*))*)?$/;
const ROUTE_RULE = 'an address starts with / and holds lower-case letters, digits and dashes (/tax-return)';

/** The form's address (`forms[].route`; the first form's by default). */
export function setRoute(draft: ServiceDraft, route: string, form?: string): ServiceDraft {
  check(route, ROUTE_WITH_PARAMS, ROUTE_RULE);
  return change(draft, (files) => insertKey(formOf(files, form), 'route', route, FORM_KEYS));
}

/** The staff list's address (`admin.route`). */
export function setAdminRoute(draft: ServiceDraft, route: string): ServiceDraft {
  check(route, ROUTE, ROUTE_RULE);
  return change(draft, (files) => insertKey(sub(files, 'admin'), 'route', route, SERVICE_ADMIN_KEYS));
}

/** Newest applications first, or in the order they were stored (`admin.order`); null: the default. */
export function setAdminOrder(draft: ServiceDraft, order: 'newest' | 'stored' | null): ServiceDraft {
  return change(draft, (files) => {
    const admin = sub(files, 'admin');
    if (order === null) delete admin.order;
    else insertKey(admin, 'order', order, SERVICE_ADMIN_KEYS);
  });
}

/** The applications' reference prefix: 2–4 capitals, different for every service. */
export function setPrefix(draft: ServiceDraft, prefix: string): ServiceDraft {
  check(prefix, /^[A-Z]{2,4}$/, 'a reference prefix is 2 to 4 capital letters (TX)');
  return change(draft, (files) => insertKey(sub(files, 'reference'), 'prefix', prefix, ['prefix']));
}

/** The PocketBase collection (only before a migration created it: the studio shows it read-only then). */
export function setCollection(draft: ServiceDraft, collection: string): ServiceDraft {
  check(collection, /^[a-z][a-z0-9_]*$/, 'a collection name is lower-case letters, digits and underscores, a letter first');
  return change(draft, (files) => insertKey(service(files), 'collection', collection, SERVICE_KEYS));
}

/** The trash topic deleted applications are filed under. */
export function setTrashTopic(draft: ServiceDraft, topic: string): ServiceDraft {
  check(topic, /^[a-z][a-z0-9-]*$/, 'a trash topic is lower-case letters, digits and dashes, a letter first');
  return change(draft, (files) => insertKey(sub(files, 'trash'), 'topic', topic, ['topic']));
}

/** After sending: a message shown instead of the form (a text key), or a page the applicant is taken to. */
export type AfterSending = { kind: 'message'; message: string } | { kind: 'page'; page: string };

export function afterSendingOf(draft: ServiceDraft, form?: string): AfterSending | null {
  const f = formOf(draft.files, form);
  if (typeof f.success === 'string') return { kind: 'page', page: f.success };
  if (isObject(f.success) && Array.isArray(f.success.blocks)) {
    const heading = f.success.blocks.find((b) => isObject(b) && typeof b.message === 'string');
    if (isObject(heading)) return { kind: 'message', message: String(heading.message) };
  }
  return null;
}

/**
 * A message: `{ show: 'instead', blocks: [{ type: 'heading', message }] }`; when the form already shows
 * blocks, only the first message's key changes (the other blocks stay). A page: its route.
 */
export function setAfterSending(draft: ServiceDraft, after: AfterSending, form?: string): ServiceDraft {
  if (after.kind === 'page') check(after.page, ROUTE, ROUTE_RULE);
  else check(after.message, /^[a-zA-Z][A-Za-z0-9._-]*$/, 'a text key is letters, digits, dots, dashes and underscores');
  return change(draft, (files) => {
    const f = formOf(files, form);
    if (after.kind === 'page') {
      insertKey(f, 'success', after.page, FORM_KEYS);
      return;
    }
    const blocks = isObject(f.success) && Array.isArray(f.success.blocks) ? f.success.blocks : null;
    const first = blocks?.find((b) => isObject(b) && typeof b.message === 'string');
    if (isObject(first)) first.message = after.message;
    else insertKey(f, 'success', { show: 'instead', blocks: [{ type: 'heading', message: after.message }] }, FORM_KEYS);
  });
}

/** The price: a constant (`constants.<name>`, dollars); null removes it. */
export function setConstant(draft: ServiceDraft, name: string, value: number | string | null): ServiceDraft {
  check(name, /^[a-z][A-Za-z0-9]*$/, 'a constant name is letters and digits, a lower-case letter first');
  return change(draft, (files) => {
    const constants = sub(files, 'constants');
    if (value === null) delete constants[name];
    else constants[name] = value;
    if (Object.keys(constants).length === 0) delete service(files).constants;
  });
}

/** The payment link: `checkout { url, env }` (env overrides url at run time); null removes it. */
export function setCheckout(draft: ServiceDraft, checkout: { url: string; env: string } | null): ServiceDraft {
  if (checkout) {
    check(checkout.url, /^https:\/\//, 'a checkout link starts with https://');
    check(checkout.env, /^[A-Z][A-Z0-9_]*$/, 'an environment variable is capitals, digits and underscores');
  }
  return change(draft, (files) => {
    if (checkout === null) delete service(files).checkout;
    else insertKey(service(files), 'checkout', { url: checkout.url, env: checkout.env }, SERVICE_KEYS);
  });
}

export type Payment = 'upfront' | 'after-cancellation' | 'after-service';

export function setPayment(draft: ServiceDraft, payment: Payment | null): ServiceDraft {
  return change(draft, (files) => {
    if (payment === null) delete service(files).payment;
    else insertKey(service(files), 'payment', payment, SERVICE_KEYS);
  });
}

function mailOf(files: Files): JsonObject {
  return sub(files, 'mail');
}

function pruneMail(files: Files): void {
  const mail = service(files).mail;
  if (isObject(mail) && Object.keys(mail).length === 0) delete service(files).mail;
}

/** The applicant's confirmation: the template (a folder of schemas/mail/) sent to the e-mail field `to`; null: none. */
export function setApplicantMail(draft: ServiceDraft, applicant: { template: string; to: string } | null): ServiceDraft {
  return change(draft, (files) => {
    const mail = mailOf(files);
    if (applicant === null) delete mail.applicant;
    else insertKey(mail, 'applicant', { template: applicant.template, to: applicant.to }, MAIL_KEYS);
    pruneMail(files);
  });
}

/** Notify staff of each submission (`mail.staff`). */
export function setStaffMail(draft: ServiceDraft, on: boolean): ServiceDraft {
  return change(draft, (files) => {
    const mail = mailOf(files);
    if (on) insertKey(mail, 'staff', true, MAIL_KEYS);
    else delete mail.staff;
    pruneMail(files);
  });
}

/** The fields that make the applicant's name in e-mails (`mail.name`); [] removes it. */
export function setMailName(draft: ServiceDraft, fields: string[]): ServiceDraft {
  return change(draft, (files) => {
    const mail = mailOf(files);
    if (fields.length === 0) delete mail.name;
    else insertKey(mail, 'name', fields, MAIL_KEYS);
    pruneMail(files);
  });
}

function topBlocks(files: Files): Json[] | null {
  const blocks = (files['form.ui.json'] as JsonObject)['ui:blocks'];
  return isObject(blocks) && Array.isArray(blocks.top) ? blocks.top : null;
}

export function hasIntro(draft: ServiceDraft): boolean {
  return (topBlocks(draft.files) ?? []).some((b) => isObject(b) && b.type === 'text' && b.message === 'intro');
}

/** "Introduction text above the form": a top text block showing the text `intro` (English given here). */
export function setIntro(draft: ServiceDraft, on: boolean, text?: string): ServiceDraft {
  return change(draft, (files) => {
    const ui = files['form.ui.json'] as JsonObject;
    const blocks = isObject(ui['ui:blocks']) ? ui['ui:blocks'] : {};
    const top = Array.isArray(blocks.top) ? blocks.top : [];
    const i = top.findIndex((b) => isObject(b) && b.type === 'text' && b.message === 'intro');
    if (on) {
      if (i === -1) top.unshift({ type: 'text', message: 'intro' });
      insertKey(blocks, 'top', top, UI_BLOCK_PLACES);
      insertKey(ui, 'ui:blocks', blocks, UI_ROOT_KEYS);
      if (text) setTextIn(files, 'en', 'intro', text);
    } else {
      if (i !== -1) top.splice(i, 1);
      if (top.length === 0) delete blocks.top;
      if (Object.keys(blocks).length === 0) delete ui['ui:blocks'];
    }
  });
}
