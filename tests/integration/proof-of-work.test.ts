/**
 * The proof of work of every service form (pb_hooks/lib/proofOfWork.js, src/engine/proofOfWork.ts), on
 * a real PocketBase with the check on: a solved challenge stores one application; no proof, garbage, a
 * forged signature, a wrong number, an expired challenge, a replay, a proof for another form and one
 * from another server are each refused with a field error on `proof` and leave nothing behind. Guests
 * only: a superuser stores through the submit route without one.
 *
 * The test server's key is known here (FORMWORK_POW_KEY), so the test can sign challenges of its own:
 * an expired one the server could never have issued is then refused for its expiry alone. Also prints
 * how long the shipped solver takes per difficulty.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_FIELD, prover, proofValue, type Challenge } from '../../src/engine/proofOfWork.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { solveChallenge } from '../../src/engine/proofOfWork.solver.ts';
import { registry } from '../../src/generated/registry.ts';
import { formData } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { challengeFor, solvedProof } from '../support/proofOfWork.ts';
import { superuserClient } from '../support/staff.ts';

const KEY = 'test-only-proof-of-work-key-0123456789';
const COLLECTION = 'aloqacorpcontacts';
const OTHER_COLLECTION = 'orders';
const POW = { FORMWORK_POW: 'on', FORMWORK_POW_KEY: KEY, FORMWORK_POW_MAX: '3000' };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A challenge signed with the test server's key, as the server would issue it, expiring at `expires` (unix s). */
function forged(expires: number, collection = COLLECTION, key = KEY): { challenge: Challenge; number: number } {
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const number = randomInt(0, 1000);
  const challenge = sha256(salt + number);
  const signature = createHmac('sha256', key).update(`${challenge}:${collection}`).digest('hex');
  return { challenge: { algorithm: 'SHA-256', challenge, maxnumber: 1000, salt, signature }, number };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('proof of work on submissions', () => {
  let pb: PocketBaseProcess;
  let other: PocketBaseProcess;
  // Kept across `other`'s restart (a data dir the harness made would go with the first stop).
  const otherDir = mkdtempSync(join(tmpdir(), 'formwork-pow-other-'));
  const OTHER = { FORMWORK_POW: 'on', FORMWORK_POW_MAX: '3000' };
  const bad: string[] = [];
  const accepted: string[] = [];

  beforeAll(async () => {
    // `other` has no key of its own: a random one per process, so a restart changes it.
    [pb, other] = await Promise.all([startPocketBase({ env: POW }), startPocketBase({ env: OTHER, dataDir: otherDir })]);
  });
  afterAll(async () => {
    await Promise.all([pb?.stop(), other?.stop()]);
    rmSync(otherDir, { recursive: true, force: true });
    console.log(`${bad.length} bad proofs tried, ${accepted.length} accepted`);
  });

  let n = 0;
  const contact = (extra: Record<string, string> = {}) => {
    n++;
    return { fname: 'Dilnoza', lname: 'Yusupova', email: `pow-${n}@example.com`, message: `Hello ${n}`, variant: 'full', locale: 'en', ...extra };
  };
  const post = async (server: PocketBaseProcess, fields: Record<string, string>, collection = COLLECTION, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${submitUrl(collection)}`, { method: 'POST', headers, body: formData(fields) });
    return { status: res.status, body: (await res.json()) as { id?: string; message?: string; data?: Record<string, { code: string; message: string }> } };
  };
  const stored = async (server = pb) => {
    const admin = await superuserClient(server);
    const [records, outbox] = await Promise.all([
      admin.collection(COLLECTION).getList(1, 1, { fields: 'id' }),
      admin.collection(registry.outboxCollection).getList(1, 1, { fields: 'id' }),
    ]);
    return { records: records.totalItems, outbox: outbox.totalItems };
  };

  /** Sent as the form would, with `proof` as given (undefined: none); must be refused on `proof` with `code`, nothing saved. */
  async function refused(what: string, proof: string | undefined, code: string | string[], server = pb) {
    bad.push(what);
    const before = await stored(server);
    const res = await post(server, contact(proof === undefined ? {} : { [PROOF_FIELD]: proof }));
    if (res.status < 400) accepted.push(what);
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(Object.keys(res.body.data ?? {}), what).toEqual([PROOF_FIELD]);
    expect([code].flat(), `${what}: ${JSON.stringify(res.body)}`).toContain(res.body.data![PROOF_FIELD]!.code);
    expect(await stored(server), what).toEqual(before);
    return res;
  }

  it('hands out a signed challenge per form, never cached, and none for what is no form', async () => {
    const res = await fetch(`${pb.url}/api/formwork/challenge/${COLLECTION}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = (await res.json()) as Challenge;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 3000, expiresIn: 1800 });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(/\?expires=(\d+)$/.exec(challenge.salt)?.[1]);
    expect(Math.abs(expires - (nowSeconds() + 1800))).toBeLessThan(60);
    expect(solveChallenge(challenge)).not.toBeNull();
    expect((await fetch(`${pb.url}/api/formwork/challenge/_superusers`)).status).toBe(404);
    expect((await fetch(`${pb.url}/api/formwork/challenge/nosuchform`)).status).toBe(404);
    expect((await fetch(`${pb.url}/api/formwork/challenge/constructor`)).status).toBe(404); // a name every object has
  });

  it('stores a submission with a solved proof, and keeps the spent challenge with it', async () => {
    const proof = await solvedProof(pb.url, COLLECTION);
    const before = await stored();
    const res = await post(pb, contact({ [PROOF_FIELD]: proof }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await stored();
    expect(after.records).toBe(before.records + 1);
    expect(after.outbox).toBeGreaterThan(before.outbox);
    const admin = await superuserClient(pb);
    const record = await admin.collection(COLLECTION).getOne(res.body.id!);
    // The column keeps the challenge, not what the body sent.
    expect(record[PROOF_FIELD]).toBe((JSON.parse(proof) as Challenge).challenge);
  });

  it('stores with the proof the browser code makes (src/engine/proofOfWork.ts, solving on the page: node has no Web Worker)', async () => {
    const p = prover(COLLECTION, { base: pb.url });
    p.prepare();
    const first = await p.take();
    expect(await p.take()).toBe(first); // until it is spent, the same one
    const res = await post(pb, contact({ [PROOF_FIELD]: first }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    p.spent();
    const next = await p.take();
    expect(next).not.toBe(first);
    expect((await post(pb, contact({ [PROOF_FIELD]: next }))).status).toBe(200);
    // A refused proof is replaced on renew().
    await refused('the spent proof the browser kept', first, 'spent');
    p.renew();
    expect((await post(pb, contact({ [PROOF_FIELD]: await p.take() }))).status).toBe(200);
    p.dispose();
  });

  it('refuses a submission without a proof, or with one that is not one', async () => {
    await refused('no proof', undefined, 'required');
    await refused('an empty proof', '', 'required');
    await refused('garbage', 'not a proof at all', 'invalid');
    await refused('a JSON number', '12345', 'invalid');
    await refused('an empty object', '{}', 'invalid');
    await refused('an array', '[]', 'invalid');
    await refused('a very long value', `"${'x'.repeat(5000)}"`, ['invalid', 'maxLength']);
    const good = JSON.parse(await solvedProof(pb.url, COLLECTION)) as Record<string, unknown>;
    await refused('another algorithm', JSON.stringify({ ...good, algorithm: 'SHA-1' }), 'invalid');
    await refused('a number as text', JSON.stringify({ ...good, number: String(good.number) }), 'invalid');
    await refused('a negative number', JSON.stringify({ ...good, number: -1 }), 'invalid');
    await refused('a salt without an expiry', JSON.stringify({ ...good, salt: 'abcdef0123456789abcdef01' }), 'invalid');
  });

  it('refuses a forged signature, a wrong number, and a salt or challenge changed after signing', async () => {
    const good = JSON.parse(await solvedProof(pb.url, COLLECTION)) as Challenge & { number: number };
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    await refused('a wrong signature', JSON.stringify({ ...good, signature: flip(good.signature) }), 'invalid');
    await refused('the wrong number', JSON.stringify({ ...good, number: good.number + 1 }), 'invalid');
    // A salt that expires later needs a new challenge, which the signature does not cover.
    const later = good.salt.replace(/\d+$/, String(nowSeconds() + 86_400 * 365));
    await refused('a later expiry in the salt', JSON.stringify({ ...good, salt: later }), 'invalid');
    await refused('its own challenge for a later expiry', JSON.stringify({ ...good, salt: later, challenge: sha256(later + good.number) }), 'invalid');
    // Signed by a key that is not the server's.
    const { challenge, number } = forged(nowSeconds() + 600, COLLECTION, 'not-the-server-key');
    await refused('a challenge signed with another key', proofValue(challenge, number), 'invalid');
    // The same proof is still good: none of the above spent it.
    expect((await post(pb, contact({ [PROOF_FIELD]: JSON.stringify(good) }))).status).toBe(200);
  });

  it('refuses an expired proof (and stores one signed alike that has not expired)', async () => {
    const fresh = forged(nowSeconds() + 600);
    expect((await post(pb, contact({ [PROOF_FIELD]: proofValue(fresh.challenge, fresh.number) }))).status).toBe(200);
    const old = forged(nowSeconds() - 5);
    await refused('an expired proof', proofValue(old.challenge, old.number), 'stale');
  });

  it('refuses a proof spent already, also when both uses arrive at once', async () => {
    const proof = await solvedProof(pb.url, COLLECTION);
    const first = await post(pb, contact({ [PROOF_FIELD]: proof, idempotencyKey: 'pow-first-attempt-0001' }));
    expect(first.status).toBe(200);
    await refused('the same proof again', proof, 'spent');
    // The first attempt's own retry (same idempotency key, its answer lost) still gets its record back.
    const retry = await post(pb, contact({ [PROOF_FIELD]: proof, idempotencyKey: 'pow-first-attempt-0001' }));
    expect(retry).toMatchObject({ status: 200, body: { id: first.body.id } });

    // Two uses at once get past the look-up together: the unique index stores one.
    for (let round = 0; round < 3; round++) {
      const twice = await solvedProof(pb.url, COLLECTION);
      const before = await stored();
      const answers = await Promise.all([post(pb, contact({ [PROOF_FIELD]: twice })), post(pb, contact({ [PROOF_FIELD]: twice }))]);
      bad.push(`the same proof twice at once (${round + 1})`);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const loser = answers.find((a) => a.status === 400)!;
      expect(Object.keys(loser.body.data ?? {})).toEqual([PROOF_FIELD]);
      expect(['spent', 'validation_not_unique']).toContain(loser.body.data![PROOF_FIELD]!.code);
      expect((await stored()).records).toBe(before.records + 1);
    }
  });

  it('keeps a proof whose submission was refused for a field: it is spent only with the stored application', async () => {
    const proof = await solvedProof(pb.url, COLLECTION);
    const { message: _m, ...noMessage } = contact();
    const res = await post(pb, { ...noMessage, [PROOF_FIELD]: proof });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data ?? {})).toEqual(['message']);
    expect((await post(pb, contact({ [PROOF_FIELD]: proof }))).status).toBe(200);
  });

  it("refuses a proof for another form, and one from another server (also this server's own from before a restart)", async () => {
    const forOrders = await challengeFor(pb.url, OTHER_COLLECTION);
    await refused('a proof for another form', proofValue(forOrders, solveChallenge(forOrders)!), 'invalid');
    const elsewhere = await solvedProof(other.url, COLLECTION);
    await refused("another server's proof", elsewhere, 'invalid');

    // `other` keys its challenges with a random key of its process: after a restart they are refused.
    const beforeRestart = await solvedProof(other.url, COLLECTION);
    const port = Number(new URL(other.url).port);
    await other.stop('SIGTERM');
    other = await startPocketBase({ env: OTHER, dataDir: otherDir, port });
    await refused('a proof issued before a restart (no FORMWORK_POW_KEY)', beforeRestart, 'invalid', other);
    expect((await post(other, contact({ [PROOF_FIELD]: await solvedProof(other.url, COLLECTION) }))).status).toBe(200);
  });

  it('asks superusers for no proof', async () => {
    const admin = await superuserClient(pb);
    const res = await post(pb, contact(), COLLECTION, { Authorization: admin.authStore.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await admin.collection(COLLECTION).getOne(res.body.id!))[PROOF_FIELD]).toBe('');
  });
});

describe('solve time of the shipped solver (src/engine/proofOfWork.solver.ts, @noble/hashes) in node', () => {
  it('prints the mean and worst time per difficulty', () => {
    const rows: string[] = [];
    for (const max of [10_000, 50_000, 100_000, 200_000]) {
      const times: number[] = [];
      for (let i = 0; i < 12; i++) {
        const salt = `${randomBytes(12).toString('hex')}?expires=${nowSeconds() + 600}`;
        const secret = randomInt(0, max + 1);
        const t = performance.now();
        const found = solveChallenge({ salt, challenge: sha256(salt + secret), maxnumber: max });
        times.push(performance.now() - t);
        expect(found).toBe(secret);
      }
      // The whole range: what the unluckiest applicant waits.
      const salt = `${randomBytes(12).toString('hex')}?expires=${nowSeconds() + 600}`;
      const t = performance.now();
      solveChallenge({ salt, challenge: sha256(salt + max), maxnumber: max });
      const worst = performance.now() - t;
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      rows.push(
        `maxnumber ${String(max).padStart(7)}: mean ${mean.toFixed(0).padStart(5)} ms over ${times.length} challenges, worst case (n = max) ${worst.toFixed(0).padStart(5)} ms, ${((max / worst) * 1000).toFixed(0)} hashes/s`,
      );
    }
    console.log(`proof-of-work solve time, this machine (node ${process.version}):\n${rows.join('\n')}`);
  });
});
