/**
 * The importer of the original product's realtime-database export (issue 8, docs/importing.md), on a
 * generated export (tests/fixtures/legacy-export.ts) against a real PocketBase with the project's
 * migrations and hooks: superusers only; a dry run writes nothing; every record the forms accept lands
 * in the collection of the same name with its original date; refused ones are reported with reasons;
 * no card number or CVV is stored or reported; SSNs are stored sealed; a re-run (through the CLI)
 * imports nothing twice, not even a record staff have deleted since.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { legacyExport, type LegacyExport } from '../fixtures/legacy-export.ts';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const ENCRYPTION_KEY = 'import-test-key-0123456789abcdef'; // 32 characters
const TRASH = 'helpuztrash';
const fixture = legacyExport();
/** `table[key]`, which the fixture guarantees. */
function at<T>(table: Record<string, T>, key: string): T {
  const value = table[key];
  if (value === undefined) throw new Error(`fixture has no ${key}`);
  return value;
}
/** '<collection>/<push key>' (push keys have no slash). */
const split = (where: string): [string, string] => {
  const [c = '', key = ''] = where.split('/');
  return [c, key];
};
const expectedOf = (c: string) => at(fixture.expected, c);
const recordsOf = (c: string) => at(fixture.export, c);
const COLLECTIONS = Object.keys(fixture.expected);
const WITH_SSN = ['creditrepairnew', 'loans', 'personal', 'uploaddocuments', 'company', 'ssn'];
const rejectedCount = (c: string) => Object.keys(expectedOf(c).rejected).length;
const importable = (c: string) => expectedOf(c).records - rejectedCount(c);
const totalImportable = COLLECTIONS.reduce((n, c) => n + importable(c), 0);
const totalRejected = COLLECTIONS.reduce((n, c) => n + rejectedCount(c), 0);
/** The id the importer gives a legacy record: the same on every run. */
const legacyId = (collection: string, key: string) => createHash('sha256').update(`${collection}/${key}`).digest('hex').slice(0, 15);

interface Stats { records: number; imported: number; alreadyPresent: number; rejected: number; cardFieldsDropped: number; fileLinksSkipped: number; unknownFields: Record<string, number> }
interface Report {
  dryRun: boolean;
  collections: Record<string, Stats>;
  unknownCollections: Record<string, number>;
  rejected: { collection: string; key: string; id: string; errors: Record<string, string>; data: Record<string, unknown> }[];
  skippedFiles: { collection: string; key: string; field: string; links: string[] }[];
  skippedFields: { collection: string; key: string; field: string; reason: string }[];
  totals: Omit<Stats, 'unknownFields'>;
}

const digitsOnly = (s: string) => s.replace(/\D/g, '');
/** Every string anywhere in a value (keys included). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(typeof v === 'string' && v.startsWith('{') ? safeParse(v) : v, out);
    }
  }
  return out;
}
const safeParse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/** Fails with the first card number (any spelling) or CVV found in `value`. */
function expectNoCardData(value: unknown, where: string) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const compact = text.replace(/[\s-]/g, '');
  for (const n of fixture.cardNumbers) {
    expect(text.includes(n), `${where} holds a card number`).toBe(false);
    expect(compact.includes(digitsOnly(n)), `${where} holds a card number`).toBe(false);
  }
  const values = new Set(strings(typeof value === 'string' ? safeParse(value) : value));
  for (const cvv of fixture.cvvs) expect(values.has(cvv), `${where} holds a CVV (${where})`).toBe(false);
  for (const name of ['numberOnCard', 'cvv', 'expire', 'nameOnCard']) expect(values.has(name), `${where} names ${name}`).toBe(false);
}

describe('importing the original realtime-database export', () => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  let tmp: string;
  let report: Report;
  let dryReport: Report;

  const post = (body: unknown, token?: string) =>
    fetch(`${pb.url}/api/formwork/import`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  const importAsSuperuser = async (body: unknown) => {
    const res = await post(body, admin.authStore.token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Report;
  };
  const count = async (collection: string) => (await admin.collection(collection).getList(1, 1)).totalItems;
  const counts = async () => Object.fromEntries(await Promise.all(COLLECTIONS.map(async (c) => [c, await count(c)] as const)));
  /** Rows as stored, read from PocketBase's SQLite file (no API, no masking). */
  const rows = (table: string): Record<string, unknown>[] => {
    const out = spawnSync('sqlite3', ['-readonly', '-json', join(pb.dataDir, 'data.db'), `SELECT * FROM "${table}"`], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(out.stderr);
    return out.stdout.trim() ? (JSON.parse(out.stdout) as Record<string, unknown>[]) : [];
  };
  const dump = () => spawnSync('sqlite3', ['-readonly', join(pb.dataDir, 'data.db'), '.dump'], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
  const cli = (file: string, ...args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'scripts/import-legacy.mjs'), file, '--url', pb.url, ...args], {
      encoding: 'utf8',
      env: { ...process.env, FORMWORK_ADMIN_EMAIL: pb.superuser.email, FORMWORK_ADMIN_PASSWORD: pb.superuser.password },
    });
  const hasSqlite = spawnSync('sqlite3', ['-version']).status === 0;

  beforeAll(async () => {
    pb = await startPocketBase({ env: { FORMWORK_ENCRYPTION_KEY: ENCRYPTION_KEY } });
    admin = await superuserClient(pb);
    tmp = mkdtempSync(join(tmpdir(), 'formwork-import-'));
  });
  afterAll(async () => {
    await pb?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('covers every collection of the original, with card data, bad values, file links and an unknown collection', () => {
    expect([...COLLECTIONS].sort()).toEqual(['aloqacorpcontacts', 'claim', 'company', 'creditrepairnew', 'helpuztrash', 'loans', 'orders', 'personal', 'ssn', 'students', 'uploaddocuments']);
    for (const c of COLLECTIONS) expect(expectedOf(c).records).toBeGreaterThanOrEqual(3);
    expect(fixture.cardNumbers.length).toBeGreaterThan(5);
    expect(totalRejected).toBeGreaterThan(0);
    expect(JSON.stringify(legacyExport())).toBe(JSON.stringify(fixture)); // deterministic
  });

  it('refuses anyone but a superuser, writing nothing', async () => {
    expect((await post(fixture.export)).status).toBe(401);
    const staff = await staffClient(pb, 'admin');
    expect((await post(fixture.export, staff.authStore.token)).status).toBe(403);
    expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);
  });

  it('dry run: reports what it would import and writes nothing', async () => {
    dryReport = await importAsSuperuser({ export: fixture.export, dryRun: true });
    expect(dryReport.dryRun).toBe(true);
    expect(dryReport.totals.imported).toBe(totalImportable);
    expect(dryReport.totals.rejected).toBe(totalRejected);
    expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);
    if (hasSqlite) for (const c of COLLECTIONS) expect(rows(c)).toHaveLength(0);
  });

  it('imports every record the forms accept into the collection of the same name', async () => {
    report = await importAsSuperuser(fixture.export);
    expect(report.dryRun).toBe(false);
    const stored = await counts();
    for (const c of COLLECTIONS) {
      const s = at(report.collections, c);
      expect(s.records, c).toBe(expectedOf(c).records);
      expect(s.rejected, c).toBe(rejectedCount(c));
      expect(s.imported, c).toBe(importable(c));
      expect(s.alreadyPresent, c).toBe(0);
      expect(stored[c], c).toBe(s.imported);
      expect(s.fileLinksSkipped, c).toBe(fixture.fileLinks[c] ?? 0);
      expect(s.unknownFields, c).toEqual(fixture.unknownFields[c] ?? {});
    }
    expect(report.totals).toMatchObject({ imported: totalImportable, rejected: totalRejected, cardFieldsDropped: fixture.cardValues });
    expect(report.unknownCollections).toEqual(fixture.unknownCollections);
    // The dry run said exactly this.
    expect({ ...dryReport, dryRun: false }).toEqual(report);
    // Links to the original's storage are listed, not turned into files.
    expect(report.skippedFiles.reduce((n, f) => n + f.links.length, 0)).toBe(Object.values(fixture.fileLinks).reduce((a, b) => a + b, 0));
    for (const f of report.skippedFiles) for (const l of f.links) expect(l).toMatch(/^https:\/\//);
    for (const c of ['creditrepairnew', 'loans', 'students', 'claim']) {
      const records = await admin.collection(c).getFullList();
      for (const r of records) for (const field of ['stateId', 'passport', 'photo', 'bankStatements']) expect(r[field] ?? '', `${c}.${field}`).toEqual('');
    }
    // Imported, not submitted: nobody is e-mailed about a years-old application.
    expect(await count('outbox')).toBe(0);
  });

  it('reports the refused records with their key and the field at fault, their data without card data', () => {
    const refused = Object.fromEntries(report.rejected.map((r) => [`${r.collection}/${r.key}`, r]));
    const expected = COLLECTIONS.flatMap((c) => Object.entries(expectedOf(c).rejected).map(([key, field]) => ({ c, key, field })));
    expect(Object.keys(refused).sort()).toEqual(expected.map((e) => `${e.c}/${e.key}`).sort());
    for (const { c, key, field } of expected) {
      const r = at(refused, `${c}/${key}`);
      expect(Object.keys(r.errors), `${c}/${key}`).toEqual([field]);
      expect(r.errors[field]).toMatch(/\w/);
      expect(r.id).toBe(legacyId(c, key));
      expect(r.data.__importErrors).toEqual(r.errors);
      // Everything else of the record is kept (it is fixed and imported again from the rejects file).
      const legacy = at(recordsOf(c), key);
      for (const name of Object.keys(legacy).filter((n) => !['nameOnCard', 'numberOnCard', 'expire', 'cvv'].includes(n))) expect(r.data[name], name).toEqual(legacy[name]);
    }
  });

  it('stores no card number or CVV anywhere and never reports one', async () => {
    for (const c of [...COLLECTIONS, 'outbox']) expectNoCardData(await admin.collection(c).getFullList(), `API ${c}`);
    expectNoCardData(report, 'the report');
    expectNoCardData(dryReport, 'the dry-run report');
    if (hasSqlite) {
      for (const c of COLLECTIONS) expectNoCardData(rows(c), `table ${c}`);
      expectNoCardData(dump(), 'the database file');
    }
    // A card number typed into a message is cut out of it, the rest kept.
    for (const [where, values] of Object.entries(fixture.stored)) {
      const [c, key] = split(where);
      if (c !== 'aloqacorpcontacts') continue;
      const record = await admin.collection(c).getOne(legacyId(c, key));
      expect(record.message).toBe(values.message);
    }
  });

  it.skipIf(!hasSqlite)('stores every SSN sealed, never in clear', async () => {
    let sealed = 0;
    for (const c of WITH_SSN) {
      for (const row of rows(c)) {
        const ssn = String(row.ssnSealed ?? '');
        if (row.variant === 'self-service') expect(ssn).toBe('');
        else {
          expect(ssn.startsWith('enc:v1:'), `${c}/${row.id}`).toBe(true);
          expect(String(row.ssn), `${c}/${row.id}`).toMatch(/^•••••\d{4}$/); // the field itself holds only the mask
          sealed++;
        }
      }
    }
    expect(sealed).toBe(WITH_SSN.reduce((n, c) => n + importable(c), 0) - 1); // the short credit-repair form has none
    // The trash keeps a deleted record's SSN sealed too.
    const trashed = rows(TRASH).map((r) => JSON.parse(String(r.record)) as Record<string, string>);
    expect(trashed.filter((r) => r.ssn).every((r) => String(r.ssnSealed).startsWith('enc:v1:'))).toBe(true);
    expect(trashed.filter((r) => r.ssn)).toHaveLength(2);
    const everything = dump();
    for (const plain of fixture.ssns) expect(everything.includes(plain), 'a plain SSN in the database').toBe(false);
    // Staff and superusers see the last four only.
    const [one] = await admin.collection('ssn').getFullList();
    expect(one?.ssn).toMatch(/^•+\d{4}$/);
  });

  it('keeps the original date, maps the values and picks the form the record came from', async () => {
    for (const [where, created] of Object.entries(fixture.created)) {
      const [c, key] = split(where);
      if (c === TRASH) continue;
      const record = await admin.collection(c).getOne(legacyId(c, key));
      expect(record.created, where).toBe(created);
      expect(record.locale).toBe('en');
    }
    for (const [where, values] of Object.entries(fixture.stored)) {
      const [c, key] = split(where);
      const record = await admin.collection(c).getOne(legacyId(c, key));
      for (const [field, value] of Object.entries(values)) if (field !== 'ssn') expect(record[field], `${where}.${field}`).toEqual(value);
    }
    // Trash entries point at the id their record would have had, under the original's topic.
    const entries = await admin.collection(TRASH).getFullList();
    const topics = Object.values(recordsOf(TRASH)).map((r) => r.topic as string);
    expect(entries.map((e) => e.topic).sort()).toEqual(topics.sort());
    for (const [key, legacy] of Object.entries(recordsOf(TRASH))) {
      const entry = await admin.collection(TRASH).getOne(legacyId(TRASH, key));
      expect(entry.key).toBe(legacyId(entry.sourceCollection, legacy.key as string));
      expect(entry.record.id).toBe(entry.key);
      expect(entry.record.created).toBe(fixture.created[`${TRASH}/${key}`]);
    }
  });

  it('a re-run through the CLI imports nothing and finds everything already there', async () => {
    const file = join(tmp, 'export.json');
    const rejects = join(tmp, 'rejects.json');
    const reportFile = join(tmp, 'report.json');
    writeFileSync(file, JSON.stringify(fixture.export));
    const before = await counts();
    const run = cli(file, '--rejects', rejects, '--report', reportFile, '--batch', '2');
    expect(run.status, run.stderr).toBe(2); // some records are refused
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe(`imported 0, already present ${totalImportable}, rejected ${totalRejected}, card fields dropped ${fixture.cardValues}`);
    expect(run.stdout).toMatch(/^collection\s+records\s+imported\s+already present\s+rejected\s+card fields dropped/m);
    expect(run.stdout).toContain('fcmTokens (2 records)');
    expect(await counts()).toEqual(before);
    expectNoCardData(run.stdout, 'the CLI output');
    // The rejects file is an export of the refused records with their errors; the report has no data.
    const refused = JSON.parse(readFileSync(rejects, 'utf8')) as LegacyExport;
    expectNoCardData(readFileSync(rejects, 'utf8'), 'the rejects file');
    expect(Object.keys(refused).sort()).toEqual(COLLECTIONS.filter((c) => rejectedCount(c) > 0).sort());
    const saved = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    expect(saved.rejected.every((r) => r.data === undefined)).toBe(true);
    expect(saved.totals).toMatchObject({ imported: 0, alreadyPresent: totalImportable, rejected: totalRejected });
    expectNoCardData(saved, 'the report file');
  });

  it('does not bring back a record staff deleted since, and the trash restores what it imported', async () => {
    const staff = await staffClient(pb, 'admin');
    const [key = ''] = Object.keys(recordsOf('orders'));
    await staff.collection('orders').delete(legacyId('orders', key));
    const again = await importAsSuperuser({ orders: recordsOf('orders') });
    expect(again.collections.orders).toMatchObject({ imported: 0, alreadyPresent: expectedOf('orders').records });
    expect(await count('orders')).toBe(importable('orders') - 1);
    // An imported trash entry goes back to its list like any other (same id, same date, SSN still sealed).
    const creditKey = Object.keys(recordsOf(TRASH)).find((k) => at(recordsOf(TRASH), k).topic === 'creditrepair') ?? '';
    const entry = await admin.collection(TRASH).getOne(legacyId(TRASH, creditKey));
    const res = await fetch(`${pb.url}/api/formwork/trash/${entry.id}/restore`, { method: 'POST', headers: { authorization: staff.authStore.token } });
    expect(res.status, await res.clone().text()).toBe(200);
    const restored = await admin.collection('creditrepairnew').getOne(entry.key);
    expect(restored.created).toBe(fixture.created[`${TRASH}/${creditKey}`]);
    if (hasSqlite) expect(String(rows('creditrepairnew').find((r) => r.id === entry.key)?.ssnSealed)).toMatch(/^enc:v1:/);
    // …and an import after the restore still finds it.
    const third = await importAsSuperuser({ [TRASH]: recordsOf(TRASH) });
    expect(third.collections[TRASH]).toMatchObject({ imported: 0, alreadyPresent: 3 });
  });

  it('imports the rejects file once its values are fixed', async () => {
    const refused = JSON.parse(readFileSync(join(tmp, 'rejects.json'), 'utf8')) as LegacyExport;
    const before = await counts();
    for (const records of Object.values(refused)) {
      for (const record of Object.values(records)) {
        const errors = record.__importErrors as Record<string, string>;
        if (errors.email) record.email = 'fixed@example.com';
        if (errors.amount) record.amount = '$70,000';
        if (errors.fname) record.fname = 'Pavel';
      }
    }
    const fixed = await importAsSuperuser(refused);
    expect(fixed.totals).toMatchObject({ imported: totalRejected, rejected: 0, alreadyPresent: 0 });
    for (const [c, records] of Object.entries(refused)) expect(await count(c)).toBe(at(before, c) + Object.keys(records).length);
  });

  it('refuses a body that is not an export', async () => {
    const res = await post([1, 2, 3], admin.authStore.token);
    expect(res.status).toBe(400);
  });
});

describe('importing without an encryption key', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase({ env: { FORMWORK_ENCRYPTION_KEY: '' } });
  });
  afterAll(async () => pb?.stop());

  it('refuses the whole import rather than store an SSN readable', async () => {
    const admin = await superuserClient(pb);
    const res = await fetch(`${pb.url}/api/formwork/import`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: admin.authStore.token }, body: JSON.stringify(fixture.export) });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toContain('FORMWORK_ENCRYPTION_KEY');
    for (const c of COLLECTIONS) expect((await admin.collection(c).getList(1, 1)).totalItems, c).toBe(0);
  });
});
