/**
 * The privacy policy's retention in force (pb_hooks/retention.pb.js, lib/retention.js, docs/retention.md)
 * on a real PocketBase: applications are submitted through the API, then made old by rewriting their
 * dates with sqlite3 while the server is stopped (the API never lets anyone set `created`). The dry run
 * must say exactly what the run then does, and change nothing; the run clears fields past their period
 * (files gone from storage), deletes for good what is past every period (with its files and e-mails, from
 * the lists and from the trash), audits each change, and leaves fresh applications alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModule } from '../../src/engine/types.ts';
import { registry } from '../../src/generated/registry.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { validSubmission } from '../support/samples.ts';
import { createStaff, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const DAY = 86_400_000;
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const daysAgo = (days: number) => pbDate(Date.now() - days * DAY);

const CLAIM = 'claim';
const STUDENTS = 'students';
/** A loan application: an SSN (A and L), four documents, a confirmation and a staff notice. */
const LOAN = 'loans';
const { trashCollection: TRASH, outboxCollection: OUTBOX, historyCollection: HISTORY, auditCollection: AUDIT } = registry;
/** Education documents (J, 90 days) of the student form; its passport, bank statements and photo are B (180). */
const J_FIELDS = ['highSchoolDiploma', 'collegeDiploma', 'collegeTranscript', 'universityDiploma', 'universityTranscript', 'englishCertificate'];

async function formOf(collection: string): Promise<FormModule> {
  const service = registry.services.find((s) => s.collection === collection)!;
  return (await service.forms[0]!.load()) as FormModule;
}

interface Section {
  collection: string;
  kind: 'service' | 'trash' | 'outbox' | 'signatures';
  clear: { count: number; fields: Record<string, number>; records: { id: string; since: string; fields: string[]; files: number; key?: string }[] };
  delete: { count: number; records: { id: string; since: string; files?: number; emails?: number; notes?: number; signatures?: number; key?: string; record?: string }[] };
  files: number;
  oldest: string;
  fields?: Record<string, { categories: string[]; days: number }>;
  recordDays?: number;
}
interface Report {
  dryRun: boolean;
  at: string;
  schedule: string;
  policy: { default: number; categories: Record<string, number>; signatureYears: number };
  collections: Section[];
  totals: { cleared: number; deleted: number; files: number; emails: number; notes: number; signatures: number };
  logs: { maxDays: number; days: number; withinPolicy: boolean };
}

describe('retention of personal data (privacy policy)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-retention-'));
  const env = { FORMWORK_MAIL_STAFF: 'office@formwork.test', FORMWORK_RETENTION_CRON: 'off' };
  let pb: PocketBaseProcess;
  let root: PocketBase;
  let adminToken = '';
  let adminId = '';
  let viewerToken = '';
  const adminLogin = { email: 'retention-admin@formwork.test', password: '' };
  const viewerLogin = { email: 'retention-viewer@formwork.test', password: '' };

  /** The scenario's applications, by role. */
  const ids = { claimOld: '', claimWorkedOn: '', claimGone: '', studentOld: '', loanGone: '', loan179: '', loanFresh: '', claimTrashed: '', loanTrashed: '' };
  const trashIds: Record<string, string> = {};
  /** Each record's stored values before anything ran. */
  const before = new Map<string, Record<string, unknown>>();
  /** The dates written with sqlite3, by record id (and the claim's status change). */
  const aged: Record<string, string> = {};

  const sql = (statement: string) => execFileSync('sqlite3', [join(dataDir, 'data.db'), statement], { encoding: 'utf8' });
  const call = (token: string | null, path: string, init: RequestInit = {}) =>
    fetch(`${pb.url}${path}`, { ...init, headers: { ...(token ? { Authorization: token } : {}), 'Content-Type': 'application/json' } });
  const submit = async (collection: string) => {
    const form = await formOf(collection);
    const { fields, files } = validSubmission(form);
    const res = await fetch(`${pb.url}${submitUrl(collection)}`, { method: 'POST', body: formData({ ...fields, variant: form.variant, locale: 'en' }, files) });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const stored = (collection: string, id: string) => root.collection(collection).getOne(id);
  /** Where PocketBase keeps a record's file (local storage under the data dir). */
  const fileOnDisk = (collectionId: string, recordId: string, name: string) => join(dataDir, 'storage', collectionId, recordId, name);
  const filesOf = (record: Record<string, unknown>, fields: string[]) =>
    fields.flatMap((f) => [record[f]].flat().filter(Boolean).map((name) => fileOnDisk(String(record.collectionId), String(record.id), String(name))));
  const signIn = async (login: { email: string; password: string }) => {
    const client = new PocketBase(pb.url);
    client.autoCancellation(false);
    await client.collection('staff').authWithPassword(login.email, login.password);
    return client;
  };
  const report = async (): Promise<Report> => {
    const res = await call(adminToken, '/api/formwork/retention/report');
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Report;
  };
  const section = (r: Report, collection: string) => r.collections.find((c) => c.collection === collection)!;
  /** The upload fields of each list, from its form. */
  const fileFields: Record<string, string[]> = {};
  const outboxOf = (collection: string, id: string) => root.collection(OUTBOX).getFullList({ filter: `sourceCollection = "${collection}" && record = "${id}"` });

  beforeAll(async () => {
    for (const c of [CLAIM, STUDENTS, LOAN]) {
      const form = await formOf(c);
      fileFields[c] = Object.keys(form.traits).filter((n) => form.traits[n]?.file);
    }
    // 1. A fresh server: applications come in through the API, staff act on some of them.
    pb = await startPocketBase({ dataDir, env: { FORMWORK_MAIL_STAFF: env.FORMWORK_MAIL_STAFF } });
    root = await superuserClient(pb);
    Object.assign(adminLogin, await createStaff(pb, 'admin', adminLogin.email));
    Object.assign(viewerLogin, await createStaff(pb, 'viewer', viewerLogin.email));
    const admin = await signIn(adminLogin);

    ids.claimOld = await submit(CLAIM); // 100 days: its work details (I, 90 days) go, the rest stays
    ids.claimWorkedOn = await submit(CLAIM); // 100 days, but a status change 10 days ago: untouched
    ids.claimGone = await submit(CLAIM); // 200 days: deleted, with its file, its e-mails and its status note
    ids.studentOld = await submit(STUDENTS); // 100 days: the education documents (J) go, files too
    ids.loanGone = await submit(LOAN); // 181 days: deleted with its sealed SSN, files and e-mails
    ids.loan179 = await submit(LOAN); // 179 days: still within six months
    ids.loanFresh = await submit(LOAN); // today
    ids.claimTrashed = await submit(CLAIM); // in the trash, 100 days: cleared there too
    ids.loanTrashed = await submit(LOAN); // in the trash, 200 days: deleted for good from it

    for (const [collection, id] of [
      [CLAIM, ids.claimWorkedOn],
      [CLAIM, ids.claimGone],
    ] as const) {
      const res = await call(admin.authStore.token, `/api/formwork/status/${collection}/${id}`, { method: 'POST', body: JSON.stringify({ status: 'review', note: 'Called Aziza about her licence' }) });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    await admin.collection(CLAIM).delete(ids.claimTrashed);
    await admin.collection(LOAN).delete(ids.loanTrashed);
    for (const key of [ids.claimTrashed, ids.loanTrashed]) trashIds[key] = (await root.collection(TRASH).getFirstListItem(`key = "${key}"`)).id;

    // The daily job is on by default (the scenario's second start turns it off, so it cannot run mid-test).
    const res = await call(admin.authStore.token, '/api/formwork/retention/report');
    expect(((await res.json()) as Report).schedule).toBe('35 3 * * *');
    await pb.stop();

    // 2. Time passes: the dates the API never lets anyone set.
    const age = (collection: string, id: string, days: number) => {
      aged[id] = daysAgo(days);
      sql(`UPDATE ${collection} SET created = '${aged[id]}' WHERE id = '${id}'`);
      sql(`UPDATE ${OUTBOX} SET created = '${aged[id]}' WHERE record = '${id}'`);
    };
    age(CLAIM, ids.claimOld, 100);
    age(CLAIM, ids.claimWorkedOn, 100);
    sql(`UPDATE ${OUTBOX} SET created = '${daysAgo(10)}' WHERE record = '${ids.claimWorkedOn}'`);
    sql(`UPDATE ${HISTORY} SET created = '${daysAgo(10)}' WHERE record = '${ids.claimWorkedOn}'`);
    age(CLAIM, ids.claimGone, 200);
    aged.claimGoneHistory = daysAgo(190);
    sql(`UPDATE ${HISTORY} SET created = '${aged.claimGoneHistory}' WHERE record = '${ids.claimGone}'`);
    age(STUDENTS, ids.studentOld, 100);
    age(LOAN, ids.loanGone, 181);
    age(LOAN, ids.loan179, 179);
    // A trash entry is on its application's clock (the copy's `created`), not on the day of the delete.
    aged[ids.claimTrashed] = daysAgo(100);
    aged[ids.loanTrashed] = daysAgo(200);
    sql(`UPDATE ${TRASH} SET record = json_set(record, '$.created', '${aged[ids.claimTrashed]}') WHERE key = '${ids.claimTrashed}'`);
    sql(`UPDATE ${TRASH} SET record = json_set(record, '$.created', '${aged[ids.loanTrashed]}') WHERE key = '${ids.loanTrashed}'`);
    sql(`UPDATE ${OUTBOX} SET created = '${daysAgo(200)}' WHERE record = '${ids.loanTrashed}'`);

    pb = await startPocketBase({ dataDir, env });
    root = await superuserClient(pb);
    const adminClient = await signIn(adminLogin);
    adminToken = adminClient.authStore.token;
    adminId = adminClient.authStore.record!.id;
    viewerToken = (await signIn(viewerLogin)).authStore.token;
    for (const [collection, id] of [
      [CLAIM, ids.claimOld],
      [CLAIM, ids.claimWorkedOn],
      [STUDENTS, ids.studentOld],
      [LOAN, ids.loan179],
      [LOAN, ids.loanFresh],
      [LOAN, ids.loanGone],
      [CLAIM, ids.claimGone],
    ] as const) {
      before.set(id, await stored(collection, id));
    }
    for (const id of Object.values(trashIds)) before.set(id, await stored(TRASH, id));
  });

  afterAll(async () => {
    await pb?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the report and runs the job for staff admins only', async () => {
    for (const [method, path] of [
      ['GET', '/api/formwork/retention/report'],
      ['POST', '/api/formwork/retention/run'],
    ] as const) {
      expect((await call(null, path, { method })).status).toBe(401);
      expect((await call(viewerToken, path, { method })).status).toBe(403);
    }
    // Nothing ran on those refusals.
    expect((await stored(CLAIM, ids.claimOld)).message).toBe(before.get(ids.claimOld)!.message);
  });

  let dry: Report;

  it('reports exactly what is due, with each field\'s categories and period', async () => {
    dry = await report();
    expect(dry.dryRun).toBe(true);
    expect(dry.schedule).toBe('off');
    expect(dry.policy).toEqual({ default: 90, categories: { A: 180, B: 180, D: 180 }, signatureYears: 2 });
    // Category F lives only in PocketBase's request logs, which PocketBase deletes itself.
    expect(dry.logs).toEqual({ maxDays: expect.any(Number), days: 90, withinPolicy: true });

    const claim = section(dry, CLAIM);
    expect(claim.fields).toMatchObject({ firstName: { categories: ['A'], days: 180 }, amount: { categories: ['I'], days: 90 }, message: { categories: ['I'], days: 90 }, stateId: { categories: ['B', 'L'], days: 180 } });
    expect(claim.recordDays).toBe(180);
    expect(claim.clear.records).toEqual([{ id: ids.claimOld, since: before.get(ids.claimOld)!.created, fields: ['amount', 'message'], files: 0 }]);
    // The clock starts at the latest status change when there is one (190 days ago, submitted 200).
    // Its e-mails: the confirmation, the staff notice and the e-mail of its status change.
    expect(claim.delete.records).toEqual([{ id: ids.claimGone, since: aged.claimGoneHistory, files: 1, emails: 3, notes: 1 }]);
    expect(claim.files).toBe(1);

    const students = section(dry, STUDENTS);
    expect(students.clear.records).toEqual([{ id: ids.studentOld, since: before.get(ids.studentOld)!.created, fields: J_FIELDS, files: J_FIELDS.length }]);
    expect(students.delete.count).toBe(0);

    const loan = section(dry, LOAN);
    expect(loan.fields?.ssn).toEqual({ categories: ['A', 'L'], days: 180 }); // L gives no period of its own
    expect(loan.clear.count).toBe(0);
    const loanFiles = filesOf(before.get(ids.loanGone)!, fileFields[LOAN]!).length;
    expect(loan.delete.records).toEqual([{ id: ids.loanGone, since: before.get(ids.loanGone)!.created, files: loanFiles, emails: 2, notes: 0 }]);
    expect(loan.oldest).toBe(before.get(ids.loanGone)!.created);

    const trash = section(dry, TRASH);
    expect(trash.kind).toBe('trash');
    expect(trash.clear.records).toEqual([{ id: trashIds[ids.claimTrashed], sourceCollection: CLAIM, key: ids.claimTrashed, since: aged[ids.claimTrashed], fields: ['amount', 'message'], files: 0 }]);
    const trashedFiles = (before.get(trashIds[ids.loanTrashed]!)!.files as string[]).length;
    expect(trash.delete.records).toEqual([{ id: trashIds[ids.loanTrashed], sourceCollection: LOAN, key: ids.loanTrashed, since: aged[ids.loanTrashed], files: trashedFiles, emails: 2, notes: 0 }]);

    // E-mails show what they were about: the claim's work details (I) make its e-mails (the confirmation
    // and the staff notice) go at 90 days.
    const claimMail = await outboxOf(CLAIM, ids.claimOld);
    expect(claimMail).toHaveLength(2);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...section(dry, OUTBOX).delete.records].sort(byId)).toEqual(claimMail.map((m) => ({ id: m.id, sourceCollection: CLAIM, record: ids.claimOld, since: m.created })).sort(byId));

    for (const c of registry.services.map((s) => s.collection).filter((c) => ![CLAIM, STUDENTS, LOAN].includes(c))) {
      expect(section(dry, c), c).toMatchObject({ clear: { count: 0 }, delete: { count: 0 }, files: 0 });
    }
    expect(dry.totals).toEqual({ cleared: 3, deleted: 3, files: J_FIELDS.length + 1 + loanFiles + trashedFiles, emails: 3 + 2 + 2 + 2, notes: 1, signatures: 0 });
  });

  it('changes nothing while reporting', async () => {
    for (const [id, was] of before) {
      const collection = String(was.collectionName);
      const now = await stored(collection, id);
      expect(now, `${collection}/${id}`).toEqual(was);
      for (const path of filesOf(now, collection === TRASH ? ['files'] : fileFields[collection]!)) expect(existsSync(path), path).toBe(true);
    }
    expect(await outboxOf(CLAIM, ids.claimOld)).toHaveLength(2);
    expect((await root.collection(AUDIT).getFullList({ filter: 'detail ~ "retention:"' })).length).toBe(0);
    const again = await report();
    expect({ ...again, at: '' }).toEqual({ ...dry, at: '' });
  });

  describe('the run', () => {
    let done: Report;
    beforeAll(async () => {
      const res = await call(adminToken, '/api/formwork/retention/run', { method: 'POST' });
      expect(res.status, await res.clone().text()).toBe(200);
      done = (await res.json()) as Report;
    });

    it('does what the dry run said', () => {
      expect(done.dryRun).toBe(false);
      expect({ ...done, dryRun: true, at: '' }).toEqual({ ...dry, at: '' });
    });

    it('clears the fields past their period and removes their files from storage', async () => {
      const claim = await stored(CLAIM, ids.claimOld);
      const was = before.get(ids.claimOld)!;
      expect(claim).toMatchObject({ amount: '', message: '', firstName: was.firstName, email: was.email, stateId: was.stateId });
      for (const path of filesOf(claim, ['stateId'])) expect(existsSync(path)).toBe(true);

      const student = await stored(STUDENTS, ids.studentOld);
      const studentWas = before.get(ids.studentOld)!;
      for (const f of J_FIELDS) expect(student[f], f).toBe('');
      for (const path of filesOf(studentWas, J_FIELDS)) expect(existsSync(path), path).toBe(false);
      for (const path of filesOf(studentWas, ['passport', 'bankStatements', 'photo'])) expect(existsSync(path), path).toBe(true);
      expect(student.firstName).toBe(studentWas.firstName);
    });

    it('deletes for good what is past every period: no trash copy, files, e-mails and staff notes gone', async () => {
      for (const [collection, id] of [
        [CLAIM, ids.claimGone],
        [LOAN, ids.loanGone],
      ] as const) {
        await expect(stored(collection, id)).rejects.toMatchObject({ status: 404 });
        expect(await outboxOf(collection, id)).toHaveLength(0);
        expect(await root.collection(TRASH).getFullList({ filter: `key = "${id}"` })).toHaveLength(0);
        const was = before.get(id)!;
        expect(existsSync(join(dataDir, 'storage', String(was.collectionId), id))).toBe(false);
      }
      // The status history keeps what was done and when, without the note about the applicant.
      const history = await root.collection(HISTORY).getFullList({ filter: `record = "${ids.claimGone}"` });
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ to: 'review', note: '' });
      // The claim's e-mails went at 90 days; those of the application staff worked on are younger.
      expect(await outboxOf(CLAIM, ids.claimOld)).toHaveLength(0);
      expect(await outboxOf(CLAIM, ids.claimWorkedOn)).toHaveLength(3);
    });

    it('applies the same rule in the trash', async () => {
      const entry = await stored(TRASH, trashIds[ids.claimTrashed]!);
      expect(entry.record).toMatchObject({ amount: '', message: '', firstName: (before.get(trashIds[ids.claimTrashed]!)!.record as Record<string, unknown>).firstName });
      expect(entry.files).toEqual(before.get(trashIds[ids.claimTrashed]!)!.files);
      const gone = before.get(trashIds[ids.loanTrashed]!)!;
      await expect(stored(TRASH, String(gone.id))).rejects.toMatchObject({ status: 404 });
      expect(existsSync(join(dataDir, 'storage', String(gone.collectionId), String(gone.id)))).toBe(false);
      expect(await outboxOf(LOAN, ids.loanTrashed)).toHaveLength(0);
    });

    it('leaves fresh applications and those staff worked on recently alone', async () => {
      for (const [collection, id] of [
        [CLAIM, ids.claimWorkedOn],
        [LOAN, ids.loan179],
        [LOAN, ids.loanFresh],
      ] as const) {
        expect(await stored(collection, id), id).toEqual(before.get(id));
        for (const path of filesOf(before.get(id)!, fileFields[collection]!)) expect(existsSync(path), path).toBe(true);
      }
    });

    it('audits each change under the admin who ran it', async () => {
      const log = await root.collection(AUDIT).getFullList({ filter: 'detail ~ "retention:"', sort: 'created' });
      expect(log.every((e) => e.action === 'purge' && e.actor === adminId && e.actorEmail === adminLogin.email)).toBe(true);
      const about = (record: string) => log.filter((e) => e.record === record);
      expect(about(ids.claimOld)).toMatchObject([{ sourceCollection: CLAIM, field: 'amount,message' }]);
      // Too many names for the field column (100 characters): the detail has them all.
      expect(about(ids.studentOld)).toMatchObject([{ sourceCollection: STUDENTS, field: '' }]);
      for (const f of J_FIELDS) expect(about(ids.studentOld)[0]?.detail).toContain(`${f} (90 days)`);
      expect(about(ids.claimGone)[0]?.detail).toMatch(/^retention: deleted for good/);
      expect(about(ids.loanGone)[0]?.detail).toMatch(/^retention: deleted for good/);
      expect(about(ids.claimTrashed)).toMatchObject([{ sourceCollection: CLAIM, field: 'amount,message' }]);
      expect(about(ids.loanTrashed)[0]?.detail).toMatch(/^retention: trash entry deleted for good/);
      expect(log.filter((e) => e.sourceCollection === OUTBOX)).toHaveLength(1);
      expect(log).toHaveLength(7);
    });

    it('leaves nothing due, and a cleared application still moves through its statuses', async () => {
      expect((await report()).totals).toEqual({ cleared: 0, deleted: 0, files: 0, emails: 0, notes: 0, signatures: 0 });
      const res = await call(adminToken, `/api/formwork/status/${CLAIM}/${ids.claimOld}`, { method: 'POST', body: JSON.stringify({ status: 'rejected' }) });
      expect(res.status, await res.clone().text()).toBe(200);
    });
  });
});

describe('retention of an application with signed agreements', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-retention-signed-'));
  const SIGNED = registry.services.find((s) => s.id === 'creditrepair')!.collection;
  const SIGNATURES = registry.signatureCollection;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const submitSigned = async (pb: PocketBaseProcess, name: string) => {
    const body = formData({ ...validCreditRepair, variant: 'full', locale: 'en', ...signed('en', 'creditrepair', name) }, { stateId: pngFile() });
    const res = await fetch(`${pb.url}${submitUrl(SIGNED)}`, { method: 'POST', headers: { 'User-Agent': 'Retention test browser' }, body });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  /** Signed more than `years` calendar years (and a day) ago. */
  const yearsAgo = (years: number) => {
    const d = new Date(Date.now() - DAY);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return pbDate(d.getTime());
  };

  it('keeps the signatures whole, with their evidence, for 2 years after signing, then deletes them (CROA §1679c(c))', async () => {
    let pb = await startPocketBase({ dataDir, env: { FORMWORK_RETENTION_CRON: 'off' } });
    const gone = await submitSigned(pb, 'Aziza Karimova'); // deleted at 200 days; its signatures are kept
    const kept = await submitSigned(pb, 'Bobur Aliyev'); // signed over 2 years ago but still worked on: its signatures stay with it
    const admin = await createStaff(pb, 'admin', 'signed-retention@formwork.test');
    await pb.stop();
    const sql = (statement: string) => execFileSync('sqlite3', [join(dataDir, 'data.db'), statement]);
    sql(`UPDATE ${SIGNED} SET created = '${daysAgo(200)}' WHERE id = '${gone}'`);
    sql(`UPDATE ${SIGNATURES} SET created = '${yearsAgo(1)}' WHERE record = '${gone}'`);
    sql(`UPDATE ${SIGNATURES} SET created = '${yearsAgo(2)}' WHERE record = '${kept}'`);

    pb = await startPocketBase({ dataDir, env: { FORMWORK_RETENTION_CRON: 'off' } });
    try {
      let root = await superuserClient(pb);
      const rows = (id: string) => root.collection(SIGNATURES).getFullList({ filter: `record = "${id}"`, sort: 'document' });
      const signedBefore = await rows(gone);
      expect(signedBefore.filter((r) => r.signedName === 'Aziza Karimova').length).toBe(1); // the contract; the others were read
      expect(signedBefore.map((r) => r.userAgent)).toEqual(signedBefore.map(() => 'Retention test browser'));
      const keptBefore = await rows(kept);

      const signIn = async () => {
        const client = new PocketBase(pb.url);
        await client.collection('staff').authWithPassword(admin.email, admin.password);
        return client;
      };
      let staff = await signIn();
      const runJob = async () => {
        const run = await fetch(`${pb.url}/api/formwork/retention/run`, { method: 'POST', headers: { Authorization: staff.authStore.token } });
        expect(run.status, await run.clone().text()).toBe(200);
        return (await run.json()) as Report;
      };
      // 1. The application goes at 200 days; its signatures stay whole, evidence and all, under 2 years old.
      const first = await runJob();
      expect(first.policy).toMatchObject({ signatureYears: 2 });
      expect(first.collections.find((c) => c.collection === SIGNED)!.delete.records).toEqual([expect.objectContaining({ id: gone })]);
      expect((await root.collection(SIGNED).getList(1, 1, { filter: `id = "${gone}"` })).totalItems).toBe(0);
      expect(await rows(gone)).toEqual(signedBefore);
      // Over 2 years old, but its application is still kept: they are its contract.
      expect(first.collections.find((c) => c.collection === SIGNATURES)).toMatchObject({ kind: 'signatures', delete: { count: 0 } });
      expect(await rows(kept)).toEqual(keptBefore);

      // 2. Two years after signing, the job deletes them.
      await pb.stop();
      sql(`UPDATE ${SIGNATURES} SET created = '${yearsAgo(2)}' WHERE record = '${gone}'`);
      pb = await startPocketBase({ dataDir, env: { FORMWORK_RETENTION_CRON: 'off' } });
      root = await superuserClient(pb);
      staff = await signIn();
      const dry = await fetch(`${pb.url}/api/formwork/retention/report`, { headers: { Authorization: staff.authStore.token } });
      const report = (await dry.json()) as Report;
      const due = report.collections.find((c) => c.collection === SIGNATURES)!;
      expect(due.delete.records.map((r) => r.record)).toEqual(signedBefore.map(() => gone));
      expect(report.totals.signatures).toBe(signedBefore.length);
      expect(await rows(gone)).toHaveLength(signedBefore.length); // the report changed nothing

      const second = await runJob();
      expect(second.totals).toMatchObject({ signatures: signedBefore.length, deleted: 0 });
      expect(await rows(gone)).toEqual([]);
      expect(await rows(kept)).toEqual(keptBefore);
      const audit = await root.collection(registry.auditCollection).getFullList({ filter: `sourceCollection = "${SIGNATURES}"` });
      expect(audit.map((a) => [a.action, a.detail])).toEqual([['purge', `retention: ${signedBefore.length} signature(s) deleted with their evidence, 2 years after signing, their applications gone`]]);
    } finally {
      await pb.stop();
    }
  });

  it("the trash's daily purge keeps the signatures whole for their period, and the history without its notes", async () => {
    // A trash period of under a second, so an entry is due as soon as it is in; the job is run by hand.
    const pb = await startPocketBase({ env: { FORMWORK_RETENTION_CRON: 'off', FORMWORK_TRASH_DAYS: '0.00001' } });
    try {
      const body = formData({ ...validCreditRepair, variant: 'full', locale: 'en', ...signed('en') }, { stateId: pngFile() });
      const res = await fetch(`${pb.url}${submitUrl(SIGNED)}`, { method: 'POST', body });
      expect(res.status, await res.clone().text()).toBe(200);
      const { id } = (await res.json()) as { id: string };
      const admin = new PocketBase(pb.url);
      const login = await createStaff(pb, 'admin', 'trash-purge@formwork.test');
      await admin.collection('staff').authWithPassword(login.email, login.password);
      const noted = await fetch(`${pb.url}/api/formwork/status/${SIGNED}/${id}`, {
        method: 'POST',
        headers: { Authorization: admin.authStore.token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'rejected', note: 'Called Aziza' }),
      });
      expect(noted.status).toBe(200);
      await admin.collection(SIGNED).delete(id);
      const root = await superuserClient(pb);
      // Until the entry is older than the trash period, by the creation time the purge's cutoff reads.
      const trashed = await root.collection(registry.trashCollection).getFirstListItem(`key = "${id}"`);
      const due = new Date(String(trashed.created).replace(' ', 'T')).getTime() + 0.00001 * DAY;
      await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(due);

      await root.crons.run('formwork-trash-purge'); // started in the background: its result is waited for
      await expect
        .poll(async () => (await root.collection(registry.trashCollection).getList(1, 1, { filter: `key = "${id}"` })).totalItems, { timeout: 20_000 })
        .toBe(0);
      const signatures = await root.collection(registry.signatureCollection).getFullList({ filter: `record = "${id}"`, sort: 'document' });
      expect(signatures).toHaveLength(3);
      expect(signatures.map((r) => r.signedName).filter(Boolean)).toEqual(['Aziza Karimova']);
      expect(signatures.every((r) => r.ip !== '')).toBe(true);
      const history = await root.collection(registry.historyCollection).getFullList({ filter: `record = "${id}"` });
      expect(history.map((h) => [h.to, h.note])).toEqual([['rejected', '']]);
    } finally {
      await pb.stop();
    }
  });
});
