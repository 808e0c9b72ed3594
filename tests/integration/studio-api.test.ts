/**
 * The studio's JSON API (studio/server/) against a copy of the project: services listed and loaded as on
 * disk, the generator's own checks on a draft with the command line's wording, the plan of a change (its
 * file diffs, its migration, the removed field retired, renamed or dropped with the values a database
 * holds), and Save writing byte-stable files then generating as `npm run generate` does. A page of
 * another origin is refused. The warm check's time is printed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FILES, type ServiceDraft } from '../../studio/model/document.ts';
import { writeJson } from '../../studio/model/format.ts';
import type { CatalogueResponse, CheckResponse, NewServiceResponse, PlanResponse, SaveResponse, ServiceResponse } from '../../studio/server/api.ts';
import { startStudio, type Studio } from '../../studio/server/server.ts';
import { ROOT } from '../support/pocketbase.ts';
import { copyProject, type ProjectCopy } from '../support/project-copy.ts';

const COLLECTION = 'aloqacorpcontacts';
let copy: ProjectCopy;
let studio: Studio;

beforeAll(async () => {
  copy = copyProject();
  studio = await startStudio({ root: copy.root, app: false });
});
afterAll(async () => {
  await studio?.close();
  copy?.remove();
});

async function api<T>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const init: RequestInit = body === undefined ? { headers } : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  const response = await fetch(`${studio.url}studio-api/${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
}

const contactFiles = () => Object.fromEntries(SERVICE_FILES.map((f) => [f, readFileSync(join(copy.schemasDir, 'services/contact', f), 'utf8')]));
const load = async () => (await api<ServiceResponse>('services/contact')).body.draft;
const noChoices = { renames: {}, drop: [] };
/**
 * The command line on the copy, as an editor runs it: its exit status and everything it printed. Not
 * spawnSync: the studio answers from this same process.
 */
const cli = (mode: 'check' | 'generate') =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile('npx', ['tsx', 'generator/cli.ts', mode, '--root', copy.root], { cwd: ROOT, encoding: 'utf8' }, (err, stdout, stderr) => {
      resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr });
    });
  });

/** contact with a field added (company) and one removed (phone), everywhere an editor would touch. */
function addCompanyRemovePhone(draft: ServiceDraft): ServiceDraft {
  const d = structuredClone(draft);
  const form = d.files['form.schema.json'];
  delete form.properties.phone;
  form.properties.company = { type: 'string', maxLength: 100, 'x-category': 'B' };
  d.files['form.ui.json']['ui:order'] = ['fname', 'lname', 'email', 'company', 'message'];
  delete d.files['form.ui.json'].phone;
  d.files['admin.ui.json'].fields = d.files['admin.ui.json'].fields.filter((f: { name: string }) => f.name !== 'phone');
  const labels = { en: 'Company', uz: 'Kompaniya', ru: 'Компания' };
  for (const [locale, label] of Object.entries(labels)) d.files[`i18n/${locale}.json` as 'i18n/en.json']['fields.company.label'] = label;
  return d;
}

describe('studio API', () => {
  it('lists the services, the shared fields and the templates', async () => {
    const { status, body } = await api<CatalogueResponse>('services');
    expect(status).toBe(200);
    expect(body.services.find((s) => s.id === 'contact')).toEqual({ id: 'contact', title: 'Leave us a message', collection: COLLECTION, route: '/contact', fields: 5 });
    expect(body.services.map((s) => s.id)).toEqual(execFileSync('ls', [join(copy.schemasDir, 'services')], { encoding: 'utf8' }).trim().split('\n'));
    expect(body.sharedFields.find((f) => f.name === 'email')).toMatchObject({ kind: 'email', schema: { format: 'email' } });
    expect(body.sharedFields.find((f) => f.name === 'usState')?.kind).toBe('choice');
    expect(body.templates[0]).toEqual({ id: 'blank', title: 'Blank' });
    expect(body.templates).toContainEqual({ id: 'contact', title: 'Leave us a message' });
  });

  it('loads a service as its files say, and refuses an unknown one', async () => {
    const { status, body } = await api<ServiceResponse>('services/contact');
    expect(status).toBe(200);
    const disk = contactFiles();
    expect(body.texts).toEqual(disk);
    for (const f of SERVICE_FILES) expect(body.draft.files[f]).toEqual(JSON.parse(disk[f] as string));
    expect((await api('services/nosuch')).status).toBe(404);
    expect((await api('services/..%2F..%2Fetc')).status).toBe(400);
  });

  it('finds no problem in a clean draft, quickly once warm', async () => {
    const draft = await load();
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The studio runs in this process: its CPU time is the check's own, whatever else loads the machine.
      const used = process.cpuUsage();
      const { status, body } = await api<CheckResponse>('check', { draft });
      const { user, system } = process.cpuUsage(used);
      expect(status).toBe(200);
      expect(body.problems).toEqual([]);
      wall.push(body.ms);
      cpu.push(Math.round((user + system) / 1000));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const warmWall = wall.slice(1);
    const warmCpu = cpu.slice(1);
    console.log(`studio check: first ${wall[0]} ms; warm ${warmWall.join(', ')} ms (median ${median(warmWall)} ms), CPU ${warmCpu.join(', ')} ms (median ${median(warmCpu)} ms)`);
    // The target is 300 ms warm; on a shared machine the wall time also counts the other processes' turns.
    expect(median(warmCpu)).toBeLessThan(300);
  });

  it('reports a real problem with the command line’s own words and place', async () => {
    const draft = await load();
    const bad = structuredClone(draft);
    bad.files['form.schema.json'].properties.email.maxLenght = 5;
    const { body } = await api<CheckResponse>('check', { draft: bad });
    expect(body.problems).toHaveLength(1);
    const [problem] = body.problems;
    expect(problem).toMatchObject({ file: 'form.schema.json', pointer: '/properties/email/maxLenght' });
    expect(problem?.message).toMatch(/^not supported here: maxLenght \(did you mean maxLength\?/);
    // The same file written as Save would write it: the CLI says the very same line.
    const path = join(copy.schemasDir, 'services/contact/form.schema.json');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, writeJson(bad.files['form.schema.json'], original));
    try {
      const run = await cli('check');
      expect(run.status).toBe(2);
      expect(run.stderr.split('\n')).toContain(`  ${problem?.text}`);
      expect(problem?.text).toMatch(/^schemas\/services\/contact\/form\.schema\.json:\d+:\d+: not supported here: maxLenght/);
    } finally {
      writeFileSync(path, original);
    }
  });

  it('plans an added field’s migration and retires a removed one', async () => {
    const draft = addCompanyRemovePhone(await load());
    const { status, body } = await api<PlanResponse>('plan', { draft, choices: noChoices });
    expect(status).toBe(200);
    expect(body.problems).toEqual([]);
    const form = body.files.find((f) => f.path === 'schemas/services/contact/form.schema.json');
    expect(form?.diff).toContain('-    "phone": { "$ref": "../../common/fields.json#/definitions/phone" },');
    expect(form?.diff).toContain('+    "company": { "type": "string", "maxLength": 100, "x-category": "B" }');
    expect(body.files.map((f) => f.path)).not.toContain('schemas/services/contact/service.json');
    expect(body.migrations).toHaveLength(1);
    expect(body.migrations[0]).toMatchObject({ kind: 'updated', summary: [`adds the column ${COLLECTION}.company (text)`] });
    expect(body.migrations[0]?.file).toMatch(new RegExp(`^\\d+_updated_${COLLECTION}\\.js$`));
    const phone = { field: 'phone', column: `${COLLECTION}.phone`, type: 'text' };
    expect(body.removed).toEqual([phone]);
    expect(body.retired).toEqual([phone]);
    expect(body.dropped).toEqual([]);
  });

  it('plans a rename that keeps the values, and a drop with the values it loses', async () => {
    const draft = addCompanyRemovePhone(await load());
    const renamed = await api<PlanResponse>('plan', { draft, choices: { renames: { company: 'phone' }, drop: [] } });
    // company takes phone's column, which moves from before message to after it.
    expect(renamed.body.migrations[0]?.summary).toEqual([`renames the column ${COLLECTION}.phone to company, keeping its values`, `puts the columns of ${COLLECTION} in the form's new order`]);
    expect(renamed.body.removed.map((f) => f.field)).toEqual(['phone']);
    expect(renamed.body.retired).toEqual([]);
    expect(renamed.body.files.find((f) => f.path.endsWith('form.schema.json'))?.after).toContain('"x-renamed-from": "phone"');

    // A database of the project's with three records, two of which hold a phone number.
    mkdirSync(join(copy.root, 'pb_data'), { recursive: true });
    const sql = `CREATE TABLE ${COLLECTION} (id TEXT, phone TEXT); INSERT INTO ${COLLECTION} VALUES ('a', '+1 415 555 0100'), ('b', ''), ('c', '+1 415 555 0199');`;
    execFileSync('sqlite3', [join(copy.root, 'pb_data/data.db'), sql]);
    const dropped = await api<PlanResponse>('plan', { draft, choices: { renames: {}, drop: ['phone'] } });
    const phone = { field: 'phone', column: `${COLLECTION}.phone`, type: 'text', values: 2, records: 3 };
    expect(dropped.body.removed).toEqual([phone]);
    expect(dropped.body.dropped).toEqual([phone]);
    expect(dropped.body.retired).toEqual([]);
    expect(dropped.body.migrations[0]?.summary).toContain(`DROPS the column ${COLLECTION}.phone (text) and its values`);
    // Dropping a field the form still has is not a choice.
    const still = await api<{ error: string }>('plan', { draft, choices: { renames: {}, drop: ['email'] } });
    expect(still.status).toBe(400);
    expect(still.body.error).toContain('"email" is still a field of the form');
  });

  it('saves an unchanged service byte for byte, generating as the command line does', async () => {
    const before = contactFiles();
    const { status, body } = await api<SaveResponse>('save', { draft: await load(), choices: noChoices });
    expect(status).toBe(200);
    expect(body.written.filter((p) => p.startsWith('schemas/'))).toEqual([]);
    expect(contactFiles()).toEqual(before);
    // The copy had no generated files: Save wrote them, as `npm run generate` would have.
    expect(body.written).toContain('src/generated/registry.ts');
    expect(body.migrations).toEqual([]);
    expect((await cli('check')).stdout).toMatch(/^generated files are up to date/);
  });

  it('refuses to save a draft with problems, and writes a change with its migration', async () => {
    const before = contactFiles();
    const bad = structuredClone(await load());
    bad.files['form.schema.json'].properties.email.maxLenght = 5;
    const refused = await api<{ error: string; problems: unknown[] }>('save', { draft: bad, choices: noChoices });
    expect(refused.status).toBe(409);
    expect(refused.body.problems).toHaveLength(1);
    expect(contactFiles()).toEqual(before);

    const { status, body } = await api<SaveResponse>('save', { draft: addCompanyRemovePhone(await load()), choices: noChoices });
    expect(status).toBe(200);
    expect(body.written.slice(0, 6)).toEqual(['form.schema.json', 'form.ui.json', 'admin.ui.json', 'i18n/en.json', 'i18n/uz.json', 'i18n/ru.json'].map((f) => `schemas/services/contact/${f}`));
    expect(body.migrations).toEqual([expect.stringMatching(new RegExp(`^pb_migrations/\\d+_updated_${COLLECTION}\\.js$`))]);
    expect(body.log).toContain(`wrote ${body.migrations[0]}`);
    expect(body.log).toContain(`  kept: ${COLLECTION}.phone is retired (hidden from the form, kept for old records); drop it with \`npm run generate -- --drop ${COLLECTION}.phone\``);
    expect(readFileSync(join(copy.root, body.migrations[0] as string), 'utf8')).toContain('"company"');
    // What was written is what the command line accepts, with nothing left to generate.
    const check = await cli('check');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('makes a new service’s draft from a template, writing nothing', async () => {
    const options = { id: 'notary', collection: 'notary', prefix: 'NO', route: '/notary', adminRoute: '/notaryapps' };
    const blank = await api<NewServiceResponse>('services', { template: 'blank', ...options });
    expect(blank.status).toBe(200);
    expect(blank.body.draft.id).toBe('notary');
    expect(Object.keys(blank.body.draft.files)).toEqual([...SERVICE_FILES]);
    expect(blank.body.draft.files['service.json']).toMatchObject({ id: 'notary', collection: 'notary', reference: { prefix: 'NO' } });
    const copied = await api<NewServiceResponse>('services', { template: 'contact', ...options });
    expect(Object.keys(copied.body.draft.files['form.schema.json'].properties)).toEqual(Object.keys((await load()).files['form.schema.json'].properties));
    expect(existsSync(join(copy.schemasDir, 'services/notary'))).toBe(false);
    expect((await api('services', { template: 'blank', ...options, id: 'contact' })).status).toBe(409);
  });

  it('refuses requests from any other origin or host name', async () => {
    const draft = await load();
    expect((await api('check', { draft }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await api('services', undefined, { origin: 'null' })).status).toBe(403);
    expect((await api('check', { draft }, { origin: studio.url.replace(/\/$/, '') })).status).toBe(200);
    // A form post of another page (no preflight) is not JSON.
    const form = await fetch(`${studio.url}studio-api/save`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ draft, choices: noChoices }) });
    expect(form.status).toBe(403);
    // DNS rebinding: the right address under another name.
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: studio.port, path: '/studio-api/services', headers: { host: `evil.example:${studio.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(rebound).toBe(403);
  });
});
