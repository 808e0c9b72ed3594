/**
 * The README's first command: `npm start` serves the site and the API on its embedded defaults,
 * with the migrations applied and the demo staff account seeded and printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../support/pocketbase.ts';
import { flushOutbox } from '../support/outbox.ts';
import { solvedProof } from '../support/proofOfWork.ts';

describe('npm start', () => {
  let child: ChildProcess;
  let output = '';
  let url = '';
  let mailUi = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-start-'));

  beforeAll(async () => {
    const [port, smtpPort, uiPort] = [await freePort(), await freePort(), await freePort()];
    url = `http://127.0.0.1:${port}`;
    mailUi = `http://127.0.0.1:${uiPort}`;
    const { FORMWORK_SMTP_HOST: _real, ...env } = process.env; // the dev default: Mailpit
    child = spawn('node', ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...env, FORMWORK_HTTP: `127.0.0.1:${port}`, FORMWORK_DATA_DIR: dataDir, FORMWORK_MAILPIT_SMTP: `127.0.0.1:${smtpPort}`, FORMWORK_MAILPIT_UI: `127.0.0.1:${uiPort}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 120_000;
    while (!output.includes('staff sign-in:') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
  });
  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints where the site is and the demo staff account', () => {
    expect(output).toContain(`Formwork is running on ${url}`);
    expect(output).toMatch(/staff sign-in: .*\(staff@formwork\.local \/ formwork-staff\)/);
  });

  it('serves the applicant form page, prerendered, and the API from one origin', async () => {
    const page = await fetch(`${url}/creditrepair`);
    expect(page.status).toBe(200);
    // Built (or rebuilt: start.mjs compares the build's stamp with the sources) with the prerendered pages.
    expect(await page.text()).toContain('<div id="root" data-prerendered="en /creditrepair">');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('runs Mailpit as the mail sink: a contact message is acknowledged there', async () => {
    expect(output).toContain(`mail (Mailpit):   ${mailUi}`);
    const res = await fetch(`${url}/api/collections/aloqacorpcontacts/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fname: 'Dilnoza',
        lname: 'Yusupova',
        email: 'dilnoza@example.com',
        message: 'Hello',
        variant: 'full',
        locale: 'en',
        proof: await solvedProof(url, 'aloqacorpcontacts'),
      }),
    });
    expect(res.status).toBe(200);
    const admin = new PocketBase(url);
    await admin.collection('_superusers').authWithPassword('admin@formwork.local', 'formwork-admin');
    expect(await flushOutbox(admin)).toMatchObject({ sent: 2 }); // acknowledgement + staff notice
    const inbox = (await (await fetch(`${mailUi}/api/v1/messages`)).json()) as { messages: { Subject: string; To: { Address: string }[] }[] };
    expect(inbox.messages.map((m) => [m.To[0]?.Address, m.Subject]).sort()).toEqual([
      ['dilnoza@example.com', 'Thank you for writing to Aloqa Corp'],
      ['staff@formwork.local', 'New submission: Leave us a message from Dilnoza Yusupova'],
    ]);
  });

  it('lets the seeded demo staff account sign in', async () => {
    const pb = new PocketBase(url);
    const auth = await pb.collection('staff').authWithPassword('staff@formwork.local', 'formwork-staff');
    expect(auth.record.role).toBe('admin');
  });
});
