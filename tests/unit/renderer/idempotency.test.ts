/** The key of an application attempt: one per filled form, kept across retries of the same content, new after a success or a change. */
import { describe, expect, it } from 'vitest';
import { attemptKeys, contentOf, newIdempotencyKey } from '../../../src/engine/idempotency.ts';

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
    const first = keys.current('a');
    expect(keys.current('a')).toBe(first); // a network error: no answer at all, nothing to report
    keys.answered(502);
    expect(keys.current('a')).toBe(first);
    keys.answered(400);
    expect(keys.current('a')).toBe(first);
    keys.answered(200);
    const second = keys.current('a');
    expect(second).not.toBe(first);
    expect(keys.current('a')).toBe(second);
    expect(n).toBe(2);
  });

  it('is new when what is sent changed, so a changed application is never answered with the earlier one', () => {
    let n = 0;
    const keys = attemptKeys(() => `key-${++n}-0123456789abcdef`);
    const first = keys.current('phone 1'); // stored, but the answer was lost
    const fixed = keys.current('phone 2');
    expect(fixed).not.toBe(first);
    expect(keys.current('phone 2')).toBe(fixed); // and its own retries keep it
    expect(n).toBe(2);
  });
});

describe('contentOf', () => {
  const file = (name: string, body: string, lastModified = 1) => new File([body], name, { type: 'image/png', lastModified });

  it('is the same for the same values in any order and the same files', () => {
    const a = contentOf({ firstName: 'Aziza', phone: '+1 312 555 0100' }, new Map([['stateId', [file('id.png', 'xx')]]]));
    const b = contentOf({ phone: '+1 312 555 0100', firstName: 'Aziza' }, new Map([['stateId', [file('id.png', 'xx')]]]));
    expect(a).toBe(b);
  });

  it('differs when a value, a file or a file’s place changes', () => {
    const base = contentOf({ firstName: 'Aziza' }, new Map([['stateId', [file('id.png', 'xx')]]]));
    expect(contentOf({ firstName: 'Aziz' }, new Map([['stateId', [file('id.png', 'xx')]]]))).not.toBe(base);
    expect(contentOf({ firstName: 'Aziza' }, new Map([['stateId', [file('id2.png', 'xx')]]]))).not.toBe(base);
    expect(contentOf({ firstName: 'Aziza' }, new Map([['stateId', [file('id.png', 'xxx')]]]))).not.toBe(base);
    expect(contentOf({ firstName: 'Aziza' }, new Map([['stateId', [file('id.png', 'xx', 2)]]]))).not.toBe(base);
    expect(contentOf({ firstName: 'Aziza' }, new Map([['other', [file('id.png', 'xx')]]]))).not.toBe(base);
    expect(contentOf({ firstName: 'Aziza' }, new Map())).not.toBe(base);
  });
});
