/**
 * Every service's journey end to end, in Uzbek or Russian (alternately), in Debian's chromium against the
 * built site, a real PocketBase and a real SMTP server on loopback. The services come from the generated
 * registry and each form is filled from its own schema (tests/support/fillForm.ts), so a new service in
 * schemas/ walks this journey without a line here.
 *
 * Per service (its first form variant): submit through the real UI; the success screen shows the
 * application's reference in the language chosen, with no axe-core WCAG A/AA violation; the e-mails that
 * arrive at the SMTP server (the applicant's, where the service mails one to an address the form asks
 * for, and the staff notice) carry the reference, in the template's language, with no raw markup
 * (markdown's `##` or `**`, a handlebars `{{`); where the applicant signs agreements, their e-mail has
 * the signed document as a PDF that parses and holds the signature block; a status change by staff
 * (the staff API) e-mails the applicant for a status the service declares (service.json mail.status),
 * and nothing for a service that declares none; where the applicant may cancel, cancelling from the link
 * in their e-mail confirms it to them and tells staff.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/generated/contract.ts';
import { registry } from '../../src/generated/registry.ts';
import type { Block, FormVariant, Locale, ServiceEntry } from '../../src/engine/types.ts';
import { violations, withAxe } from '../support/axe.ts';
import { launchBrowser, watchConsole } from '../support/browser.ts';
import { fillForm, messagesOf, SIGNATURE_NAME, submitProblems } from '../support/fillForm.ts';
import { flushOutbox } from '../support/outbox.ts';
import { pdfText } from '../support/pdfText.ts';
import { freePort, ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const STAFF = 'office@journey.test';
/** The languages other than the default, taken in turn. */
const LANGUAGES = registry.languages.filter((l) => l !== registry.defaultLanguage) as Locale[];
const REFERENCE = /^[A-Z]{2,4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** What service.json says about a service's e-mails (the registry carries no mail settings). */
interface MailSettings {
  applicant?: { template: string; to: string };
  staff?: boolean;
  status?: { template: string; notify: string[] };
}
const MAIL: Record<string, MailSettings> = Object.fromEntries(
  readdirSync(join(ROOT, 'schemas/services')).map((dir) => {
    const json = JSON.parse(readFileSync(join(ROOT, 'schemas/services', dir, 'service.json'), 'utf8')) as { id: string; mail?: MailSettings };
    return [json.id, json.mail ?? {}];
  }),
);

/** The template's subject in `locale` as a pattern: its {{values}} may be anything, its {{#if}} parts may be left out. */
function subjectPattern(template: string, locale: Locale): RegExp {
  const subjects = JSON.parse(readFileSync(join(ROOT, 'schemas/mail', template, 'subject.json'), 'utf8')) as Record<string, string>;
  const text = subjects[locale]!.replace(/\s+/g, ' ').trim();
  const pattern = text
    .split(/(\{\{[^}]*\}\})/)
    .map((part) => (part.startsWith('{{#if') ? '(?:' : part === '{{/if}}' ? ')?' : part.startsWith('{{') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

const addressesOf = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

/** Raw markup or template syntax that reached an e-mail. */
function rawMarkup(mail: ParsedMail): string[] {
  const found: string[] = [];
  for (const [part, text] of [['text', mail.text ?? ''], ['html', String(mail.html || '')]] as const) {
    for (const [what, pattern] of [
      ['a markdown heading', /(^|\n|>)\s*#{1,6}\s/],
      ['markdown bold', /\*\*/],
      ['handlebars', /\{\{|\}\}/],
      ['an unset value', /\bundefined\b|\[object Object\]/],
    ] as const) {
      const hit = text.match(pattern);
      if (hit) found.push(`${what} in the ${part}: …${text.slice(Math.max(0, (hit.index ?? 0) - 40), (hit.index ?? 0) + 40)}…`);
    }
  }
  return found;
}

/** The types of the blocks a variant's success screen is made of (its page's, or its own), sections' included. */
async function successBlockTypes(variant: FormVariant): Promise<Set<string>> {
  const page = typeof variant.success === 'string' ? registry.pages.find((p) => p.route === variant.success) : undefined;
  const blocks = typeof variant.success === 'string' ? ((await page?.load())?.blocks ?? []) : variant.success.blocks;
  const types = new Set<string>();
  const walk = (list: Block[]) =>
    list.forEach((b) => {
      types.add(b.type);
      if (b.type === 'accordion') b.sections.forEach((section) => walk(section.blocks));
    });
  walk(blocks);
  return types;
}

interface Journey {
  service: ServiceEntry;
  locale: Locale;
  mail: MailSettings;
  /** The applicant's e-mail address, where the form asks for one. */
  address?: string;
}

const journeys: Journey[] = registry.services.map((service, i) => ({ service, locale: LANGUAGES[i % LANGUAGES.length]!, mail: MAIL[service.id] ?? {} }));

describe('every service’s journey in Uzbek or Russian, with its e-mails', () => {
  let site: PocketBaseProcess;
  let smtp: SmtpSink;
  let browser: Browser;
  let admin: PocketBase;
  let staff: PocketBase;
  const started = Date.now();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const port = await freePort();
    site = await startSite(
      {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(smtp.port),
        FORMWORK_MAIL_STAFF: STAFF,
        FORMWORK_MAIL_FROM: 'no-reply@journey.test',
        FORMWORK_MAIL_THROTTLE_SECONDS: '0',
        // The links the server writes into e-mails point at this very site.
        FORMWORK_PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      port,
    );
    browser = await launchBrowser();
    admin = await superuserClient(site);
    staff = await staffClient(site, 'admin');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.close();
    console.info(`journey: ${journeys.length} services in ${Math.round((Date.now() - started) / 1000)} s`);
  });

  /** Sends what the outbox holds now; every e-mail about `record` has gone (none failed or waits). */
  async function flushFor(record: RecordModel): Promise<void> {
    await flushOutbox(admin);
    const items = await admin.collection(registry.outboxCollection).getFullList({ filter: admin.filter('record = {:id}', { id: record.id }) });
    expect(
      items.filter((i) => i.status !== 'sent').map((i) => `${i.kind} ${i.template}: ${i.status} ${i.lastError ?? ''}`),
      'e-mails of the application not sent',
    ).toEqual([]);
  }

  /**
   * Waits for the e-mail to `address` made from `template` about `reference` (it arrives after the flush),
   * and checks it: the reference in both parts, its language, no raw markup. Soft: what follows in the
   * test (its attachment, a link in it) is still checked and reported.
   */
  async function mailOf(address: string, template: string, locale: Locale, reference: string): Promise<ParsedMail> {
    const mail = await findMail(address, template, locale, reference);
    expect.soft(mail.text, 'the text part names the reference').toContain(reference);
    expect.soft(String(mail.html), 'the HTML part names the reference').toContain(reference);
    expect.soft(String(mail.html), 'the HTML says its language').toContain(`lang="${locale}"`);
    expect.soft(rawMarkup(mail), `raw markup in "${mail.subject}"`).toEqual([]);
    return mail;
  }

  /** The one e-mail to `address` whose subject is `template`'s in `locale` and which names `reference`, once it has arrived. */
  async function findMail(address: string, template: string, locale: Locale, reference: string): Promise<ParsedMail> {
    const subject = subjectPattern(template, locale);
    const matches = () => smtp.messages.filter((m) => addressesOf(m).includes(address.toLowerCase()) && subject.test(m.subject ?? '') && `${m.subject}\n${m.text}`.includes(reference));
    for (const until = Date.now() + 10_000; matches().length === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
    const toAddress = smtp.messages.filter((m) => addressesOf(m).includes(address.toLowerCase())).map((m) => m.subject);
    expect(matches().length, `an e-mail "${subject.source}" to ${address} about ${reference}; what ${address} got: ${JSON.stringify(toAddress)}`).toBe(1);
    return matches()[0]!;
  }

  describe.each(journeys.map((j) => [`${j.service.id} in ${j.locale}`, j] as const))('%s', (_, journey) => {
    const { service, locale, mail } = journey;
    const variant = service.forms[0]!;
    const messages = messagesOf(locale);
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];
    let record: RecordModel;
    let reference: string;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 420, height: 900 } });
      await withAxe(context);
      // The payment provider's hosted checkout, answered locally: nothing leaves the machine.
      await context.route(
        (url) => url.origin !== site.url,
        (route) => (route.request().resourceType() === 'document' ? route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Checkout</h1>' }) : route.abort()),
      );
      page = await context.newPage();
      watchConsole(page, problems);
      // Whatever an earlier journey that failed midway left in the outbox goes now, not with this one's e-mails (a staff digest).
      await flushOutbox(admin);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('is filled in and submitted through the form, and the success screen shows the reference', async () => {
      // An address of this journey's own for every e-mail field, so its e-mails are told apart.
      const form = await variant.load();
      const emailFields = Object.entries(form.schema.properties ?? {}).filter(([, p]) => (p as { format?: string }).format === 'email').map(([name]) => name);
      const address = `${service.id}.${locale}@journey.test`;
      const filled = await fillForm(page, site.url, service, variant, { locale, values: Object.fromEntries(emailFields.map((f) => [f, address])) });
      const to = mail.applicant?.to;
      if (to && filled.values[to] === address) journey.address = address;

      // The success screen: another route, or blocks shown in place of / above the form.
      await expect
        .poll(
          async () => {
            const problemsShown = await submitProblems(page);
            if (problemsShown.length) return `refused: ${problemsShown.join('; ')}`;
            const arrived = typeof variant.success === 'string' ? new URL(page.url()).pathname === variant.success : (await page.getByTestId('form-success').count()) > 0;
            return arrived ? 'shown' : 'waiting';
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe('shown');
      expect(new URL(page.url()).searchParams.get('lang')).toBe(locale);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);

      const stored = await admin.collection(service.collection).getFullList({ sort: '-created' });
      expect(stored, 'one application stored').toHaveLength(1);
      record = stored[0]!;
      expect(record).toMatchObject({ locale, variant: variant.id, status: service.workflow.initial });
      reference = String(record.reference ?? '');
      expect(reference, 'the stored reference').toMatch(REFERENCE);
      // The reference the applicant quotes, on the screen they land on (src/components/SuccessBlocks.tsx).
      await expect.poll(() => page.getByTestId('reference').textContent(), { message: 'the reference block' }).toBe(reference);
      expect(await page.getByText(record.id, { exact: false }).count(), 'the record id is not shown for a reference').toBe(0);
      // "We e-mailed you" where the success screen says it, and only when an e-mail to the applicant is on its way.
      const saysMailed = (await successBlockTypes(variant)).has('mailed');
      expect(await page.getByTestId('success-mailed').count(), 'the screen says an e-mail is on its way').toBe(saysMailed && journey.address ? 1 : 0);
      if ((service.agreements?.businessDays ?? 0) > 0) {
        // Where the applicant may cancel: the last day with its zone, the private page, and that the contract was e-mailed.
        expect(await page.getByTestId('success-cancellation').textContent(), 'the cancellation deadline').toMatch(/[A-Za-z_]+\/[A-Za-z_]+/);
        expect(await page.getByTestId('success-application-link').getAttribute('href'), 'the private application page').toMatch(new RegExp(`^/application/${service.id}#[A-Za-z0-9]+$`));
        expect(await page.getByTestId('success-mailed').count(), 'the contract was e-mailed').toBe(1);
      }
      expect.soft(await violations(page), 'axe-core WCAG A/AA violations on the success screen').toEqual([]);
      expect(problems, 'console errors and uncaught exceptions').toEqual([]);
    });

    it('e-mails the applicant and staff in their languages, with the reference and no raw markup', async () => {
      expect(reference, 'submitted').toBeTruthy();
      await flushFor(record);
      if (mail.applicant) {
        expect(journey.address, `the applicant's address (${mail.applicant.to}) was filled`).toBeTruthy();
        const applicant = await mailOf(journey.address!, mail.applicant.template, locale, reference);
        if (service.agreements) {
          // The signed document, attached as a PDF that parses and holds the signature block.
          const pdfs = applicant.attachments.filter((a) => a.contentType === 'application/pdf');
          expect(pdfs.length, 'a PDF attached to the signed copy').toBeGreaterThan(0);
          const text = (await Promise.all(pdfs.map((a) => pdfText(a.content)))).join('\n').replace(/\s+/g, ' ');
          // The signature block: the typed name, when (date, time and zone), and what was signed (version, hash).
          expect(text, 'the typed name in the PDF').toContain(SIGNATURE_NAME);
          expect(text, 'the date and time of signing with its zone').toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} [A-Za-z_]+(?:\/[A-Za-z_+-]+)* \(UTC[+-]\d{2}:\d{2}\)/);
          for (const doc of service.agreements.documents.filter((d) => d.sign)) {
            expect(text, `${doc.id}'s version in the PDF`).toContain(doc.version);
            // (A hash is one long word, broken across lines where it does not fit.)
            expect(text.replace(/\s/g, ''), `${doc.id}'s hash in the PDF`).toContain(doc.hashes[locale]);
          }
          expect(text, 'the reference in the PDF').toContain(reference);
        }
      }
      if (mail.staff) await mailOf(STAFF, 'staff-notice', registry.defaultLanguage, reference);
    });

    it('e-mails the applicant when staff change the status to one the service notifies, and only then', async () => {
      expect(reference, 'submitted').toBeTruthy();
      // A status staff may set now: a move of the service's workflow from the first status, and none that starts the
      // service while the applicant may still cancel.
      const cooling = (service.agreements?.businessDays ?? 0) > 0;
      const { initial, transitions, startsService } = service.workflow;
      const allowed = (s: string) => (transitions[initial] ?? []).includes(s) && !(cooling && startsService.includes(s));
      const notify = mail.status?.notify ?? [];
      const to = notify.find(allowed) ?? service.workflow.statuses.find(allowed)!;
      const before = smtp.messages.length;
      await staff.send(`/api/formwork/status/${service.collection}/${record.id}`, { method: 'POST', body: { status: to } });
      await flushFor(record);
      if (mail.status && notify.includes(to) && journey.address) {
        const sent = await mailOf(journey.address, mail.status.template, locale, reference);
        expect(sent.text, 'the status by its name in the applicant’s language').toContain(messages[`status.${to}`]);
      } else {
        const items = await admin.collection(registry.outboxCollection).getFullList({ filter: admin.filter('record = {:id} && kind = "applicant"', { id: record.id }) });
        expect(items.filter((i) => i.template === mail.status?.template || /status/.test(String(i.template))), 'no status e-mail').toEqual([]);
        expect(smtp.messages.length, 'no e-mail sent').toBe(before);
      }
    });

    // Only where the applicant has a right to cancel (agreements with a cancellation period).
    if ((service.agreements?.businessDays ?? 0) > 0) it('confirms the applicant’s cancellation to them and tells staff', async () => {
      expect(journey.address, 'the applicant’s e-mail arrived').toBeTruthy();
      // The applicant's own page, by the link in their e-mail.
      const signedCopy = await findMail(journey.address!, mail.applicant!.template, locale, reference);
      const link = (signedCopy.text ?? '').match(new RegExp(`${site.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/application/[^\\s#]+#[A-Za-z0-9]+`))?.[0];
      expect(link, 'the applicant’s page linked in the e-mail').toBeTruthy();
      await page.goto(`${link!.split('#')[0]}?lang=${locale}#${link!.split('#')[1]}`);
      await page.getByRole('button', { name: messages['application.cancel'], exact: true }).click();
      await page.getByRole('button', { name: messages['application.cancel.submit'], exact: true }).click();
      await expect.poll(() => page.getByTestId('application-summary').getAttribute('data-status')).toBe(contract.statuses.cancelled);
      expect.soft(await violations(page), 'axe-core on the cancelled application').toEqual([]);
      await flushFor(record);
      await mailOf(journey.address!, 'cancellation', locale, reference);
      await mailOf(STAFF, 'staff-cancellation', registry.defaultLanguage, reference);
      expect(problems, 'console errors and uncaught exceptions').toEqual([]);
    });
  });
});
