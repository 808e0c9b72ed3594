/** The key of an application attempt: one per filled form, kept across its retries, new after success. */
import { describe, expect, it } from 'vitest';
import { attemptKeys, newIdempotencyKey } from '../../../src/engine/idempotency.ts';

const SERVER_PATTERN = /^[A-Za-z0-9-]{16,64}$/; // pb_hooks/lib/submission.js

describe('the idempotency key', () => {
  it('is a UUID the server accepts, with or without randomUUID (plain http has only getRandomValues)', () => {
    const viaRandom = newIdempotencyKey({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => crypto.getRandomValues(a as never) as T });
    for (const key of [newIdempotencyKey(), viaRandom]) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(key).toMatch(SERVER_PATTERN);
    }
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('stays the same across retries of one attempt (network error, 5xx, refused fields) and changes after a success', () => {
    let n = 0;
    const keys = attemptKeys(() => `key-${++n}-0123456789abcdef`);
    const first = keys.current();
    expect(keys.current()).toBe(first); // a network error: no answer at all, nothing to report
    keys.answered(502);
    expect(keys.current()).toBe(first);
    keys.answered(400);
    expect(keys.current()).toBe(first);
    keys.answered(200);
    const second = keys.current();
    expect(second).not.toBe(first);
    expect(keys.current()).toBe(second);
    expect(n).toBe(2);
  });
});
