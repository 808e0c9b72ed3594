import type PocketBase from 'pocketbase';
import { expect } from 'vitest';

export interface FlushResult {
  sent: number;
  /** E-mails that carried several staff notices (the staff digest). */
  digests: number;
  deferred: number;
  retrying: number;
  failed: number;
  skipped: boolean;
}

/**
 * Sends what is due in the e-mail outbox now (POST /api/formwork/outbox/flush, as a staff admin or
 * superuser). On a server whose minute job is on (the test harness turns it off), the job may be sending
 * at that very moment, and then the flush is skipped (one sender at a time, pb_hooks/lib/outbox.js): it is
 * asked again until it runs.
 */
export async function flushOutbox(admin: PocketBase): Promise<FlushResult> {
  for (let attempt = 0; ; attempt++) {
    const result = (await admin.send('/api/formwork/outbox/flush', { method: 'POST' })) as FlushResult;
    if (!result.skipped || attempt >= 100) return result;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A time as the outbox stores and compares its times (pb_hooks/lib/outbox.js). */
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

/** Polls how many outbox items match `filter` (its parameters taken at each poll's time) until none does. */
async function untilNone(admin: PocketBase, filter: string, params: (now: number) => Record<string, string>, message: string, timeoutMs: number) {
  const count = async () => (await admin.collection('outbox').getList(1, 1, { filter: admin.filter(filter, params(Date.now())) })).totalItems;
  await expect.poll(count, { timeout: timeoutMs, interval: 50, message }).toBe(0);
}

/**
 * Waits until every pending outbox item `filter` matches is due: its nextAttemptAt (a retry delay, a
 * throttle period) has passed, as the flush's own query reads it. These are real-time rules of the
 * server, so the wait lasts as long as the server says, no guessed margin.
 */
export async function untilDue(admin: PocketBase, filter: string, timeoutMs = 30_000): Promise<void> {
  await untilNone(admin, `(${filter}) && status = 'pending' && nextAttemptAt > {:now}`, (now) => ({ now: pbDate(now) }), `outbox items (${filter}) still not due`, timeoutMs);
}

/**
 * Waits until no e-mail was sent within the last `throttleSeconds`: the flush holds an e-mail to an
 * address that got one within the throttle period (pb_hooks/lib/outbox.js), so after this one to any
 * address goes at once. Returns at once when nothing was sent lately.
 */
export async function untilThrottleOver(admin: PocketBase, throttleSeconds: number, timeoutMs = 30_000): Promise<void> {
  await untilNone(admin, `status = 'sent' && sentAt > {:since}`, (now) => ({ since: pbDate(now - throttleSeconds * 1000) }), `an e-mail sent within the last ${throttleSeconds} s`, timeoutMs);
}
