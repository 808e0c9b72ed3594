/**
 * Every form of every service, generated from its schema: a valid submission is stored, and each rule
 * the schema states (required, maxLength, enum, file type, no unknown fields) is enforced by the
 * server with a field error and nothing saved. A new service is covered by adding its schema files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { registry } from '../../src/generated/registry.ts';
import type { FormModule } from '../../src/engine/types.ts';
import { formData, signed } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { badCases, validSubmission, type Submission } from '../support/samples.ts';
import { superuserClient } from '../support/staff.ts';

const forms = await Promise.all(
  registry.services.flatMap((service) => service.forms.map(async (variant) => ({ service, variant, form: (await variant.load()) as FormModule }))),
);

describe.each(forms)('$service.id / $variant.id', ({ service, variant, form }) => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  const send = (s: Submission) =>
    fetch(`${pb.url}/api/collections/${service.collection}/records`, {
      method: 'POST',
      body: formData({ ...s.fields, ...(service.agreements ? signed('en', service.id) : {}), variant: variant.id, locale: 'en' }, s.files),
    });
  const count = async () => (await admin.collection(service.collection).getList(1, 1)).totalItems;

  beforeAll(async () => {
    pb = await startPocketBase();
    admin = await superuserClient(pb);
  });
  afterAll(async () => pb?.stop());

  it('stores a valid submission', async () => {
    const res = await send(validSubmission(form));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await count()).toBe(1);
  });

  it.each(badCases(form))('refuses a submission $what, saving nothing', async ({ field, change, codes }) => {
    const before = await count();
    const res = await send(change(validSubmission(form)));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Record<string, { code: string }> };
    expect(codes).toContain(body.data[field]?.code);
    expect(await count()).toBe(before);
  });
});
