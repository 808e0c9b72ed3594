/**
 * Agreements (service.json "agreements"): documents an applicant reads, and signs, before submitting,
 * written as agreements/<document>.<locale>.md in the service's folder. The generator fills in the
 * company's and the service's values, so what the applicant sees, what the server hashes and what the
 * e-mailed copy says are one text; the version is the hash of the binding English text.
 */
import { createHash } from 'node:crypto';
import type { Company, Locale } from '../shared/registry.ts';
import type { Problems } from './errors.ts';
import { LOCALES, type ServiceSource } from './load.ts';
import type { AgreementsJson } from './sources.ts';
import { agreementMarkup, type Markup } from './agreementMarkup.ts';

export interface AgreementModel {
  id: string;
  sign: boolean;
  /** First 12 hex digits of the English text's SHA-256: a new text is a new version. */
  version: string;
  texts: Record<Locale, { title: string; body: string }>;
  /** SHA-256 of exactly what the applicant reads in each language (title, blank line, body). */
  hashes: Record<Locale, string>;
  /** Each language's body as HTML (the e-mailed copy) and as blocks (the PDF), rendered from its markdown here. */
  markup: Record<Locale, Markup>;
}

export interface AgreementsModel {
  documents: AgreementModel[];
  /** US business days the applicant may cancel in after signing; absent: no cancellation right. */
  businessDays?: number;
}

export type PaymentTiming = 'upfront' | 'after-cancellation' | 'after-service';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** "$300.00", "$1,250.50": how amounts read in a contract. */
export function contractUsd(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** The text the applicant is shown, as one string: what is hashed and what the e-mail copy holds. */
export const shownText = (t: { title: string; body: string }): string => `${t.title}\n\n${t.body}`;

/** Placeholders → values; a placeholder nothing fills, or a stray brace, is a schema error. */
function fill(text: string, values: Record<string, string>, file: string, problems: Problems): string {
  const filled = text.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name: string) => {
    if (name in values) return values[name] as string;
    problems.add(file, '', `unknown placeholder ${whole}: use ${Object.keys(values).map((k) => `{${k}}`).join(', ')}`);
    return whole;
  });
  if (/[{}]/.test(filled.replace(/\{[A-Za-z][A-Za-z0-9]*\}/g, ''))) problems.add(file, '', 'a "{" or "}" that is not a placeholder');
  return filled;
}

function parse(text: string): { title: string; body: string } | null {
  const normalized = text.replace(/\r\n/g, '\n').trim();
  const m = /^# (.+)\n\n([\s\S]+)$/.exec(normalized);
  return m ? { title: (m[1] ?? '').trim(), body: (m[2] ?? '').trim() } : null;
}

export function agreementsModel(
  src: ServiceSource,
  declared: AgreementsJson | undefined,
  values: Record<string, string>,
  problems: Problems,
): AgreementsModel | undefined {
  if (!declared) {
    for (const doc of Object.keys(src.agreements)) problems.add(src.service.path, '/agreements', `agreements/${doc}.*.md exists but service.json declares no agreements`);
    return undefined;
  }
  const documents = declared.documents.flatMap((d, i): AgreementModel[] => {
    const files = src.agreements[d.id] ?? {};
    const texts = {} as Record<Locale, { title: string; body: string }>;
    const markup = {} as Record<Locale, Markup>;
    for (const locale of LOCALES) {
      const file = files[locale];
      if (!file) {
        problems.add(src.service.path, `/agreements/documents/${i}`, `agreements/${d.id}.${locale}.md is missing`);
        continue;
      }
      const parsed = parse(fill(file.data, values, file.path, problems));
      if (!parsed) problems.add(file.path, '', 'must start with "# Title", a blank line, then the text');
      else {
        texts[locale] = parsed;
        markup[locale] = agreementMarkup(parsed.body, (message) => problems.add(file.path, '', message));
      }
    }
    if (LOCALES.some((l) => !texts[l])) return [];
    for (const l of LOCALES.filter((x) => x !== 'en')) {
      if (texts[l].body === texts.en.body) problems.add(files[l]?.path ?? '', '', 'is the same as the English text; translate it');
    }
    const hashes = Object.fromEntries(LOCALES.map((l) => [l, sha256(shownText(texts[l]))])) as Record<Locale, string>;
    return [{ id: d.id, sign: d.sign === true, version: hashes.en.slice(0, 12), texts, hashes, markup }];
  });
  if (!documents.some((d) => d.sign) && declared.cancellation) problems.add(src.service.path, '/agreements/cancellation', 'a cancellation right needs a document to sign');
  return { documents, ...(declared.cancellation ? { businessDays: declared.cancellation.businessDays } : {}) };
}

/** The values agreement texts may name: the company's and the service's own constants. */
export function agreementValues(company: Company, constants: Record<string, number | string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(company)) values[`company${k.charAt(0).toUpperCase()}${k.slice(1)}`] = String(v);
  for (const [k, v] of Object.entries(constants)) values[k] = typeof v === 'number' ? contractUsd(v) : String(v);
  return values;
}

/** What the server and the renderer both need of a service's agreements (not the texts: those are messages). */
export function agreementsTable(a: AgreementsModel | undefined) {
  return a ? { documents: a.documents.map((d) => ({ id: d.id, sign: d.sign, version: d.version, hashes: d.hashes })), businessDays: a.businessDays ?? 0 } : null;
}
