import { contract } from '../generated/contract.ts';
/**
 * The proof of work every service form sends with its application (issue 8), checked by the server
 * (pb_hooks/lib/proofOfWork.js), in the manner of ALTCHA and with no third-party service: the server
 * hands out a challenge, sha256(salt + n) for a secret n ≤ maxnumber, signed for this form; the browser
 * finds n by trying every number, which takes a phone a fraction of a second and makes each automated
 * submission cost the same work.
 *
 * The form starts this when the visitor first uses the page (a focus, a tap, a key), so the proof is
 * usually ready long before the applicant presses Submit, and a visit that fills nothing (a reader, a
 * Lighthouse run, a Storybook story) costs no request and no work; the send waits for it otherwise. The search runs in a Web Worker (its
 * own small chunk, with @noble/hashes), or in slices on the page where no worker can start. Each solved
 * challenge stores one application; a refused proof (expired, spent, issued before a server restart) is
 * replaced and the application sent once more (src/features/forms/useSubmission.ts).
 */

/** The body field of the solution (generator/transform/collections.ts: PROOF_FIELD). */
export const PROOF_FIELD = contract.fields.proof;

export interface Challenge {
  algorithm: string;
  /** sha256(salt + n), hex. */
  challenge: string;
  /** The largest n the server may have picked. */
  maxnumber: number;
  /** Random, then "?expires=<unix seconds>". */
  salt: string;
  /** The server's HMAC of the challenge for this form. */
  signature: string;
  /** Seconds the challenge stays valid from now (the browser's clock need not agree with the server's). */
  expiresIn?: number;
}

/** The server's challenge endpoint for one service collection (pb_hooks/proofOfWork.pb.js). */
export const challengeUrl = (collection: string): string => `/api/formwork/challenge/${encodeURIComponent(collection)}`;

export function isChallenge(value: unknown): value is Challenge {
  const c = value as Partial<Challenge> | null;
  return (
    !!c &&
    typeof c === 'object' &&
    c.algorithm === 'SHA-256' &&
    typeof c.challenge === 'string' &&
    /^[0-9a-f]{64}$/.test(c.challenge) &&
    typeof c.salt === 'string' &&
    typeof c.signature === 'string' &&
    typeof c.maxnumber === 'number' &&
    Number.isInteger(c.maxnumber) &&
    c.maxnumber >= 0
  );
}

/** The value of the `proof` field: the challenge as issued, with the number that solves it. */
export const proofValue = (c: Challenge, number: number): string =>
  JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature });

/** Whether a 400 answer refused the proof (missing, malformed, expired, spent, another server's): send again with a new one. */
export function refusedProof(body: unknown): boolean {
  const data = (body as { data?: unknown } | null)?.data;
  return !!data && typeof data === 'object' && PROOF_FIELD in data;
}

export interface Solver {
  /** The number that solves the challenge, or null when none up to maxnumber does. */
  solve(challenge: Challenge): Promise<number | null>;
  dispose(): void;
}

/** Numbers tried between two yields to the page when the search runs there. */
const SLICE = 4000;

/** The search on the page, in slices, for browsers where no worker starts (the hashing code loads on first use). */
async function solveOnPage(challenge: Challenge): Promise<number | null> {
  const { prepare, searchRange } = await import('./proofOfWork.solver.ts');
  const search = prepare(challenge);
  for (let from = 0; from <= challenge.maxnumber; from += SLICE) {
    const found = searchRange(search, from, Math.min(from + SLICE - 1, challenge.maxnumber));
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}

/** Solves in a Web Worker (started on the first challenge, kept for the next); on the page when none starts. */
export function workerSolver(): Solver {
  let worker: Worker | null = null;
  let usable = typeof Worker !== 'undefined';
  let asked = 0;
  const pending = new Map<number, { resolve: (n: number | null) => void; reject: (e: unknown) => void }>();
  const fail = (err: unknown) => {
    usable = false;
    worker?.terminate();
    worker = null;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const inWorker = (challenge: Challenge) =>
    new Promise<number | null>((resolve, reject) => {
      if (!worker) {
        worker = new Worker(new URL('./proofOfWork.worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = (e: MessageEvent<{ id: number; number: number | null }>) => {
          pending.get(e.data.id)?.resolve(e.data.number);
          pending.delete(e.data.id);
        };
        worker.onerror = (e) => {
          e.preventDefault();
          fail(new Error('proof-of-work worker failed'));
        };
      }
      const id = ++asked;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, challenge });
    });
  return {
    async solve(challenge) {
      if (usable) {
        try {
          return await inWorker(challenge);
        } catch {
          usable = false; // e.g. a policy that forbids workers: the page does it
        }
      }
      return solveOnPage(challenge);
    },
    dispose() {
      worker?.terminate();
      worker = null;
      pending.clear();
    },
  };
}

export interface Prover {
  /** Starts fetching and solving a challenge, unless that is done or under way. */
  prepare(): void;
  /** A solved, unexpired proof: at once when ready, else when it is. Rejects when no challenge can be fetched or solved (twice). */
  take(): Promise<string>;
  /** The server refused the last proof: drop it and start on a new one. */
  renew(): void;
  /** The last proof was stored with an application: the next send needs a new one. */
  spent(): void;
  dispose(): void;
}

export interface ProverOptions {
  /** Where the API is (default: this origin). */
  base?: string;
  fetch?: typeof fetch;
  solver?: Solver;
  now?: () => number;
}

/** How long after fetching a challenge its proof is still sent: its lifetime less a minute for the upload. */
function freshFor(challenge: Challenge): number {
  const lifetime = (challenge.expiresIn ?? 300) * 1000;
  return lifetime > 120_000 ? lifetime - 60_000 : lifetime / 2;
}

/** The proofs of one form (one service collection), one at a time. */
export function prover(collection: string, options: ProverOptions = {}): Prover {
  const get = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const solver = options.solver ?? workerSolver();
  const now = options.now ?? Date.now;
  let current: Promise<{ value: string; freshUntil: number }> | null = null;

  const begin = () => {
    const fetched = now();
    const work = (async () => {
      const res = await get(`${options.base ?? ''}${challengeUrl(collection)}`, { cache: 'no-store' });
      if (!res.ok) throw new Error(`challenge: HTTP ${res.status}`);
      const challenge: unknown = await res.json();
      if (!isChallenge(challenge)) throw new Error('challenge: malformed');
      const number = await solver.solve(challenge);
      if (number === null) throw new Error('challenge: no solution');
      return { value: proofValue(challenge, number), freshUntil: fetched + freshFor(challenge) };
    })();
    work.catch(() => undefined); // a failure is answered at take(), never as an unhandled rejection
    current = work;
    return work;
  };

  return {
    prepare() {
      if (!current) begin();
    },
    async take() {
      try {
        const ready = await (current ?? begin());
        if (now() < ready.freshUntil) return ready.value;
      } catch {
        // a network blip or a challenge from before a restart: one more try
      }
      return (await begin()).value;
    },
    renew() {
      begin();
    },
    spent() {
      current = null;
    },
    dispose() {
      solver.dispose();
    },
  };
}
