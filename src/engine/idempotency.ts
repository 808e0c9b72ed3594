import { contract } from '../generated/contract.ts';
/**
 * One idempotency key per application attempt: made when the applicant first sends a filled form, sent
 * again with every retry of the same content (network error, server error, a refused proof) and replaced
 * once the server has acknowledged it, or once what is sent changed. A retry whose first try was stored
 * but never answered (a dropped connection, a server restart) then gets the stored record back instead of
 * storing it twice (pb_hooks/lib/submit.js). A send whose content changed since (a field fixed after a
 * refusal or after a lost answer) gets a key of its own: answered with the record of the earlier content,
 * the change would be silently lost, while two records are both there for staff to see. The server accepts
 * 16–64 of [A-Za-z0-9-].
 */

/** The multipart field that carries the key (a system field of every service collection). */
export const IDEMPOTENCY_FIELD = contract.fields.idempotencyKey;

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
  /** The key for sending `content` (contentOf): the current attempt's while the content is the same, else a new one. */
  current(content: string): string;
  /** The server answered: a success ends the attempt (the next send is a new application); anything else keeps it. */
  answered(status: number): void;
}

export function attemptKeys(make: () => string = newIdempotencyKey): AttemptKeys {
  let key: string | null = null;
  let keyed = '';
  return {
    current(content) {
      if (key === null || content !== keyed) {
        key = make();
        keyed = content;
      }
      return key;
    },
    answered(status) {
      if (status >= 200 && status < 300) key = null;
    },
  };
}

/**
 * What a send carries, as one string: its values (in field-name order) and, for each file, its field,
 * name, size, type and last change (not its bytes: a different file under the same name and size with
 * the same timestamp is not worth reading every upload for).
 */
export function contentOf(values: Record<string, unknown>, files: Map<string, File[]>): string {
  const fields = Object.keys(values)
    .sort()
    .map((name) => [name, values[name]]);
  const documents = [...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, list]) => [name, ...list.map((f) => [f.name, f.size, f.type, f.lastModified])]);
  return JSON.stringify([fields, documents]);
}
