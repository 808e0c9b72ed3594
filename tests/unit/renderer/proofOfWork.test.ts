/**
 * The browser's side of the proof of work (src/engine/proofOfWork.ts): the search finds the secret
 * number, the value it sends, which answers mean "a new proof", and when the prover fetches and solves
 * a new challenge. The server's side, against a real PocketBase: tests/integration/proof-of-work.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROOF_FIELD as SERVER_PROOF_FIELD } from '../../../generator/transform/collections.ts';
import { challengeUrl, isChallenge, PROOF_FIELD, proofValue, prover, refusedProof, type Challenge, type Solver } from '../../../src/engine/proofOfWork.ts';
import { prepare, searchRange, solveChallenge } from '../../../src/engine/proofOfWork.solver.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function challengeWith(secret: number, maxnumber = 5000, expiresIn = 1800): Challenge {
  const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(Date.now() / 1000) + expiresIn}`;
  return { algorithm: 'SHA-256', challenge: sha256(salt + secret), maxnumber, salt, signature: 'ab'.repeat(32), expiresIn };
}

describe('the search', () => {
  it('finds the secret number, wherever it lies, and null when it lies beyond maxnumber', () => {
    for (const secret of [0, 1, 9, 10, 4999, 5000]) expect(solveChallenge(challengeWith(secret))).toBe(secret);
    expect(solveChallenge(challengeWith(5001))).toBeNull();
  });

  it('searches in ranges (the page does it in slices) with the same answer', () => {
    const c = challengeWith(3210);
    const search = prepare(c);
    expect(searchRange(search, 0, 3209)).toBeNull();
    expect(searchRange(search, 3210, 3210)).toBe(3210);
    expect(searchRange(search, 3000, 4000)).toBe(3210);
  });
});

describe('what the form sends', () => {
  it('names the field as the generator does', () => {
    expect(PROOF_FIELD).toBe(SERVER_PROOF_FIELD);
    expect(challengeUrl('creditrepairnew')).toBe('/api/formwork/challenge/creditrepairnew');
  });

  it('sends the challenge as issued with its number, and nothing else', () => {
    const c = challengeWith(7);
    expect(JSON.parse(proofValue(c, 7))).toEqual({ algorithm: 'SHA-256', challenge: c.challenge, number: 7, salt: c.salt, signature: c.signature });
  });

  it('accepts only well-formed challenges', () => {
    expect(isChallenge(challengeWith(1))).toBe(true);
    expect(isChallenge({ ...challengeWith(1), algorithm: 'SHA-1' })).toBe(false);
    expect(isChallenge({ ...challengeWith(1), challenge: 'xyz' })).toBe(false);
    expect(isChallenge({ ...challengeWith(1), maxnumber: -1 })).toBe(false);
    expect(isChallenge(null)).toBe(false);
  });

  it('reads a refusal of the proof from a 400 body, and nothing else as one', () => {
    expect(refusedProof({ message: 'x', data: { proof: { code: 'stale', message: 'expired' } } })).toBe(true);
    expect(refusedProof({ message: 'x', data: { email: { code: 'format', message: '' } } })).toBe(false);
    expect(refusedProof(null)).toBe(false);
    expect(refusedProof('proof')).toBe(false);
  });
});

describe('the prover', () => {
  /** A server of challenges in memory, and a solver that counts its work. */
  function setup(options: { expiresIn?: number; failFirst?: number } = {}) {
    let clock = 1_000_000;
    let failures = options.failFirst ?? 0;
    const issued: Challenge[] = [];
    const fetch = (async (url: string) => {
      expect(url).toBe('http://pb.test/api/formwork/challenge/loans');
      if (failures > 0) {
        failures--;
        return new Response('{}', { status: 503 });
      }
      const c = challengeWith(issued.length + 3, 5000, options.expiresIn);
      issued.push(c);
      return Response.json(c);
    }) as typeof globalThis.fetch;
    let solved = 0;
    const solver: Solver = {
      solve: async (c) => {
        solved++;
        return solveChallenge(c);
      },
      dispose: () => undefined,
    };
    const p = prover('loans', { base: 'http://pb.test', fetch, solver, now: () => clock });
    return { p, issued, solvedCount: () => solved, advance: (ms: number) => (clock += ms) };
  }
  const challengeOf = (value: string) => (JSON.parse(value) as { challenge: string }).challenge;

  it('solves one challenge ahead and hands out the same proof until it is spent or refused', async () => {
    const { p, issued, solvedCount } = setup();
    p.prepare();
    p.prepare(); // already under way
    const first = await p.take();
    expect(await p.take()).toBe(first);
    expect(issued).toHaveLength(1);
    expect(challengeOf(first)).toBe(issued[0]!.challenge);
    p.spent();
    const second = await p.take();
    expect(challengeOf(second)).toBe(issued[1]!.challenge);
    p.renew();
    expect(challengeOf(await p.take())).toBe(issued[2]!.challenge);
    expect(solvedCount()).toBe(3);
  });

  it('fetches a new challenge when the proof would expire before the upload is done', async () => {
    const { p, issued, advance } = setup({ expiresIn: 1800 });
    const first = await p.take();
    advance(1800_000 - 61_000);
    expect(await p.take()).toBe(first);
    advance(2_000); // less than a minute left
    expect(await p.take()).not.toBe(first);
    expect(issued).toHaveLength(2);
  });

  it('tries once more when the challenge could not be fetched, and gives up after that', async () => {
    const once = setup({ failFirst: 1 });
    once.p.prepare();
    expect(challengeOf(await once.p.take())).toBe(once.issued[0]!.challenge);
    const twice = setup({ failFirst: 2 });
    await expect(twice.p.take()).rejects.toThrow(/HTTP 503/);
    expect(challengeOf(await twice.p.take())).toBe(twice.issued[0]!.challenge);
  });
});
