/**
 * Faults: a bounded load test on loopback during which PocketBase is killed and started again on the
 * same data dir and port. Every submission acknowledged to a client must be stored afterwards (SQLite's
 * WAL keeps every committed write through a SIGKILL), and a client that got no answer retries with the
 * same idempotency key until acknowledged, without ever storing an application twice: a retry of an
 * attempt that was stored before the crash gets the stored record back (pb_hooks/lib/submit.js).
 * Clients reach PocketBase through a loopback proxy that also drops some answers after the record was
 * committed (a lost response, the case a crash hits only by luck), so those retries are always exercised.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { registry } from '../../src/generated/registry.ts';
import type { FormModule } from '../../src/engine/types.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData } from '../support/fixtures.ts';
import { freePort, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { validSubmission } from '../support/samples.ts';
import { superuserClient } from '../support/staff.ts';

// A service without agreements, payment or SSN, whose form takes a file: the support ticket.
const service = registry.services.find((s) => s.id === 'ticket')!;
const variant = service.forms[0]!;
const form = (await variant.load()) as FormModule;
const FILE_FIELD = Object.keys(form.traits).find((name) => form.traits[name]?.file)!;

const TOTAL = 120;
const CLIENTS = 8;
/** Restart after this many acknowledgements: first a crash (SIGKILL), then a graceful stop (SIGTERM). */
const RESTARTS: { after: number; signal: NodeJS.Signals }[] = [
  { after: 40, signal: 'SIGKILL' },
  { after: 80, signal: 'SIGTERM' },
];
const MAX_ATTEMPTS = 60;
/** The proxy cuts the connection instead of passing on every this-many-th 200 answer. */
const DROP_EVERY = 9;

/**
 * A TCP proxy on loopback to PocketBase's current port: clients keep one URL across restarts, and every
 * DROP_EVERY-th successful answer is never delivered (both sockets destroyed at its first byte).
 */
async function lossyProxy(target: () => number): Promise<{ url: string; dropped: () => number; close: () => Promise<void> }> {
  let answers = 0;
  let dropped = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((down) => {
    const up = connect(target(), '127.0.0.1');
    sockets.add(down).add(up);
    const close = () => {
      down.destroy();
      up.destroy();
      sockets.delete(down);
      sockets.delete(up);
    };
    down.on('data', (chunk) => up.write(chunk));
    up.on('data', (chunk: Buffer) => {
      if (chunk.subarray(0, 12).toString('latin1') === 'HTTP/1.1 200' && ++answers % DROP_EVERY === 0) {
        dropped++;
        return close();
      }
      down.write(chunk);
    });
    for (const s of [down, up]) {
      s.on('error', close);
      s.on('close', close);
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    dropped: () => dropped,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((ok) => server.close(() => ok()));
    },
  };
}

/** The multipart body of submission `i` (a distinct subject, so every record is recognisable). */
function body(i: number, key: string | null): FormData {
  const s = validSubmission(form);
  const fields: Record<string, string> = { ...s.fields, subject: `Fault test ${i}`, variant: variant.id, locale: 'en' };
  if (key !== null) fields.idempotencyKey = key;
  return formData(fields, s.files);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const submitAt = (url: string) => `${url}${submitUrl(service.collection)}`;

describe('a restart under load', () => {
  let pb: PocketBaseProcess;
  let proxy: Awaited<ReturnType<typeof lossyProxy>>;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'formwork-faults-'));
    port = await freePort();
    pb = await startPocketBase({ dataDir, port });
    proxy = await lossyProxy(() => port);
  });
  afterAll(async () => {
    await proxy?.close();
    await pb?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged submission and stores none twice', { timeout: 60_000 }, async () => {
    const started = Date.now();
    const keys = Array.from({ length: TOTAL }, () => randomUUID());
    const acknowledged = new Map<string, string>(); // key → record id
    const lastFailure = new Map<string, number>(); // key → when its latest attempt got no answer
    let next = 0;
    let submitted = 0;
    let retries = 0;
    let restarts = 0;
    let restarting: Promise<void> | null = null;
    const restartAt = [...RESTARTS];

    // Stops PocketBase when enough were acknowledged, while the other clients keep sending.
    const maybeRestart = () => {
      const due = restartAt[0];
      if (!due || restarting || acknowledged.size < due.after) return;
      restartAt.shift();
      restarting = (async () => {
        await pb.stop(due.signal);
        restarts++;
        try {
          pb = await startPocketBase({ dataDir, port });
        } catch {
          // The port was taken while PocketBase was down (another test's server): the proxy follows.
          port = await freePort();
          pb = await startPocketBase({ dataDir, port });
        }
      })().finally(() => (restarting = null));
    };

    const client = async () => {
      for (let i = next++; i < TOTAL; i = next++) {
        const key = keys[i]!;
        submitted++;
        for (let attempt = 1; ; attempt++) {
          if (attempt > MAX_ATTEMPTS) throw new Error(`submission ${i} not acknowledged after ${MAX_ATTEMPTS} attempts`);
          if (attempt > 1) {
            retries++;
            await sleep(Math.min(50 * attempt, 300));
          }
          let res: Response;
          try {
            res = await fetch(submitAt(proxy.url), { method: 'POST', body: body(i, key), signal: AbortSignal.timeout(10_000) });
          } catch {
            lastFailure.set(key, Date.now());
            continue; // no answer (connection reset or refused): retry with the same key
          }
          if (res.status >= 500) {
            lastFailure.set(key, Date.now());
            await res.body?.cancel();
            continue;
          }
          const answer = (await res.json()) as { id?: string };
          if (res.status !== 200) throw new Error(`submission ${i}: ${res.status} ${JSON.stringify(answer)}`);
          expect(answer.id).toMatch(/^\w{15}$/); // a replay answers the id (and checkout link) only; the key check is below
          acknowledged.set(key, answer.id!);
          maybeRestart();
          break;
        }
      }
    };

    await Promise.all(Array.from({ length: CLIENTS }, client));
    while (restarting) await restarting;

    const admin: PocketBase = await superuserClient(pb);
    const stored = await admin
      .collection(service.collection)
      .getFullList<{ id: string; idempotencyKey: string; collectionId: string; created: string; [k: string]: unknown }>({ batch: 500 });
    const byKey = new Map<string, string[]>();
    for (const r of stored) byKey.set(r.idempotencyKey, [...(byKey.get(r.idempotencyKey) ?? []), r.id]);
    const lost = [...acknowledged].filter(([key, id]) => byKey.get(key)?.[0] !== id).length;
    // Retries answered with the record an earlier, unanswered attempt had stored.
    const replayed = stored.filter((r) => Date.parse(r.created) < (lastFailure.get(r.idempotencyKey) ?? 0)).length;

    // Each key exactly once, and it is the record its client was told about.
    expect(restarts).toBe(RESTARTS.length);
    expect(acknowledged.size).toBe(TOTAL);
    expect(submitted).toBe(TOTAL);
    expect(stored.length).toBe(TOTAL);
    expect([...byKey.values()].every((ids) => ids.length === 1)).toBe(true);
    expect(new Set(byKey.keys())).toEqual(new Set(keys));
    expect(lost).toBe(0);
    expect(proxy.dropped()).toBeGreaterThan(0);
    expect(replayed).toBeGreaterThan(0);
    // The file of every record survived with it, and each sent its e-mails once.
    for (const r of stored) expect(existsSync(join(dataDir, 'storage', r.collectionId, r.id, String(r[FILE_FIELD])))).toBe(true);
    const outbox = await admin.collection(registry.outboxCollection).getFullList<{ record: string }>({ filter: `sourceCollection = "${service.collection}"`, batch: 1000 });
    const mails = new Map<string, number>();
    for (const m of outbox) mails.set(m.record, (mails.get(m.record) ?? 0) + 1);
    expect(new Set(mails.values()).size).toBeLessThanOrEqual(1);
    expect([...mails.keys()].every((id) => stored.some((r) => r.id === id))).toBe(true);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${submitted} submitted, ${acknowledged.size} acknowledged, ${stored.length} stored, ${lost} lost ` +
        `(${CLIENTS} clients; ${restarts} restarts: ${RESTARTS.map((r) => r.signal).join(', ')}; ${proxy.dropped()} answers dropped after commit; ` +
        `${retries} retries, ${replayed} answered with the stored attempt; ${seconds} s)`,
    );
  });
});

describe('the idempotency key', () => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  const send = (key: string | null, i = 0) => fetch(submitAt(pb.url), { method: 'POST', body: body(i, key) });
  const stored = async (key: string) => (await admin.collection(service.collection).getFullList({ filter: admin.filter('idempotencyKey = {:key}', { key }) })).length;
  const total = async () => (await admin.collection(service.collection).getList(1, 1)).totalItems;
  const mails = async (record: string) => (await admin.collection(registry.outboxCollection).getFullList({ filter: `record = "${record}"` })).length;

  beforeAll(async () => {
    pb = await startPocketBase();
    admin = await superuserClient(pb);
  });
  afterAll(async () => pb?.stop());

  it('answers a repeat with the record first stored, storing and mailing nothing again', async () => {
    const key = randomUUID();
    const first = await send(key);
    expect(first.status, await first.clone().text()).toBe(200);
    const a = (await first.json()) as { id: string };
    const mailed = await mails(a.id);
    const again = await send(key, 1); // even with other values: the attempt was already stored
    expect(again.status).toBe(200);
    // A replay answers which record it is (and its checkout link), never the application itself.
    const b = (await again.json()) as Record<string, unknown>;
    expect(b.id).toBe(a.id);
    expect(b).not.toHaveProperty('subject');
    expect((await admin.collection(service.collection).getOne(a.id)).subject).toBe('Fault test 0');
    expect(await stored(key)).toBe(1);
    expect(await mails(a.id)).toBe(mailed);
  });

  it('stores one record for concurrent posts with one key, and answers each with it', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(key)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await stored(key)).toBe(1);
  });

  it('refuses a malformed key, saving nothing', async () => {
    const before = await total();
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it 123', "' OR 1=1 --aaaaaaaa"]) {
      const res = await send(key);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { data: Record<string, { code: string }> }).data.idempotencyKey?.code).toBeTruthy();
    }
    expect(await total()).toBe(before);
  });

  it('is optional: posts without one are each stored', async () => {
    const before = await total();
    expect((await send(null)).status).toBe(200);
    expect((await send(null)).status).toBe(200);
    expect(await total()).toBe(before + 2);
  });
});
