/**
 * Agreement documents (issue 32, contract C4) on a real PocketBase and a real SMTP server on loopback: the
 * signed-contract e-mail is HTML rendered from the agreements' markdown (no "##" or "**" left), with a
 * signature block (the typed name only when it passes the strict name rule, the time with its zone, each
 * document's version and hash); the PDF of the signed documents, made in PocketBase's JS hooks, is attached
 * and is the same file the applicant (with their token) and staff (signed in) download; each document's
 * current text is a PDF anyone may read before signing. The PDFs are parsed here (pdf.js) and their text read.
 */
import type { ParsedMail } from 'mailparser';
import type PocketBase from 'pocketbase';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { freePort, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { flushOutbox, untilThrottleOver } from '../support/outbox.ts';
import { staffClient, superuserClient } from '../support/staff.ts';
import en from '../../src/generated/messages/en.json';
import uz from '../../src/generated/messages/uz.json';

const COLLECTION = 'creditrepairnew';
const creditRepair = registry.services.find((s) => s.id === 'creditrepair')!;
const documents = creditRepair.agreements!.documents;
const messages = { en: en as Record<string, string>, uz: uz as Record<string, string> };

/** The text of every page of a PDF, one string (pdf.js puts each drawn string as an item). */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return { text: pages.join('\n').replace(/\s+/g, ' '), pages: pdf.numPages };
}

describe('agreement documents: e-mail, PDF and downloads', () => {
  let pb: PocketBaseProcess;
  let smtp: SmtpSink;
  let root: PocketBase;

  const submit = async (locale: 'en' | 'uz', name: string, email: string) => {
    const res = await fetch(`${pb.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, variant: 'full', locale, email, ...signed(locale, 'creditrepair', name) }, { stateId: pngFile() }),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const record = await root.collection(COLLECTION).getOne(id);
    return { id, token: String(record.accessToken), reference: String(record.reference || id) };
  };
  /** Sends what is due and returns the applicant's e-mail to `to`. */
  const mailTo = async (to: string): Promise<ParsedMail> => {
    await untilThrottleOver(root, 1);
    await flushOutbox(root);
    await expect.poll(() => smtp.messages.some((m) => m.to && JSON.stringify(m.to).includes(to)), { timeout: 20_000 }).toBe(true);
    return smtp.messages.find((m) => JSON.stringify(m.to).includes(to))!;
  };

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtpSink(port);
    pb = await startPocketBase({
      env: {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(port),
        FORMWORK_MAIL_FROM: 'no-reply@formwork.test',
        FORMWORK_MAIL_THROTTLE_SECONDS: '1',
        FORMWORK_PUBLIC_URL: 'https://apply.formwork.test',
      },
    });
    root = await superuserClient(pb);
  });
  afterAll(async () => {
    await pb?.stop();
    await smtp?.close();
  });

  it('e-mails the signed contract as HTML with a signature block and the signed PDF attached', async () => {
    const app = await submit('uz', 'Oʻral Gʻulomov', 'oral@example.com');
    const mail = await mailTo('oral@example.com');
    const html = String(mail.html);
    // Rendered from the markdown: headings, lists and bold are HTML, no markup is left as text.
    expect(html).not.toMatch(/(^|[>\s])#{1,6} /);
    expect(html).not.toContain('**');
    expect(html).toMatch(/<h3>[^<]+<\/h3>/);
    expect(html).toMatch(/<li>/);
    expect(html).toContain('<strong>');
    // The signature block: the name (it passes the strict rule), the time with its zone, version and hash.
    const contract = documents.find((d) => d.sign)!;
    expect(html).toContain('Oʻral Gʻulomov');
    expect(html).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} America\/Chicago \(UTC-0[56]:00\)/);
    expect(html).toContain(contract.version);
    expect(html).toContain(contract.hashes.uz);
    expect(String(mail.text)).toContain(contract.hashes.uz);

    const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`${app.reference}-agreement.pdf`);
    const { text, pages } = await pdfText(new Uint8Array(attachment!.content));
    expect(pages).toBeGreaterThan(2);
    for (const d of documents) expect(text).toContain(messages.uz[`service.creditrepair.agreements.${d.id}.title`]);
    expect(text).toContain('Oʻral Gʻulomov');
    expect(text).toContain(contract.hashes.uz.slice(0, 32));
    expect(text).toContain(messages.uz['agreements.pdf.signedBy']);
    expect(text).not.toContain('**');

    // The applicant's download (their token) and staff's are the same file as the attachment.
    const anonymous = await fetch(`${pb.url}/api/formwork/application/creditrepair/agreement-pdf`);
    expect(anonymous.status).toBe(404);
    const wrongToken = await fetch(`${pb.url}/api/formwork/application/creditrepair/agreement-pdf`, { headers: { 'X-Application-Token': 'x'.repeat(40) } });
    expect(wrongToken.status).toBe(404);
    const own = await fetch(`${pb.url}/api/formwork/application/creditrepair/agreement-pdf`, { headers: { 'X-Application-Token': app.token } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toContain(`${app.reference}-agreement.pdf`);
    expect((await pdfText(new Uint8Array(await own.arrayBuffer()))).text).toBe(text);

    const staffUrl = `${pb.url}/api/formwork/staff/agreement-pdf/${COLLECTION}/${app.id}`;
    expect((await fetch(staffUrl)).status).toBe(401);
    const viewer = await staffClient(pb, 'viewer');
    const forStaff = await fetch(staffUrl, { headers: { Authorization: viewer.authStore.token } });
    expect(forStaff.status).toBe(200);
    expect((await pdfText(new Uint8Array(await forStaff.arrayBuffer()))).text).toBe(text);
    expect((await fetch(`${pb.url}/api/formwork/staff/agreement-pdf/${COLLECTION}/nosuchrecord123`, { headers: { Authorization: viewer.authStore.token } })).status).toBe(404);
  });

  it('prints a typed name only under the strict name rule', async () => {
    await submit('en', 'Visit evil.example now http://x', 'withheld@example.com');
    const mail = await mailTo('withheld@example.com');
    expect(String(mail.html)).not.toContain('evil.example');
    expect(String(mail.html)).toContain('the full name typed in the form (kept in our records)');
    const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    const { text } = await pdfText(new Uint8Array(attachment.content));
    expect(text).not.toContain('evil.example');
    expect(text).toContain(messages.en['agreements.pdf.nameWithheld']);
  });

  it('serves each current document as a PDF to read before signing, to anyone', async () => {
    for (const d of documents) {
      const res = await fetch(`${pb.url}/api/formwork/agreement-pdf/creditrepair/${d.id}/en`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const { text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain(messages.en[`service.creditrepair.agreements.${d.id}.title`]);
      expect(text).toContain(messages.en['agreements.pdf.unsigned']);
      expect(text).toContain(d.hashes.en.slice(0, 32));
    }
    expect((await fetch(`${pb.url}/api/formwork/agreement-pdf/creditrepair/contract/xx`)).status).toBe(404);
    expect((await fetch(`${pb.url}/api/formwork/agreement-pdf/creditrepair/nosuch/en`)).status).toBe(404);
    expect((await fetch(`${pb.url}/api/formwork/agreement-pdf/contact/contract/en`)).status).toBe(404);
  });
});
