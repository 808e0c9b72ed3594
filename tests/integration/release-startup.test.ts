/**
 * Start-up checks, failure causes and the client address (issue 36), on the server itself:
 * - `pocketbase serve` started any way refuses a missing or invalid required setting and names it
 *   (pb_hooks/lib/startupChecks.js): in production the key, the superuser and an https public address;
 *   anywhere a key of the wrong length (a 33-character key used to start and then fail every SSN);
 * - in production the superuser is the environment's, created and then kept in step with it;
 * - a failure answered with PocketBase's generic answer logs its cause as a JSON line (pb_hooks/lib/failures.js);
 * - the client's address is read from the private header the proxy sets (pb_hooks/lib/proxy.js), never from
 *   X-Forwarded-For, so per-IP rate limits count visitors and cannot be dodged by naming another address.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { freePort, PB_BIN, ROOT, startPocketBase, TEST_ENCRYPTION_KEY } from '../support/pocketbase.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const PRODUCTION = {
  FORMWORK_ENV: 'production',
  FORMWORK_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  FORMWORK_ADMIN_EMAIL: 'owner@example.com',
  FORMWORK_ADMIN_PASSWORD: 'a-long-passphrase-36',
  FORMWORK_PUBLIC_URL: 'https://apply.example.com',
  FORMWORK_TRUSTED_PROXY_HEADER: 'X-Formwork-Client-5e3c9a1f',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** `pocketbase serve` as anyone might start it; resolves with its exit code and output, or 'running' after 15 s. */
async function serve(env: Record<string, string>): Promise<{ code: number | 'running'; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-startup-'));
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn(PB_BIN, ['serve', '--http', `127.0.0.1:${port}`, '--dev=false', '--dir', dataDir, '--hooksDir', join(ROOT, 'pb_hooks'), '--migrationsDir', join(ROOT, 'pb_migrations')], {
    env: { ...process.env, FORMWORK_ENV: '', FORMWORK_ENCRYPTION_KEY: '', FORMWORK_ADMIN_EMAIL: '', FORMWORK_ADMIN_PASSWORD: '', FORMWORK_PUBLIC_URL: '', FORMWORK_TRUSTED_PROXY_HEADER: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | 'running'>((resolve) => {
    const timer = setTimeout(() => resolve('running'), 15_000);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c ?? 1);
    });
  });
  if (code === 'running') child.kill();
  return { code, output };
}

describe('start-up checks', () => {
  it.each([
    ['a 33-character key', { FORMWORK_ENCRYPTION_KEY: 'x'.repeat(33) }, /FORMWORK_ENCRYPTION_KEY is 33 characters; it must be exactly 32/],
    ['no key', { FORMWORK_ENCRYPTION_KEY: '' }, /FORMWORK_ENCRYPTION_KEY is not set/],
    ['a key that is not ASCII', { FORMWORK_ENCRYPTION_KEY: 'ключ'.repeat(8) }, /FORMWORK_ENCRYPTION_KEY must be plain ASCII/],
    ['no superuser e-mail', { FORMWORK_ADMIN_EMAIL: '' }, /FORMWORK_ADMIN_EMAIL is not set/],
    ['the dev superuser', { FORMWORK_ADMIN_EMAIL: 'admin@formwork.local' }, /FORMWORK_ADMIN_EMAIL is a dev default/],
    ['a short password', { FORMWORK_ADMIN_PASSWORD: 'short-pass' }, /FORMWORK_ADMIN_PASSWORD is 10 characters; it must be at least 12/],
    ['a plain http public address', { FORMWORK_PUBLIC_URL: 'http://apply.example.com' }, /FORMWORK_PUBLIC_URL "http:\/\/apply.example.com" must start with https:\/\//],
    ['no public address', { FORMWORK_PUBLIC_URL: '' }, /FORMWORK_PUBLIC_URL is not set/],
    ['a misspelt mode', { FORMWORK_ENV: 'prod' }, /FORMWORK_ENV is "prod"/],
    ['no client-address header', { FORMWORK_TRUSTED_PROXY_HEADER: '' }, /FORMWORK_TRUSTED_PROXY_HEADER is not set/],
    ['a client-address header anyone can send', { FORMWORK_TRUSTED_PROXY_HEADER: 'X-Forwarded-For' }, /FORMWORK_TRUSTED_PROXY_HEADER is X-Forwarded-For, which anyone can send/],
  ])('in production, refuses %s and names it', async (_what, change, message) => {
    const run = await serve({ ...PRODUCTION, ...change });
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(/Not starting/);
    expect(run.output).toMatch(message);
  });

  it('anywhere, refuses a key of the wrong length, but a dev server may run without one', async () => {
    const run = await serve({ FORMWORK_ENCRYPTION_KEY: 'x'.repeat(33) });
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(/FORMWORK_ENCRYPTION_KEY is 33 characters/);
    expect((await serve({})).code).toBe('running');
  });

  it('in production, makes the superuser from the environment and keeps it in step at every start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-startup-su-'));
    dirs.push(dataDir);
    const signIn = (url: string, password: string) =>
      fetch(`${url}/api/collections/_superusers/auth-with-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identity: PRODUCTION.FORMWORK_ADMIN_EMAIL, password }) }).then((r) => r.status);
    let pb = await startPocketBase({ dataDir, env: PRODUCTION });
    try {
      expect(await signIn(pb.url, PRODUCTION.FORMWORK_ADMIN_PASSWORD)).toBe(200);
    } finally {
      await pb.stop();
    }
    pb = await startPocketBase({ dataDir, env: { ...PRODUCTION, FORMWORK_ADMIN_PASSWORD: 'another-long-passphrase' } });
    try {
      expect(await signIn(pb.url, 'another-long-passphrase')).toBe(200);
      expect(await signIn(pb.url, PRODUCTION.FORMWORK_ADMIN_PASSWORD)).toBe(400);
    } finally {
      await pb.stop();
    }
  });
});

describe('a server-side failure', () => {
  it('is answered with the generic error and logged with its cause, without the applicant’s values', async () => {
    // No key on a dev server: storing an SSN fails closed (lib/sensitive.js) inside the submission.
    const pb = await startPocketBase({ env: { FORMWORK_ENCRYPTION_KEY: '' } });
    try {
      const body = formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' }, { stateId: pngFile() });
      const res = await fetch(`${pb.url}${submitUrl('creditrepairnew')}`, { method: 'POST', body });
      // PocketBase answers an error that is not an ApiError with its generic message, as a 400.
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Something went wrong while processing your request.');
      const failure = await waitForLine(pb.output, (line) => line.event === 'failure');
      expect(failure).toMatchObject({ level: 'error', status: 400, method: 'POST', route: '/api/formwork/submit/creditrepairnew' });
      expect(String(failure.error)).toContain('FORMWORK_ENCRYPTION_KEY must be set to exactly 32 characters');
      for (const value of [validCreditRepair.firstName, validCreditRepair.email, validCreditRepair.ssn]) expect(pb.output()).not.toContain(String(value));
    } finally {
      await pb.stop();
    }
  });
});

/** The JSON lines the hooks logged (lib/log.js: each after Go's date and time). */
function jsonLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    const at = line.indexOf('{"time"');
    if (at < 0) return [];
    try {
      return [JSON.parse(line.slice(at)) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

async function waitForLine(output: () => string, match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  // PocketBase writes its request log in the background, in batches.
  for (let i = 0; i < 150; i++) {
    const found = jsonLines(output()).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no such log line in:\n${output()}`);
}

/** A failed superuser sign-in from `localAddress` with the given headers; its status. */
function signInFrom(url: string, localAddress: string, headers: Record<string, string>): Promise<number> {
  const target = new URL('/api/collections/_superusers/auth-with-password', url);
  const body = JSON.stringify({ identity: 'nobody@example.com', password: 'wrong-password' });
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the client address behind a proxy', () => {
  it('is read from the private header only; a forged X-Forwarded-For changes nothing', async () => {
    const header = 'X-Formwork-Client-5e3c9a1f';
    // Two sign-ins a minute per address.
    const pb = await startPocketBase({ env: { FORMWORK_RATE_LIMITS: 'on', FORMWORK_RATE_LIMIT_AUTH: '2', FORMWORK_TRUSTED_PROXY_HEADER: header } });
    try {
      const attempts = async (localAddress: string, headers: Record<string, string>[]) => {
        const statuses = [];
        for (const h of headers) statuses.push(await signInFrom(pb.url, localAddress, h));
        return statuses;
      };
      // A new forged X-Forwarded-For each time: still one sender, 127.0.0.2; the third attempt is refused.
      expect(await attempts('127.0.0.2', ['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((ip) => ({ 'x-forwarded-for': ip })))).toEqual([400, 400, 429]);
      // As the proxy sends them (the private header): each client its own count, and the same client counted.
      expect(await attempts('127.0.0.1', ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) => ({ [header]: ip })))).toEqual([400, 400, 400]);
      expect(await attempts('127.0.0.1', [{ [header]: '198.51.100.1' }, { [header]: '198.51.100.1' }])).toEqual([400, 429]);
    } finally {
      await pb.stop();
    }
  });
});
