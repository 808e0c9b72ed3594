/**
 * Findings of the second outside security probe (issue 29) that live in the server's request handling,
 * each named after its number: oversized bodies refused before they cost anything (4), no dev-mode log
 * of submitted values (5), uploads stored and served by their content (11), and CORS limited to the
 * site's own origin. The others are beside the code they concern (rate limits, trash, start, payments,
 * mail, staff sessions).
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formData, PDF_BYTES, signed, validCreditRepair } from '../support/fixtures.ts';
import { collectionId } from '../../generator/transform/collections.ts';
import { PB_BIN, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { rawPost } from '../support/rawPost.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

/** CPU time (user + system, ms) a process has used, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

function multipartOf(fields: Record<string, string>): { type: string; body: Buffer } {
  const boundary = 'formworkProbeBoundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`) };
}

const GIF_BYTES = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1');

describe('security probe, round 2', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase();
  });
  afterAll(async () => pb?.stop());

  describe('29.4 a huge text field costs the server nothing', () => {
    const thirtyMb = 'x'.repeat(30 << 20);

    /** The status of a raw POST of `body` to `path`, with the server's CPU time and the wall time it took (printed, never asserted on time). */
    async function refusal(what: string, path: string, type: string, body: Buffer) {
      const before = cpuMs(pb.pid);
      const started = performance.now();
      const status = await rawPost(pb.url, path, type, body);
      const wall = performance.now() - started;
      const cpu = cpuMs(pb.pid) - before;
      console.log(`29.4 ${what}: ${status} in ${wall.toFixed(0)} ms, ${cpu.toFixed(0)} ms of server CPU`);
      return { status, cpu };
    }

    it("refuses a 30 MB JSON body by its length, before it is read (the route's body cap)", async () => {
      const body = Buffer.from(JSON.stringify({ fname: 'A', lname: 'B', message: thirtyMb, variant: 'full', locale: 'en' }));
      const { status, cpu } = await refusal('30 MB JSON to the contact form', submitUrl('aloqacorpcontacts'), 'application/json', body);
      expect(status).toBe(413);
      // Was ~40 s of CPU (1.2 s per MB). Generous for a loaded machine; the point is orders of magnitude.
      expect(cpu).toBeLessThan(1500);
    });

    it.each([10, 30])('refuses %i MB of text in a multipart body to a form with files, before any JS reads it', async (mb) => {
      const { type, body } = multipartOf({ firstName: 'A', lastName: 'B', reason: 'x'.repeat(mb << 20), variant: 'full', locale: 'en' });
      const { status, cpu } = await refusal(`${mb} MB of text in multipart to the loan form`, submitUrl('loans'), type, body);
      expect(status).toBe(413);
      expect(cpu).toBeLessThan(3000);
    });

    it('refuses a JSON body over the text cap, even within the cap of text and files together', async () => {
      const body = Buffer.from(JSON.stringify({ firstName: 'A', lastName: 'B', reason: 'x'.repeat(1 << 20), variant: 'full', locale: 'en' }));
      expect((await refusal('1 MB JSON to the loan form', submitUrl('loans'), 'application/json', body)).status).toBe(413);
    });

    it.each([collectionId('aloqacorpcontacts'), 'aloqacorpcontacts', 'ALOQACORPCONTACTS'])('takes no create through the record API, whatever names the collection: %s', async (name) => {
      const body = Buffer.from(JSON.stringify({ fname: 'A', lname: 'B', message: 'x'.repeat(10 << 20), variant: 'full', locale: 'en' }));
      const { status, cpu } = await refusal(`10 MB JSON to the record API as ${name}`, `/api/collections/${name}/records`, 'application/json', body);
      expect(status).toBe(403);
      expect(cpu).toBeLessThan(1500);
    });

    it('still takes the longest answers a form allows', async () => {
      const res = await fetch(`${pb.url}${submitUrl('aloqacorpcontacts')}`, {
        method: 'POST',
        // Three bytes a character in UTF-8, the widest a form's text takes.
        body: formData({ fname: '€'.repeat(100), lname: '€'.repeat(100), email: 'longest@example.com', message: '€'.repeat(5000), variant: 'full', locale: 'ru' }),
      });
      expect(res.status).toBe(200);
    });
  });

  describe('29.11 uploads are stored and served by what they are', () => {
    it('stores a GIF named .js as a .gif, served as an image; a PDF is served as an attachment', async () => {
      const res = await fetch(`${pb.url}${submitUrl('creditrepairnew')}`, {
        method: 'POST',
        body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' }, { stateId: new File([GIF_BYTES], 'payload.js', { type: 'text/javascript' }), bankStatements: new File([PDF_BYTES], 'statement.pdf', { type: 'application/pdf' }) }),
      });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: string };
      const admin = await staffClient(pb, 'admin');
      const record = await admin.collection('creditrepairnew').getOne(id);
      expect(record.stateId).toMatch(/^payload_\w+\.gif$/);
      const token = await admin.files.getToken();
      const image = await fetch(admin.files.getURL(record, record.stateId, { token }));
      expect(image.headers.get('content-type')).toBe('image/gif');
      expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
      const asked = await fetch(`${admin.files.getURL(record, record.stateId, { token })}&download=1`);
      expect(asked.headers.get('content-disposition')).toMatch(/^attachment;/);
      const statement = await fetch(admin.files.getURL(record, record.bankStatements, { token }));
      expect(statement.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(statement.headers.get('content-type')).toBe('application/pdf');
      expect(statement.headers.get('content-security-policy')).toContain('sandbox');
    });
  });

  describe('29 CORS: only the site’s own origin may call the API from a browser', () => {
    it('answers a preflight from another origin without allowing it, and from its own with', async () => {
      const ask = (origin: string) =>
        fetch(`${pb.url}${submitUrl('aloqacorpcontacts')}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
      expect((await ask('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
      expect((await ask(pb.url)).headers.get('access-control-allow-origin')).toBe(pb.url);
    });
  });
});

describe('29.5 no dev-mode log of what applicants send, even from a checkout under the temp folder', () => {
  const binDir = mkdtempSync(join(tmpdir(), 'formwork-tmpbin-'));
  const binary = join(binDir, 'pocketbase');
  copyFileSync(PB_BIN, binary);
  afterAll(() => rmSync(binDir, { recursive: true, force: true }));

  /** Sends a contact message carrying `needle`, and returns everything the server wrote: its output and its log database. */
  async function traces(env: Record<string, string>, needle: string): Promise<string> {
    const pb = await startPocketBase({ binary, env, dataDir: mkdtempSync(join(tmpdir(), 'formwork-pb-log-')) });
    try {
      const res = await fetch(`${pb.url}${submitUrl('aloqacorpcontacts')}`, { method: 'POST', body: formData({ fname: 'Log', lname: 'Probe', email: 'log-probe@example.com', message: needle, variant: 'full', locale: 'en' }) });
      expect(res.status).toBe(200);
      // PocketBase writes its request log in batches: wait until the submission's line is in, so the check reads it.
      const root = await superuserClient(pb);
      await expect
        .poll(async () => (await root.logs.getList(1, 1, { filter: `data.url ~ '/api/formwork/submit/'` })).totalItems, { timeout: 15_000 })
        .toBeGreaterThan(0);
      await pb.stop();
      const logs = readdirSync(pb.dataDir).filter((f) => f.startsWith('auxiliary.db')).map((f) => readFileSync(join(pb.dataDir, f)).toString('latin1'));
      return pb.output() + logs.join('');
    } finally {
      await pb.stop();
      rmSync(pb.dataDir, { recursive: true, force: true });
    }
  }

  it('keeps a submitted value out of the output and the logs', async () => {
    expect(await traces({}, 'needle-29-5-off')).not.toContain('needle-29-5-off');
  });

  it('logs it only when FORMWORK_DEV_LOGS=1 asks for dev mode (the check above would see it)', async () => {
    expect(await traces({ FORMWORK_DEV_LOGS: '1' }, 'needle-29-5-on')).toContain('needle-29-5-on');
  });
});
