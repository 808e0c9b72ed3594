import type PocketBase from 'pocketbase';

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
