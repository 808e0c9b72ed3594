/**
 * A schema change reaches the server `npm start` runs only through `npm run deploy`: a generate while it
 * runs applies no migration and changes none of its rules (the running server serves a release, not the
 * checkout, and PocketBase's hook watcher is off); the deploy step then builds, migrates and restarts,
 * and the new field is a column and accepted. Runs the real scripts/start.mjs and scripts/deploy.mjs on
 * a throw-away copy of the project.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import PocketBase from 'pocketbase';
import { afterAll, describe, expect, it } from 'vitest';
import type { FormModule } from '../../src/engine/types.ts';
import { contract } from '../../src/generated/contract.ts';
import { freePort, ROOT, TEST_ENCRYPTION_KEY } from '../support/pocketbase.ts';
import { copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { multipartWire, submissionParts, validSubmission } from '../support/samples.ts';
import { DEFAULT_SUPERUSER } from '../../scripts/start-policy.mjs';

const FORM = 'services/petition/form.schema.json';
const system = { variant: 'main', locale: 'en' };
let tree: ProjectCopy | undefined;
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  tree?.remove();
});

describe('deploying a schema change', () => {
  it('changes nothing on the running server until `npm run deploy`, then the page, the rules and the column together', async () => {
    tree = copyProject({ fixtures: ['petition'] });
    // What `npm start` and `npm run deploy` need beside the site's sources: the scripts and the binaries.
    cpSync(join(ROOT, 'scripts'), join(tree.root, 'scripts'), { recursive: true });
    symlinkSync(join(ROOT, 'bin'), join(tree.root, 'bin'), 'dir');
    generateIn(tree.root);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      FORMWORK_HTTP: `127.0.0.1:${port}`,
      FORMWORK_DATA_DIR: mkdtempSync(join(tmpdir(), 'formwork-deploy-')),
      // A mail server that is never reached (no Mailpit to start): the outbox job is off.
      FORMWORK_SMTP_HOST: '127.0.0.1',
      FORMWORK_SMTP_PORT: String(await freePort()),
      FORMWORK_OUTBOX_CRON: 'off',
      FORMWORK_POW: 'off',
      FORMWORK_RATE_LIMITS: 'off',
      FORMWORK_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    };
    let output = '';
    server = spawn('node', ['scripts/start.mjs'], { cwd: tree.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d) => (output += d));
    server.stderr?.on('data', (d) => (output += d));
    for (let i = 0; i < 1800 && !output.includes('Formwork is running'); i++) {
      if (server.exitCode !== null) throw new Error(`npm start stopped: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain('Formwork is running');

    let admin = new PocketBase(url);
    await admin.collection('_superusers').authWithPassword(DEFAULT_SUPERUSER.email, DEFAULT_SUPERUSER.password);
    const columns = async () => (await admin.collections.getOne('petitions')).fields.map((f) => f.name);
    const applied = async () => (await admin.collections.getOne('petitions')).fields.length;
    const form = ((await import(pathToFileURL(join(tree.root, 'src/generated/forms/petition.main.ts')).href)) as { default: FormModule }).default;
    const submit = async (extra: Record<string, string>) => {
      const valid = validSubmission(form);
      const res = await fetch(`${url}${contract.submitRoute}petitions`, { method: 'POST', ...multipartWire(submissionParts(form, { ...valid, fields: { ...valid.fields, ...extra } }, system)) });
      return { status: res.status, body: await res.text() };
    };
    // The prerendered form page shows each field's label.
    const page = async () => (await fetch(`${url}/petition`)).text();
    expect(await page()).toContain('<html');
    expect(await page()).not.toContain('District');
    expect((await submit({})).status).toBe(200);
    expect((await submit({ district: 'North' })).body).toContain('district');
    const fieldsBefore = await applied();

    // The editor adds a field and generates: a new migration and new validators in the checkout.
    tree.edit(FORM, (j) => {
      const { fullName, ...rest } = j.properties;
      j.properties = { fullName, district: { type: 'string', maxLength: 50, 'x-category': 'A' }, ...rest };
    });
    tree.edit('services/petition/form.ui.json', (u) => u['ui:order'].splice(1, 0, 'district'));
    for (const [l, text] of [['en', 'District'], ['uz', 'Tuman'], ['ru', 'Район']] as const) tree.edit(`services/petition/i18n/${l}.json`, (j) => (j['fields.district.label'] = text));
    expect(generateIn(tree.root)).toMatch(/wrote pb_migrations\/\d+_updated_petitions\.js/);
    // PocketBase's watcher would have restarted within a second (50 ms debounce); give it five.
    await new Promise((r) => setTimeout(r, 5000));
    expect(await columns()).not.toContain('district');
    expect(await applied()).toBe(fieldsBefore);
    const refused = await submit({ district: 'North' });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('district');
    expect(await page()).not.toContain('District');
    expect(output).not.toMatch(/changed, restarting/);

    // The deploy step: build, migrate, restart.
    // Not execFileSync: the test's own kept-alive connections to the old server must see it close.
    const { stdout: deployed } = await promisify(execFile)('node', ['scripts/deploy.mjs'], { cwd: tree.root, env, encoding: 'utf8' });
    expect(deployed).toMatch(/Deployed: serving /);
    admin = new PocketBase(url);
    await admin.collection('_superusers').authWithPassword(DEFAULT_SUPERUSER.email, DEFAULT_SUPERUSER.password);
    expect(await columns()).toContain('district');
    const accepted = await submit({ district: 'North' });
    expect(accepted.status, accepted.body).toBe(200);
    expect(await page()).toContain('District');
  }, 900_000);
});
