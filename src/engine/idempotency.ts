/**
 * One idempotency key per application attempt: made when the applicant first sends a filled form, sent
 * again with every retry of it (network error, server error, a fixed field) and replaced only once the
 * server has acknowledged it. A retry whose first try was stored but never answered (a dropped
 * connection, a server restart) then gets the stored record back instead of storing it twice
 * (pb_hooks/submissions.pb.js). The server accepts 16–64 of [A-Za-z0-9-].
 */

/** The multipart field that carries the key (a system field of every service collection). */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/** A random UUID v4; randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const b = random.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface AttemptKeys {
  /** The key of the current attempt (made on first use). */
  current(): string;
  /** The server answered: a success ends the attempt (the next send is a new application); anything else keeps it. */
  answered(status: number): void;
}

export function attemptKeys(make: () => string = newIdempotencyKey): AttemptKeys {
  let key: string | null = null;
  return {
    current: () => (key ??= make()),
    answered(status) {
      if (status >= 200 && status < 300) key = null;
    },
  };
}
