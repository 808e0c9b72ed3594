import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOOKS_POOL } from '../../scripts/pocketbase-serve.mjs';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';

describe('the pinned PocketBase build', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase();
  });
  afterAll(async () => pb?.stop());

  it('serves the health endpoint on loopback with our migrations applied', async () => {
    const res = await fetch(`${pb.url}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(200);
  });

  it('serves as `npm start` does, with the hooks pool sized for two runtimes per request (scripts/pocketbase-serve.mjs)', () => {
    const args = readFileSync(`/proc/${pb.pid}/cmdline`, 'utf8').split('\0');
    expect(args[args.indexOf('--hooksPool') + 1]).toBe(String(DEFAULT_HOOKS_POOL));
    expect(args.indexOf('--hooksPool')).toBeGreaterThan(0);
  });

  it('lets the seeded superuser authenticate and refuses a wrong password', async () => {
    const auth = (password: string) =>
      fetch(`${pb.url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: pb.superuser.email, password }),
      });
    expect((await auth(pb.superuser.password)).status).toBe(200);
    expect((await auth('wrong-password')).status).toBe(400);
  });
});

describe('a failing migration', () => {
  it('stops the harness instead of serving a half-migrated database (PocketBase itself exits 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formwork-badmig-'));
    writeFileSync(join(dir, '1_broken.js'), 'migrate(() => { throw new Error("broken on purpose") }, () => {});');
    await expect(startPocketBase({ migrationsDir: dir })).rejects.toThrow(/migrations failed: .*broken on purpose/s);
  });
});
