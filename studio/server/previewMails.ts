/**
 * The e-mails a service sends, as the preview shows them: rendered by the very module PocketBase runs
 * (pb_hooks/generated/mail.js, made by the generator's mail emit: generator/emit/mail.ts), for this
 * service alone, with the sample record's values. The context is built as pb_hooks/lib/outbox.js builds
 * it (only the closed fields to the applicant, the name to staff only), from the same texts.
 */
import { runInNewContext } from 'node:vm';
import { emitMail } from '../../generator/emit/mail.ts';
import { STAFF_NOTICE } from '../../generator/mail.ts';
import type { ServiceModel, SiteModel } from '../../generator/model/types.ts';
import type { Locale } from '../../shared/registry.ts';
import type { PreviewMail } from '../preview/payload.ts';

/** The address the sample e-mails' links start with (a reserved example domain: nothing real). */
const SAMPLE_URL = 'https://example.com';

type Template = (ctx: unknown) => string;
type FieldText = { name: string; label: string; kind: string; format: string | null; options: Record<string, string>; closed: boolean };
type ServiceTexts = { title: string; forms: Record<string, string>; fields: FieldText[]; agreements: { id: string; title: string; text: string }[]; language: string };
interface MailModule {
  templates: Record<string, Record<string, { subject: Template; html: Template; text: Template }>>;
  services: Record<string, { id: string; mail: ServiceModel['mail']; adminRoute: string; texts: Record<string, ServiceTexts> }>;
  statusNames: Record<string, Record<string, string>>;
  days: Record<string, { long: string; months: string[] }>;
  company: Record<string, string>;
  defaultLanguage: Locale;
}

/** The last modules evaluated, by source: a draft edit that leaves the e-mails' texts alone costs nothing here. */
const evaluated = new Map<string, MailModule>();

/** The emitted CommonJS module, run as PocketBase's runtime would run it (it requires nothing). */
function mailModule(site: SiteModel, s: ServiceModel): MailModule {
  const source = emitMail({ ...site, services: [s] }).get('pb_hooks/generated/mail.js') ?? '';
  const cached = evaluated.get(source);
  if (cached) return cached;
  const module = { exports: {} as MailModule };
  runInNewContext(source, { module, exports: module.exports }, { filename: 'mail.js' });
  if (evaluated.size >= 4) evaluated.delete(evaluated.keys().next().value as string);
  evaluated.set(source, module.exports);
  return module.exports;
}

/** As pb_hooks/lib/outbox.js usd(). */
function usd(value: unknown): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const [whole, cents] = (Math.round(n) === n ? String(n) : n.toFixed(2)).split('.');
  return `$${(whole ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cents ? `.${cents}` : ''}`;
}

/** As pb_hooks/lib/outbox.js longDay(). */
function longDay(mail: MailModule, day: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const texts = mail.days[language] ?? mail.days[mail.defaultLanguage];
  if (!m || !texts) return day;
  const parts: Record<string, string> = { year: m[1]!, month: texts.months[Number(m[2]) - 1] ?? m[2]!, day: String(Number(m[3])) };
  return texts.long.replace(/\{(year|month|day)\}/g, (_, name: string) => parts[name] ?? '');
}

/** As pb_hooks/lib/outbox.js fieldLines(): the applicant's e-mail shows only closed fields (choices, numbers, dates). */
function fieldLines(values: Record<string, unknown>, texts: ServiceTexts, toApplicant: boolean) {
  return texts.fields.flatMap((f) => {
    if (f.kind === 'bool' || (toApplicant && !f.closed)) return [];
    const raw = values[f.name];
    if (raw === undefined || raw === null || raw === '') return [];
    return [{ label: f.label, value: f.format === 'usd' ? usd(raw) : (f.options[String(raw)] ?? String(raw)) }];
  });
}

/** As pb_hooks/lib/outbox.js context(), from the sample record (agreements as signed by a sample name). */
function context(mail: MailModule, s: ServiceModel, record: Record<string, unknown>, language: Locale, toApplicant: boolean) {
  const service = mail.services[s.collection]!;
  const texts = service.texts[language] ?? service.texts[mail.defaultLanguage]!;
  const created = String(record.created);
  return {
    service: texts.title,
    form: texts.forms[String(record.variant)] ?? texts.title,
    submittedAt: `${created.slice(0, 16)} UTC`,
    language: texts.language,
    reference: String(record.reference ?? ''),
    listUrl: SAMPLE_URL + service.adminRoute,
    ...(toApplicant ? {} : { name: s.mail.name.map((f) => String(record[f] ?? '').trim()).filter(Boolean).join(' ') }),
    fields: fieldLines(record, texts, toApplicant),
    company: { ...mail.company, phoneDigits: (mail.company.phone ?? '').replace(/[^\d+]/g, '') },
    agreements: texts.agreements.map((d) => ({ ...d, html: '', version: '1', hash: '', signed: true, signedName: '', signedAt: `${created.slice(0, 16)} UTC` })),
    statusUrl: `${SAMPLE_URL}/application/sample`,
    cancelUntil: s.agreements ? longDay(mail, '2026-06-04', language) : '',
    cancelTimeZone: s.agreements ? 'America/New_York' : '',
    checkoutUrl: s.checkout?.url ?? '',
  };
}

function render(mail: MailModule, template: string, language: Locale, ctx: object, who: Pick<PreviewMail, 'to' | 'when'>): PreviewMail {
  const versions = mail.templates[template];
  const t = versions?.[language] ?? versions?.[mail.defaultLanguage];
  if (!t) throw new Error(`no e-mail template "${template}"`);
  return { template, ...who, locale: language, subject: t.subject(ctx).replace(/\s+/g, ' ').trim(), html: t.html(ctx), text: t.text(ctx) };
}

/**
 * Every e-mail the service's service.json says it sends: on a submission (to the applicant in `locale`, the
 * staff notice in the site's default language, as the server sends them), on a status change it notifies,
 * and on the applicant's cancellation.
 */
export function previewMails(site: SiteModel, s: ServiceModel, record: Record<string, unknown>, locale: Locale): PreviewMail[] {
  const mail = mailModule(site, s);
  const staffLanguage = mail.defaultLanguage;
  const mails: PreviewMail[] = [];
  const { applicant, staff, staffTemplate, status, cancellation } = s.mail;
  if (applicant) mails.push(render(mail, applicant.template, locale, context(mail, s, record, locale, true), { to: 'applicant', when: 'submitted' }));
  if (staff) mails.push(render(mail, staffTemplate ?? STAFF_NOTICE, staffLanguage, context(mail, s, record, staffLanguage, false), { to: 'staff', when: 'submitted' }));
  const notified = status?.notify[0];
  if (status && notified && applicant) {
    const ctx = { ...context(mail, s, record, locale, true), status: mail.statusNames[locale]?.[notified] ?? notified, changedAt: '2026-06-02 09:15 UTC' };
    mails.push(render(mail, status.template, locale, ctx, { to: 'applicant', when: 'status' }));
  }
  if (cancellation) {
    const changedAt = '2026-06-02 09:15 UTC';
    if (applicant) mails.push(render(mail, cancellation.applicant, locale, { ...context(mail, s, record, locale, true), changedAt }, { to: 'applicant', when: 'cancelled' }));
    mails.push(render(mail, cancellation.staff, staffLanguage, { ...context(mail, s, record, staffLanguage, false), changedAt }, { to: 'staff', when: 'cancelled' }));
  }
  return mails;
}
