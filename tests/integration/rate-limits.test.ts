/**
 * Per-IP rate limits (pb_hooks/lib/limits.js, from the environment): a burst of submissions from one
 * address, to one form or to all of them in turn, is cut off with 429 and saves nothing more; so is a
 * burst of staff sign-in attempts, of one-time codes, and of calls that ask the payment provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitUrl } from '../../src/engine/submit.ts';
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
      fetch(`${pb.url}${submitUrl('aloqacorpcontacts')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fname: 'Burst', lname: 'Sender', email: 'burst@example.com', message: 'Hello', variant: 'full', locale: 'en' }),
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

  it('29.9: throttles one-time code requests like sign-in (each one e-mails a code)', async () => {
    const request = () =>
      fetch(`${pb.url}/api/collections/staff/request-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@formwork.test' }) });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await request()).status);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(2)).toEqual([429, 429]);
  });
});

describe('29.7 guest submissions of one address are counted together, whatever the form', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase({ env: { FORMWORK_RATE_LIMITS: 'on', FORMWORK_RATE_LIMIT_CREATE: '3' } });
  });
  afterAll(async () => pb?.stop());

  const post = (collection: string, body: Record<string, string>) =>
    fetch(`${pb.url}${submitUrl(collection)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'full', locale: 'en', ...body }) });

  it('refuses the fourth submission of a minute even when each went to another form, and saves it nowhere', async () => {
    const statuses = [
      (await post('aloqacorpcontacts', { fname: 'Round', lname: 'Robin', email: 'round@example.com', message: 'one' })).status,
      (await post('ssn', { name: 'Round Robin', email: 'round@example.com', ssn: '123456789' })).status,
      (await post('orders', { email: 'round@example.com', message: 'three', amount: '499' })).status,
      (await post('aloqacorpcontacts', { fname: 'Round', lname: 'Robin', email: 'round@example.com', message: 'four' })).status,
      (await post('ssn', { name: 'Round Robin Two', email: 'round@example.com', ssn: '123456780' })).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const admin = await superuserClient(pb);
    expect((await admin.collection('aloqacorpcontacts').getList(1, 5, { filter: 'fname = "Round"' })).totalItems).toBe(1);
    expect((await admin.collection('ssn').getList(1, 5)).totalItems).toBe(1);
  });

  it('tells the applicant to wait a minute', async () => {
    const refused = await post('aloqacorpcontacts', { fname: 'Later', lname: 'Sender', email: 'later@example.com', message: 'again' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/wait a minute/);
  });
});

describe('29.2 the payment routes are limited per address', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase({ env: { FORMWORK_RATE_LIMITS: 'on', FORMWORK_RATE_LIMIT_PAYMENTS: '2' } });
  });
  afterAll(async () => pb?.stop());

  it.each(['/api/account_session', '/api/formwork/checkout'])('answers %s with 429 after the limit, before asking the provider', async (path) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await fetch(`${pb.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accountId: 'acct_1', product: 'basic' }) })).status);
    }
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(2)).toEqual([429, 429]);
  });
});
