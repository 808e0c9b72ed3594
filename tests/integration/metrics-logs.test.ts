/**
 * The server's log carries no personal data (issue 36): an application with a name, an e-mail address,
 * an SSN and a file whose name holds the applicant's name goes through everything that logs (the
 * submission, its e-mails sent over a real SMTP server, a staff member opening the file with a file
 * token, the metrics), and nothing of it, nor any token, is in what the server printed. What the hooks
 * print is one JSON object per line (pb_hooks/lib/log.js).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushOutbox, untilDue } from '../support/outbox.ts';
import { formData, PNG_BYTES, signed, validCreditRepair } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { staffClient, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const COLLECTION = 'creditrepairnew';
const APPLICANT = { firstName: 'Zebediah', lastName: 'Quarrington', email: 'zebediah.quarrington@example.com', ssn: '219099999' };
const FILE_NAME = 'Quarrington_drivers_licence.png';

describe('the server log', () => {
  let pb: PocketBaseProcess;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    pb = await startPocketBase({
      env: { FORMWORK_SMTP_HOST: '127.0.0.1', FORMWORK_SMTP_PORT: String(smtp.port), FORMWORK_MAIL_STAFF: 'office@formwork.test', FORMWORK_MAIL_THROTTLE_SECONDS: '0', FORMWORK_METRICS_TOKEN: 'log-test-metrics-token' },
    });
  });
  afterAll(async () => {
    await pb?.stop();
    await smtp?.close();
  });

  it('holds no name, e-mail address, SSN, file name or token of an application, and its lines are JSON', async () => {
    const res = await fetch(`${pb.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, ...APPLICANT, ...signed('en', 'creditrepair', `${APPLICANT.firstName} ${APPLICANT.lastName}`), variant: 'full', locale: 'en' }, { stateId: new File([PNG_BYTES], FILE_NAME, { type: 'image/png' }) }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // A refused one too: the wrong e-mail address comes back as a field error, never into the log.
    const refused = await fetch(`${pb.url}${submitUrl(COLLECTION)}`, { method: 'POST', body: formData({ ...validCreditRepair, ...APPLICANT, email: `${APPLICANT.firstName}@@`, variant: 'full', locale: 'en' }) });
    expect(refused.status).toBe(400);

    const superuser = await superuserClient(pb);
    await untilDue(superuser, 'status = "pending"');
    const flushed = await flushOutbox(superuser);
    expect(flushed.sent).toBeGreaterThan(0);
    expect(smtp.messages.some((m) => m.to && JSON.stringify(m.to).includes(APPLICANT.email))).toBe(true);

    // Staff open the application and its file with a file token; the metrics are scraped.
    const staff = await staffClient(pb, 'admin');
    const record = await superuser.collection(COLLECTION).getFirstListItem(superuser.filter('email = {:email}', { email: APPLICANT.email }));
    const stored = String(record.stateId);
    expect(stored.toLowerCase()).toContain('quarrington'); // PocketBase keeps the uploaded name, lower-cased, with a random suffix
    const fileToken = await staff.files.getToken();
    const file = await fetch(`${pb.url}/api/files/${COLLECTION}/${record.id}/${stored}?token=${fileToken}`);
    expect(file.status).toBe(200);
    await staff.collection(COLLECTION).getOne(record.id);
    expect((await fetch(`${pb.url}/api/formwork/metrics`, { headers: { Authorization: 'Bearer log-test-metrics-token' } })).status).toBe(200);

    const output = pb.output();
    // The submission was logged, as a JSON line with its list and record id.
    const lines = output.split('\n').filter((l) => l.includes('{"time"'));
    const events = lines.map((l) => JSON.parse(l.slice(l.indexOf('{"time"'))) as Record<string, unknown>);
    expect(events).toContainEqual(expect.objectContaining({ level: 'info', event: 'submission', collection: COLLECTION, record: record.id }));
    for (const e of events) expect(Object.keys(e).slice(0, 3)).toEqual(['time', 'level', 'event']);

    for (const secret of [APPLICANT.firstName, APPLICANT.lastName, APPLICANT.email, APPLICANT.ssn, '219-09-9999', 'Quarrington_drivers', stored, fileToken, staff.authStore.token, superuser.authStore.token, 'log-test-metrics-token']) {
      expect(output.toLowerCase(), `the log holds "${secret}"`).not.toContain(secret.toLowerCase());
    }
  });
});
