/**
 * Per-IP rate limits (PocketBase's limiter, set from the environment by pb_hooks/lib/limits.js):
 * a burst of submissions from one address is cut off with 429 and saves nothing more; so is a burst
 * of staff sign-in attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { superuserClient } from '../support/staff.ts';

describe('rate limits', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase({ env: { FORMWORK_RATE_LIMITS: 'on', FORMWORK_RATE_LIMIT_CREATE: '3', FORMWORK_RATE_LIMIT_AUTH: '2' } });
  });
  afterAll(async () => pb?.stop());

  it('answers a burst of submissions from one address with 429 after the limit, saving no more', async () => {
    const send = () =>
      fetch(`${pb.url}/api/collections/aloqacorpcontacts/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fname: 'Burst', lname: 'Sender', message: 'Hello', variant: 'full', locale: 'en' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send()).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const admin = await superuserClient(pb);
    expect((await admin.collection('aloqacorpcontacts').getList(1, 1, { filter: 'fname = "Burst"' })).totalItems).toBe(3);
  });

  it('throttles staff sign-in attempts', async () => {
    const attempt = () =>
      fetch(`${pb.url}/api/collections/staff/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: 'nobody@formwork.test', password: 'guess-guess-guess' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 2)).toEqual([400, 400]);
    expect(statuses.slice(2)).toEqual([429, 429]);
  });
});
