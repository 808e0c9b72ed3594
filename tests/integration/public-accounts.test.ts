/**
 * No public accounts: the `users` collection PocketBase creates with an open sign-up is gone from a new
 * installation (pb_migrations/1795729000_closed_users_signup.js), and an installation that already had
 * accounts in it keeps them with the sign-up closed. Strangers can neither store files in it nor have the
 * server e-mail an address of their choosing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPocketBase } from '../support/pocketbase.ts';
import { superuserClient } from '../support/staff.ts';

const signUp = (url: string) =>
  fetch(`${url}/api/collections/users/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'stranger@example.com', password: 'a-long-password-1', passwordConfirm: 'a-long-password-1' }),
  });

describe('public accounts', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('a new installation has no users collection, so nobody can sign up', async () => {
    const pb = await startPocketBase();
    try {
      const names = (await (await superuserClient(pb)).collections.getFullList()).map((c) => c.name);
      expect(names).not.toContain('users');
      expect(names).toContain('staff');
      expect((await signUp(pb.url)).status).toBe(404);
    } finally {
      await pb.stop();
    }
  });

  it('an installation whose users collection has accounts keeps them, closed to sign-up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-users-'));
    dirs.push(dataDir);
    // PocketBase's own migrations only (an empty migrations dir): its open `users` collection, as before ours.
    const emptyMigrations = mkdtempSync(join(tmpdir(), 'formwork-no-migrations-'));
    dirs.push(emptyMigrations);
    const before = await startPocketBase({ dataDir, migrationsDir: emptyMigrations, env: {} });
    try {
      expect((await signUp(before.url)).status).toBe(200); // the open sign-up this closes
    } finally {
      await before.stop();
    }
    const pb = await startPocketBase({ dataDir });
    try {
      const root = await superuserClient(pb);
      const users = await root.collections.getOne('users');
      expect(users.createRule).toBeNull();
      expect((await root.collection('users').getFullList()).map((u) => u.email)).toEqual(['stranger@example.com']);
      expect((await signUp(pb.url)).status).toBe(403);
    } finally {
      await pb.stop();
    }
  });
});
