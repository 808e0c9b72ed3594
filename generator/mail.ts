/**
 * E-mail templates (schemas/mail/<name>/): parsed with handlebars here, so a template that does not
 * compile or names a variable the server never provides is a schema error, not a broken e-mail.
 * Templates see only the variables below: the applicant's name, never a field by name, so no template
 * can put an SSN, card data or a document link into an e-mail.
 */
import Handlebars from 'handlebars';
import type { Locale } from '../src/engine/types.ts';
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
];
/** Inside {{#each fields}}: one non-sensitive, non-file field; inside {{#each agreements}}: one document. */
const FIELD_VARIABLES = ['label', 'value', 'title', 'text'];
const COMPANY_VARIABLES = ['name', 'address', 'phone', 'phoneDigits', 'email', 'ein', 'stateId'];

/**
 * The staff digest: staff notices due to one address together go as one e-mail (pb_hooks/lib/outbox.js),
 * each as its own template rendered it. Its context is that list, not a submission's: `count`, `notices`
 * (each its `subject`, `html` and `text`) and `company`. Its HTML body puts each notice's HTML in as it is
 * (`{{{html}}}`), which no other template may do with any value: a notice's HTML escaped what it shows
 * when it was rendered, and a template's own `{{{…}}}` would put an applicant's text into the HTML raw.
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
function variablesOf(program: Node, insideEach = false, out: { path: string; inEach: boolean; raw: boolean }[] = []) {
  let raw = false;
  const visit = (node: unknown, inEach: boolean): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, inEach));
    const n = node as Node;
    if (n.type === 'PathExpression') {
      const original = String(n.original);
      if (original !== 'this' && !original.startsWith('@')) out.push({ path: original, inEach, raw });
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
  let ast: Node;
  try {
    ast = Handlebars.parse(source) as unknown as Node;
  } catch (err) {
    problems.add(file, pointer, `not a valid handlebars template: ${(err as Error).message.split('\n')[0]}`);
    return [];
  }
  const read: string[] = [];
  for (const { path, inEach, raw } of variablesOf(ast)) {
    if (!allowed(path, inEach, digest)) {
      problems.add(file, pointer, `unknown variable "${path}": ${variablesHint(digest)}`);
    } else if (raw && !(digest && inEach && path === 'html')) {
      problems.add(file, pointer, `"${path}" is put in unescaped ({{{…}}} or {{&…}}): write {{${path}}}, so what an applicant typed cannot become HTML in the e-mail`);
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
