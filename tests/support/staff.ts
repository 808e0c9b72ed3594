/** Staff accounts and superuser access for tests, through PocketBase's own HTTP API. */
import PocketBase from 'pocketbase';
import type { PocketBaseProcess } from './pocketbase.ts';

export async function superuserClient(pb: PocketBaseProcess): Promise<PocketBase> {
  const client = new PocketBase(pb.url);
  client.autoCancellation(false);
  await client.collection('_superusers').authWithPassword(pb.superuser.email, pb.superuser.password);
  return client;
}

export async function createStaff(pb: PocketBaseProcess, role: 'viewer' | 'admin' = 'viewer', email = `staff-${role}@formwork.test`) {
  const admin = await superuserClient(pb);
  const password = 'staff-password-1';
  await admin.collection('staff').create({ email, password, passwordConfirm: password, role, verified: true, name: `Test ${role}` });
  return { email, password };
}

export async function staffClient(pb: PocketBaseProcess, role: 'viewer' | 'admin' = 'viewer'): Promise<PocketBase> {
  const { email, password } = await createStaff(pb, role, `staff-${role}-${Math.random().toString(36).slice(2, 8)}@formwork.test`);
  const client = new PocketBase(pb.url);
  client.autoCancellation(false);
  await client.collection('staff').authWithPassword(email, password);
  return client;
}
