/**
 * E-mail templates (schemas/mail/<name>/): parsed with handlebars here, so a template that does not
 * compile or names a variable the server never provides is a schema error, not a broken e-mail.
 * Templates see only the variables below: the applicant's name, never a field by name, so no template
 * can put an SSN, card data or a document link into an e-mail. A template that goes to the applicant
 * shows nothing the visitor typed (VISITOR_TEXT), and no template links to anything but the company's
 * own addresses (LINK_VARIABLES).
 */
import Handlebars from 'handlebars';
import type { Locale } from '../shared/registry.ts';
import type { Problems } from './errors.ts';
import { LOCALES, type MailSource } from './load.ts';

/** What the server puts in every template's context (pb_hooks/lib/outbox.js builds it). */
export const MAIL_VARIABLES = [
  'name',
  'service',
  'form',
  'submittedAt',
  'language',
  'reference',
  'listUrl',
  'fields',
  'company',
  // Services with agreements: the documents as signed, the applicant's own status link, the cancellation
  // deadline (its last day and time zone; empty without a cancellation right) and, when offered, the payment link.
  'agreements',
  'statusUrl',
  'cancelUntil',
  'cancelTimeZone',
  'checkoutUrl',
  // A status change (pb_hooks/lib/status.js): the new status's name in the e-mail's language, and when it
  // changed (to the minute, UTC); for the applicant's cancellation, when they cancelled.
  'status',
  'changedAt',
  // "Save and continue later" (pb_hooks/lib/drafts.js): the resume link (the site's own page, its token put
  // in when sent) and the days it works.
  'resumeUrl',
  'resumeDays',
  // A reply staff wrote to the applicant (pb_hooks/lib/replies.js): its text, one entry per paragraph
  // ({{#each paragraphs}}{{this}}{{/each}}), escaped like every other value.
  'paragraphs',
  // A staff member's password reset (pb_hooks/staffPassword.pb.js): the site's own reset page, with the token.
  'resetUrl',
];
/**
 * The variables that are text a visitor typed (the name as the form's fields compose it). An e-mail that
 * goes to the applicant goes to an address the visitor chose: anything of theirs in it would let a stranger
 * send any text from the company's address (issue 29.10). Only staff templates may read them; an
 * applicant's `fields` hold only closed choices (pb_hooks/lib/outbox.js fieldLines, `closed` below).
 */
const VISITOR_TEXT = ['name'];
/** The applicant's confirmation of their cancellation, and the staff notice of it (services with a right to cancel). */
export const CANCELLATION = 'cancellation';
export const STAFF_CANCELLATION = 'staff-cancellation';
/** Templates that go to staff (their own addresses): every other template goes to an applicant. */
const STAFF_TEMPLATES = ['staff-notice', 'staff-digest', STAFF_CANCELLATION, 'staff-password-reset'];
/**
 * The only values a template may put where a link's address goes: the company's own (the site's pages,
 * the checkout link of service.json, the company's phone and e-mail from site.json).
 */
const LINK_VARIABLES = ['statusUrl', 'resumeUrl', 'checkoutUrl', 'listUrl', 'resetUrl', 'company.phoneDigits', 'company.email'];
/** The end of a template's text where a value put next becomes (part of) a link's address: an attribute that takes a URL, or a URL begun. */
const IN_LINK = /(?:\s(?:href|src|srcset|action|formaction|background|poster|cite|xlink:href)\s*=\s*(?:"[^"]*|'[^']*|[^\s"'>]*)|[a-z][a-z0-9+.-]*:(?:\/\/)?[^\s"'<>]*)$/i;

/**
 * Inside {{#each fields}}: one non-sensitive, non-file field; inside {{#each agreements}}: one document as
 * signed: its text, its HTML (rendered by the generator from the schema's markdown, generator/agreementMarkup.ts),
 * its version and hash and, for the one signed, `signedAt` and `signedName`. `signedName` is the only typed
 * text an applicant's e-mail may show: the server lets it through only under a strict name rule (letters,
 * spaces, ' - . , and at most 80 characters: pb_hooks/lib/signedCopy.js printableName), else it is ''.
 */
const FIELD_VARIABLES = ['label', 'value', 'title', 'text', 'html', 'version', 'hash', 'signed', 'signedName', 'signedAt'];
const COMPANY_VARIABLES = ['name', 'address', 'phone', 'phoneDigits', 'email', 'ein', 'stateId'];

/**
 * The staff digest: staff notices due to one address together go as one e-mail (pb_hooks/lib/outbox.js),
 * each as its own template rendered it. Its context is that list, not a submission's: `count`, `notices`
 * (each its `subject`, `html` and `text`) and `company`. Its HTML body puts each notice's HTML in as it is
 * (`{{{html}}}`), as an agreement's template does with a document's HTML, and no template may do with any
 * other value: a notice's HTML escaped what it shows when it was rendered, a document's is the schema's
 * text, and a template's own `{{{…}}}` would put an applicant's text into the HTML raw.
 */
export const STAFF_DIGEST = 'staff-digest';
const DIGEST_VARIABLES = ['count', 'notices', 'company'];
const NOTICE_VARIABLES = ['subject', 'html', 'text'];

export interface MailTemplateModel {
  name: string;
  subject: Record<Locale, string>;
  html: Record<Locale, string>;
  text: Record<Locale, string>;
  /** Whether it shows the documents as signed: only then does the server render their texts from the archive. */
  showsAgreements: boolean;
  /** The context's top-level variables it reads, in any language: the server builds only those. */
  reads: string[];
}

type Node = { type: string; [key: string]: unknown };

/** Every variable path a template reads, with whether it is read inside an #each block and whether unescaped ({{{…}}}). */
type Loc = { start: { line: number; column: number } };

function variablesOf(program: Node, insideEach = false, out: { path: string; inEach: boolean; raw: boolean; loc?: Loc }[] = []) {
  let raw = false;
  const visit = (node: unknown, inEach: boolean): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, inEach));
    const n = node as Node;
    if (n.type === 'PathExpression') {
      const original = String(n.original);
      if (original !== 'this' && !original.startsWith('@')) out.push({ path: original, inEach, raw, loc: n.loc as Loc | undefined });
      return;
    }
    if (n.type === 'MustacheStatement' && n.escaped === false) {
      raw = true;
      visit(n.path, inEach);
      visit(n.params, inEach);
      raw = false;
      return;
    }
    if (n.type === 'BlockStatement' && (n.path as Node).original === 'each') {
      visit(n.params, inEach);
      visit(n.program, true);
      visit(n.inverse, inEach);
      return;
    }
    if ((n.type === 'MustacheStatement' || n.type === 'BlockStatement' || n.type === 'SubExpression') && ['if', 'unless', 'each', 'with'].includes(String((n.path as Node).original))) {
      visit(n.params, inEach);
      visit(n.program, inEach);
      visit(n.inverse, inEach);
      return;
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'loc') visit(value, inEach);
  };
  visit(program, insideEach);
  return out;
}

/** The variables a template puts into a link's address (an href, a src, a URL begun in the text), in the order written. */
function linkedVariables(program: Node): { path: string; loc?: Loc }[] {
  const linked: { path: string; loc?: Loc }[] = [];
  let tail = '';
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    if (n.type === 'ContentStatement') {
      tail = (tail + String(n.value)).slice(-500);
    } else if (n.type === 'MustacheStatement') {
      const path = String((n.path as Node).original);
      if (IN_LINK.test(tail)) linked.push({ path, loc: n.loc as Loc | undefined });
      tail += 'x'; // the value is in the text now: still inside the address it continues
    } else if (n.type === 'BlockStatement') {
      visit((n.program as Node | undefined)?.body);
      visit((n.inverse as Node | undefined)?.body);
    } else if (n.type === 'Program') {
      visit(n.body);
    }
  };
  visit(program);
  return linked;
}

function allowed(path: string, inEach: boolean, digest: boolean): boolean {
  const [head, ...rest] = path.split('.');
  if (inEach && (digest ? NOTICE_VARIABLES : FIELD_VARIABLES).includes(path)) return true;
  if (head === 'company') return rest.length === 1 && COMPANY_VARIABLES.includes(rest[0] ?? '');
  return rest.length === 0 && (digest ? DIGEST_VARIABLES : MAIL_VARIABLES).includes(head ?? '');
}

const variablesHint = (digest: boolean) =>
  digest
    ? `the staff digest may use ${DIGEST_VARIABLES.join(', ')} (notices: ${NOTICE_VARIABLES.join(', ')}; company: ${COMPANY_VARIABLES.join(', ')})`
    : `templates may use ${MAIL_VARIABLES.join(', ')} (fields: label, value; company: ${COMPANY_VARIABLES.join(', ')})`;

/** Checks a template's variables; returns the top-level ones it reads (none when it does not parse). */
function checkTemplate(source: string, file: string, pointer: string, problems: Problems, name: string): string[] {
  const digest = name === STAFF_DIGEST;
  // A body file's problems are at the variable's line and column (handlebars counts columns from 0); a
  // subject's are at its text in subject.json.
  const at = (loc?: Loc) => (pointer === '' && loc ? { line: loc.start.line, column: loc.start.column + 1 } : undefined);
  let ast: Node;
  try {
    ast = Handlebars.parse(source) as unknown as Node;
  } catch (err) {
    const first = (err as Error).message.split('\n')[0] ?? '';
    // The parser names the line only ("Parse error on line 2:").
    const line = Number(/on line (\d+)/.exec(first)?.[1] ?? 1);
    problems.add(file, pointer, `not a valid handlebars template: ${first}`, pointer === '' ? { line, column: 1 } : undefined);
    return [];
  }
  const read: string[] = [];
  const toStaff = STAFF_TEMPLATES.includes(name);
  for (const { path, loc } of linkedVariables(ast)) {
    if (!LINK_VARIABLES.includes(path)) {
      problems.add(file, pointer, `"${path}" is put into a link: a link's address may only be the company's own (${LINK_VARIABLES.join(', ')}), so an e-mail never links to an address a visitor typed`, at(loc));
    }
  }
  for (const { path, inEach, raw, loc } of variablesOf(ast)) {
    if (!toStaff && !inEach && VISITOR_TEXT.includes(path)) {
      problems.add(file, pointer, `"${path}" is text the visitor typed, and this e-mail goes to an address they chose: only staff templates (${STAFF_TEMPLATES.join(', ')}) may show it (greet without a name)`, at(loc));
    } else if (!allowed(path, inEach, digest)) {
      problems.add(file, pointer, `unknown variable "${path}": ${variablesHint(digest)}`, at(loc));
    } else if (raw && !(inEach && path === 'html')) {
      problems.add(file, pointer, `"${path}" is put in unescaped ({{{…}}} or {{&…}}): write {{${path}}}, so what an applicant typed cannot become HTML in the e-mail`, at(loc));
    } else if (!inEach) read.push(path.split('.')[0] ?? path);
  }
  return read;
}

export function mailModels(sources: MailSource[], problems: Problems): MailTemplateModel[] {
  return sources.map((m) => {
    const subjects = m.subject.data as Record<string, string>;
    const model: MailTemplateModel = {
      name: m.name,
      subject: {} as Record<Locale, string>,
      html: {} as Record<Locale, string>,
      text: {} as Record<Locale, string>,
      showsAgreements: false,
      reads: [],
    };
    const read: string[] = [];
    for (const l of LOCALES) {
      const body = m.bodies[l];
      model.subject[l] = subjects[l] ?? '';
      model.html[l] = body?.html.data ?? '';
      model.text[l] = body?.text.data ?? '';
      read.push(...checkTemplate(model.subject[l], m.subject.path, `/${l}`, problems, m.name));
      if (body) {
        read.push(...checkTemplate(body.html.data, body.html.path, '', problems, m.name));
        read.push(...checkTemplate(body.text.data, body.text.path, '', problems, m.name));
      }
    }
    model.showsAgreements = read.includes('agreements');
    model.reads = [...new Set(read)].sort();
    return model;
  });
}

/** The template a service's `"staff": true` sends. */
export const STAFF_NOTICE = 'staff-notice';
