/**
 * The release behind TLS (issue 36): `npm run release`'s folder started with its own start.sh (production
 * mode, no Node), Caddy from the release's Caddyfile with its internal CA on loopback in front, and then,
 * over HTTPS only: the page with HSTS, plain HTTP redirected, an application sent from chromium and a
 * staff sign-in that lists it. The client address: through Caddy each client (a distinct loopback
 * address) has its own rate-limit count whatever client address it names; straight to PocketBase a forged
 * X-Forwarded-For changes nothing. Also: the release holds what it should and its env example lists every
 * variable, and start.sh refuses a bad environment naming the variable.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { freePort, ROOT, TEST_ENCRYPTION_KEY } from '../support/pocketbase.ts';

const SITE = process.env.FORMWORK_E2E_OUT ?? join(ROOT, 'dist');
const ADMIN = { email: 'owner@example.com', password: 'a-long-passphrase-36' };
const STAFF = { email: 'clerk@example.com', password: 'clerk-passphrase-36' };
/** The private client-address header, in both PocketBase's and Caddy's environment (docs/deploy.md). */
const CLIENT_HEADER = 'X-Formwork-Client-7d41f0c2';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request; over TLS it trusts Caddy's own root certificate only (a real verification, not a skip). */
function send(url: string, options: { method?: string; body?: string; localAddress?: string; headers?: Record<string, string>; ca?: string } = {}): Promise<Answer> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        headers: { ...(options.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the release behind Caddy over HTTPS', () => {
  const work = mkdtempSync(join(tmpdir(), 'formwork-release-tls-'));
  const dataDir = join(work, 'data');
  let release = '';
  let server: ChildProcess | undefined;
  let caddy: ChildProcess | undefined;
  let serverLog = '';
  let caddyLog = '';
  let browser: Browser | undefined;
  let httpsUrl = '';
  let httpUrl = '';
  let pbUrl = '';
  let ca = '';
  let env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    execFileSync('bash', [join(ROOT, 'scripts/install-caddy.sh')], { stdio: 'inherit' });
    execFileSync('node', [join(ROOT, 'scripts/release-bundle.mjs'), `--out=${join(work, 'releases')}`, `--site=${SITE}`, '--commit=tls-test', '--no-archive'], { cwd: ROOT, stdio: 'inherit' });
    release = join(work, 'releases', readdirSync(join(work, 'releases')).find((n) => n.startsWith('formwork-'))!);
    const [pbPort, httpsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
    httpsUrl = `https://127.0.0.1:${httpsPort}`;
    httpUrl = `http://127.0.0.1:${httpPort}`;
    pbUrl = `http://127.0.0.1:${pbPort}`;
    // What /etc/formwork/formwork.env would hold (nothing from the developer's shell: the release's defaults).
    env = {
      PATH: process.env.PATH,
      HOME: work,
      FORMWORK_DATA_DIR: dataDir,
      FORMWORK_HTTP: `127.0.0.1:${pbPort}`,
      FORMWORK_PUBLIC_URL: httpsUrl,
      FORMWORK_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      FORMWORK_ADMIN_EMAIL: ADMIN.email,
      FORMWORK_ADMIN_PASSWORD: ADMIN.password,
      FORMWORK_TRUSTED_PROXY_HEADER: CLIENT_HEADER,
      FORMWORK_RATE_LIMIT_AUTH: '2',
    };
    server = spawn(join(release, 'start.sh'), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d) => (serverLog += d));
    server.stderr?.on('data', (d) => (serverLog += d));
    await until(`the release's server\n${serverLog}`, async () => (await fetch(`${pbUrl}/api/health`)).ok);
    // The first staff admin, as docs/deploy.md has the operator make it once the service runs (the release's own binary and hooks).
    execFileSync(join(release, 'bin/pocketbase'), ['staff-create', STAFF.email, STAFF.password, 'admin', 'Clerk', '--dev=false', '--dir', dataDir, '--hooksDir', join(release, 'pb_hooks'), '--migrationsDir', join(release, 'pb_migrations')], {
      env: { ...env, FORMWORK_ENV: 'production' },
      stdio: 'pipe',
    });

    // Caddy with the release's Caddyfile, behind global options for a test: its internal CA (never the
    // system's trust store), loopback only, free ports, no admin endpoint.
    const caddyHome = join(work, 'caddy');
    writeFileSync(
      join(work, 'Caddyfile'),
      `{\n\tadmin off\n\tpersist_config off\n\tlocal_certs\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\nimport ${join(release, 'Caddyfile')}\n`,
    );
    caddy = spawn(join(ROOT, 'bin/caddy'), ['run', '--config', join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH, HOME: caddyHome, XDG_DATA_HOME: join(caddyHome, 'data'), XDG_CONFIG_HOME: join(caddyHome, 'config'), FORMWORK_DOMAIN: '127.0.0.1', FORMWORK_UPSTREAM: `127.0.0.1:${pbPort}`, FORMWORK_TRUSTED_PROXY_HEADER: CLIENT_HEADER },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (d) => (caddyLog += d));
    caddy.stderr?.on('data', (d) => (caddyLog += d));
    const root = join(caddyHome, 'data/caddy/pki/authorities/local/root.crt');
    await until(`Caddy's root certificate\n${caddyLog}`, async () => existsSync(root));
    ca = readFileSync(root, 'utf8');
    await until(`Caddy over HTTPS\n${caddyLog}`, async () => (await send(`${httpsUrl}/api/health`, { ca })).status === 200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const child of [caddy, server]) {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('is one folder with the pinned binaries, the app, the deploy files and no Node modules', () => {
    for (const part of ['bin/pocketbase', 'bin/litestream', 'pb_hooks/startup.pb.js', 'pb_migrations', 'pb_public/index.html', 'start.sh', 'formwork.service', 'Caddyfile', 'formwork.env.example', 'README.md', 'release.json']) {
      expect(existsSync(join(release, part)), part).toBe(true);
    }
    const version = execFileSync(join(release, 'bin/pocketbase'), ['--version'], { encoding: 'utf8' });
    expect(version.trim()).toMatch(new RegExp(`${readFileSync(join(ROOT, 'scripts/pocketbase.version'), 'utf8').trim().slice(1).replace(/\./g, '\\.')}$`));
    expect(execFileSync('find', [release, '-name', 'node_modules'], { encoding: 'utf8' })).toBe('');
  });

  it('lists every FORMWORK_ variable the server, start.sh, Caddy and Litestream read in its env example, secrets empty', () => {
    const read = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? read(join(dir, e.name)) : e.name.endsWith('.js') ? [readFileSync(join(dir, e.name), 'utf8')] : []));
    const sources = [...read(join(release, 'pb_hooks')), ...['start.sh', 'Caddyfile', 'litestream.yml'].map((f) => readFileSync(join(release, f), 'utf8'))].join('\n');
    // Full names only (a prefix such as FORMWORK_BACKUP_ in a message is not a variable).
    const used = new Set([...sources.matchAll(/FORMWORK_[A-Z0-9_]*[A-Z0-9]\b/g)].map((m) => m[0]));
    const example = readFileSync(join(release, 'formwork.env.example'), 'utf8');
    const listed = new Map([...example.matchAll(/^(FORMWORK_[A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect([...used].filter((name) => !listed.has(name)).sort()).toEqual([]);
    for (const secret of ['FORMWORK_ENCRYPTION_KEY', 'FORMWORK_ADMIN_PASSWORD', 'FORMWORK_SMTP_PASSWORD', 'FORMWORK_STRIPE_SECRET_KEY', 'FORMWORK_S3_SECRET', 'FORMWORK_BACKUP_S3_SECRET', 'FORMWORK_METRICS_TOKEN']) {
      expect(listed.get(secret), secret).toBe('');
    }
    // Each variable has its comment line above it.
    for (const [name] of listed) expect(example, name).toMatch(new RegExp(`#[^\\n]*\\n(?:FORMWORK_[A-Z0-9_]+=[^\\n]*\\n)*${name}=`));
  });

  it('start.sh refuses a bad environment and names the variable', () => {
    const run = (extra: NodeJS.ProcessEnv) => spawnSync(join(release, 'start.sh'), [], { env: { ...env, FORMWORK_HTTP: '127.0.0.1:1', ...extra }, encoding: 'utf8' });
    const noDataDir = run({ FORMWORK_DATA_DIR: '' });
    expect(noDataDir.status).toBe(1);
    expect(noDataDir.stderr).toContain('FORMWORK_DATA_DIR is not set');
    const badKey = run({ FORMWORK_DATA_DIR: join(work, 'refused'), FORMWORK_ENCRYPTION_KEY: 'x'.repeat(33) });
    expect(badKey.status).toBe(1);
    expect(badKey.stderr).toContain('FORMWORK_ENCRYPTION_KEY is 33 characters; it must be exactly 32');
    const http = run({ FORMWORK_DATA_DIR: join(work, 'refused'), FORMWORK_PUBLIC_URL: 'http://apply.example.com' });
    expect(http.status).toBe(1);
    expect(http.stderr).toContain('must start with https://');
  });

  it('answers over HTTPS with HSTS, and sends plain HTTP to HTTPS', async () => {
    const page = await send(`${httpsUrl}/contact?lang=en`, { ca });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await send(`${httpsUrl}/api/health`, { ca })).headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await send(`${httpUrl}/contact?lang=en`);
    expect(plain.status).toBe(308);
    // To the same address over HTTPS (Caddy names the standard port: in production, 443).
    expect(plain.headers.location).toBe('https://127.0.0.1/contact?lang=en');
  });

  it('takes an application and signs staff in over HTTPS in chromium', async () => {
    const context = await browser!.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      watchConsole(page, problems);
      await page.goto(`${httpsUrl}/contact?lang=en`);
      await page.getByLabel(label('First name')).fill('Dilnoza');
      await page.getByLabel(label('Last name')).fill('Yusupova');
      await page.getByLabel(label('E-mail')).fill('dilnoza@example.com');
      await page.getByLabel(label('Message')).fill('Do you help with LLC registration in Texas?');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('form-success').getByRole('heading', { name: 'We received your message', level: 1 }).waitFor();

      await page.goto(`${httpsUrl}/contacts?lang=en`);
      await page.waitForURL(/\/staff\/sign-in\?next=/);
      await page.getByLabel(label('E-mail')).fill(STAFF.email);
      await page.getByLabel(label('Password')).fill(STAFF.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Contacted users' }).waitFor();
      const first = page.getByTestId('staff-table').locator('tbody tr[data-record-id]').first();
      await first.waitFor();
      expect(await first.textContent()).toContain('Dilnoza');
      expect(new URL(page.url()).protocol).toBe('https:');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('counts sign-in attempts per client behind Caddy, and forged client addresses change nothing', async () => {
    const signIn = (base: string, localAddress: string, headers: Record<string, string>) =>
      send(`${base}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        localAddress,
        ca: base.startsWith('https') ? ca : undefined,
        headers,
        body: JSON.stringify({ identity: 'nobody@example.com', password: 'wrong-password' }),
      }).then((r) => r.status);
    const attempts = async (base: string, localAddress: string, forged: string[]) => {
      const statuses = [];
      // Both a forged X-Forwarded-For and a forged private header (as if its name had leaked to the client).
      for (const ip of forged) statuses.push(await signIn(base, localAddress, { 'x-forwarded-for': ip, [CLIENT_HEADER]: ip }));
      return statuses;
    };
    // Two a minute per client. Through Caddy, from 127.0.0.3 naming a new address each time: one client.
    expect(await attempts(httpsUrl, '127.0.0.3', ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([400, 400, 429]);
    // Another client through Caddy still has its own two.
    expect(await attempts(httpsUrl, '127.0.0.4', ['203.0.113.1', '203.0.113.1'])).toEqual([400, 400]);
    // Straight to PocketBase with a forged X-Forwarded-For: ignored, one client.
    const direct = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) direct.push(await signIn(pbUrl, '127.0.0.2', { 'x-forwarded-for': ip }));
    expect(direct).toEqual([400, 400, 429]);
  });
});
