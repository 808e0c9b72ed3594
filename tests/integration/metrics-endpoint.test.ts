/**
 * What an operator watches (issue 36): GET /api/formwork/metrics (Prometheus text) and GET
 * /api/formwork/status (JSON), against a real PocketBase: each figure moves when the thing it counts
 * happens (a submission, an e-mail that fails, a backup, a retention run, requests), and only a bearer
 * FORMWORK_METRICS_TOKEN or an admin's session may read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { flushOutbox, untilDue } from '../support/outbox.ts';
import { freePort, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { staffClient, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const TOKEN = 'metrics-test-token-0123456789';
const COLLECTION = 'creditrepairnew';

/** One sample's value from the text format, e.g. value(text, 'formwork_warning{kind="mail_failed"}'). */
function value(text: string, sample: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe('metrics and status', () => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  let superuser: PocketBase;
  const scrape = async () => {
    const res = await fetch(`${pb.url}/api/formwork/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    return res.text();
  };

  beforeAll(async () => {
    // SMTP at a port nobody listens on, one attempt: the first send fails for good. A failed e-mail warns at
    // once (0 minutes) rather than after the hour of a real server; a backup is stale only after a day.
    const nobody = await freePort();
    pb = await startPocketBase({
      env: {
        FORMWORK_METRICS_TOKEN: TOKEN,
        FORMWORK_WARN_MAIL_MINUTES: '0',
        FORMWORK_WARN_BACKUP_HOURS: '',
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(nobody),
        FORMWORK_MAIL_MAX_ATTEMPTS: '1',
        FORMWORK_MAIL_RETRY_SECONDS: '1',
        FORMWORK_BACKUP_CRON: 'off',
        FORMWORK_BACKUP_S3_BUCKET: '',
        FORMWORK_LITESTREAM_PATH: '',
      },
    });
    admin = await staffClient(pb, 'admin');
    superuser = await superuserClient(pb);
  });
  afterAll(async () => pb?.stop());

  it('answers 401 without the token or with a wrong one, 403 to a viewer, and 200 to the token and to an admin', async () => {
    for (const headers of [{}, { Authorization: 'Bearer wrong-token' }, { Authorization: TOKEN }] as Record<string, string>[]) {
      for (const path of ['/api/formwork/metrics', '/api/formwork/status']) {
        const res = await fetch(`${pb.url}${path}`, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(await res.text()).not.toContain('formwork_');
      }
    }
    const viewer = await staffClient(pb, 'viewer');
    await expect(viewer.send('/api/formwork/metrics', {})).rejects.toMatchObject({ status: 403 });
    await expect(viewer.send('/api/formwork/status', {})).rejects.toMatchObject({ status: 403 });
    const byAdmin = await fetch(`${pb.url}/api/formwork/metrics`, { headers: { Authorization: admin.authStore.token } });
    expect(byAdmin.status).toBe(200);
    expect(await byAdmin.text()).toContain('# TYPE formwork_submissions_total counter');
    const status = await admin.send('/api/formwork/status', {});
    expect(status).toMatchObject({ outbox: { pending: 0, failed: 0 }, backup: { last: 0 }, replication: { configured: false, last: 0 } });
  });

  it('counts a submission for its service, and the e-mail it queued, then the e-mail that failed, with its warning', async () => {
    const before = await scrape();
    const sample = (name: string) => `${name}{service="creditrepair",collection="${COLLECTION}"}`;
    expect(value(before, sample('formwork_submissions_total'))).toBe(0);
    expect(value(before, sample('formwork_submissions_last_hour'))).toBe(0);
    expect(value(before, 'formwork_warning{kind="mail_failed"}')).toBe(0);

    const res = await fetch(`${pb.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' }, { stateId: pngFile() }),
    });
    expect(res.status, await res.clone().text()).toBe(200);

    const after = await scrape();
    expect(value(after, sample('formwork_submissions_total'))).toBe(1);
    expect(value(after, sample('formwork_submissions_last_hour'))).toBe(1);
    const pending = value(after, 'formwork_outbox_pending') ?? 0;
    expect(pending).toBeGreaterThan(0); // the applicant's confirmation (and any staff notice)
    expect(value(after, 'formwork_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);

    await untilDue(superuser, 'status = "pending"');
    const flushed = await flushOutbox(superuser);
    expect(flushed.failed).toBeGreaterThan(0);
    const failed = await scrape();
    expect(value(failed, 'formwork_outbox_failed')).toBe(flushed.failed);
    expect(value(failed, 'formwork_outbox_pending')).toBe(pending - flushed.failed);
    expect(value(failed, 'formwork_warning{kind="mail_failed"}')).toBe(1);
    const status = await admin.send('/api/formwork/status', {});
    expect(status.warnings).toContainEqual(expect.objectContaining({ kind: 'mail_failed', raised: true }));
  });

  it('shows a new backup at once, and no backup as a warning', async () => {
    const before = await scrape();
    expect(value(before, 'formwork_last_backup_timestamp_seconds')).toBe(0);
    expect(value(before, 'formwork_warning{kind="backup_stale"}')).toBe(1);
    const started = Math.floor(Date.now() / 1000);
    await superuser.backups.create('metrics-test.zip');
    const after = await scrape();
    expect(value(after, 'formwork_last_backup_timestamp_seconds')).toBeGreaterThanOrEqual(started - 1);
    expect(value(after, 'formwork_warning{kind="backup_stale"}')).toBe(0);
  });

  it("records retention's run (a dry run is not one)", async () => {
    expect(value(await scrape(), 'formwork_retention_last_run_timestamp_seconds')).toBe(0);
    const started = Math.floor(Date.now() / 1000);
    await admin.send('/api/formwork/retention/run', { method: 'POST' });
    expect(value(await scrape(), 'formwork_retention_last_run_timestamp_seconds')).toBeGreaterThanOrEqual(started - 1);
    // A dry run (the report) is not a run.
    const last = value(await scrape(), 'formwork_retention_last_run_timestamp_seconds');
    await new Promise((r) => setTimeout(r, 1100));
    await admin.send('/api/formwork/retention/report', {});
    expect(value(await scrape(), 'formwork_retention_last_run_timestamp_seconds')).toBe(last);
  });

  it("gives request latency percentiles from PocketBase's request log", async () => {
    for (let i = 0; i < 20; i++) await fetch(`${pb.url}/api/health`);
    // PocketBase writes its request log in batches: after 3 s without a new entry (each scrape is one) or
    // at 200 entries. So the poll waits longer than that between scrapes.
    await expect
      .poll(async () => value(await scrape(), 'formwork_request_duration_seconds_count') ?? 0, { timeout: 30_000, interval: 4_000 })
      .toBeGreaterThanOrEqual(20);
    const text = await scrape();
    const p50 = value(text, 'formwork_request_duration_seconds{quantile="0.5"}') ?? -1;
    const p99 = value(text, 'formwork_request_duration_seconds{quantile="0.99"}') ?? -1;
    expect(p50).toBeGreaterThan(0);
    expect(p99).toBeGreaterThanOrEqual(p50);
    expect(p99).toBeLessThan(30);
    expect(text).toContain('# TYPE formwork_request_duration_seconds summary');
  });
});
