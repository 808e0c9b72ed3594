import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
