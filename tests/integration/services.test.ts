/**
 * Every form of every service, generated from its schema: a valid submission is stored through the
 * submit route, and each rule the schema states (required, maxLength, enum, file type, no unknown fields)
 * is enforced by the server with a field error and nothing saved. The record API takes no create on a
 * service collection, from a guest or from staff. A new service is covered by adding its schema files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { registry } from '../../src/generated/registry.ts';
import type { FormModule } from '../../src/engine/types.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, signed } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { badCases, validSubmission, type Submission } from '../support/samples.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const forms = await Promise.all(
  registry.services.flatMap((service) => service.forms.map(async (variant) => ({ service, variant, form: (await variant.load()) as FormModule }))),
);

describe.each(forms)('$service.id / $variant.id', ({ service, variant, form }) => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  const body = (s: Submission) => formData({ ...s.fields, ...(service.agreements ? signed('en', service.id) : {}), variant: variant.id, locale: 'en' }, s.files);
  const send = (s: Submission) => fetch(`${pb.url}${submitUrl(service.collection)}`, { method: 'POST', body: body(s) });
  const count = async () => (await admin.collection(service.collection).getList(1, 1)).totalItems;

  beforeAll(async () => {
    pb = await startPocketBase();
    admin = await superuserClient(pb);
  });
  afterAll(async () => pb?.stop());

  it('stores a valid submission, and answers with its acknowledgement only', async () => {
    const res = await send(validSubmission(form));
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as Record<string, unknown>;
    // Which record, its reference, whether the applicant was e-mailed; beside them only what comes next (tests/integration/reference.test.ts).
    expect(Object.keys(answer).filter((k) => !['checkoutUrl', 'applicationUrl', 'cancelUntil'].includes(k)).sort()).toEqual(['collectionName', 'id', 'mailed', 'reference']);
    expect(answer.reference).toMatch(/^[A-Z]{2,4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(answer.collectionName).toBe(service.collection);
    // The first status of the service's own workflow (a ticket is open).
    expect((await admin.collection(service.collection).getOne(answer.id as string)).status).toBe(service.workflow.initial);
    expect(await count()).toBe(1);
  });

  it('refuses a create through the record API, from a guest and from a staff admin (403), saving nothing', async () => {
    const before = await count();
    const records = `${pb.url}/api/collections/${service.collection}/records`;
    const guest = await fetch(records, { method: 'POST', body: body(validSubmission(form)) });
    expect(guest.status).toBe(403);
    const staff = await staffClient(pb, 'admin');
    const asStaff = await fetch(records, { method: 'POST', headers: { Authorization: staff.authStore.token }, body: body(validSubmission(form)) });
    expect(asStaff.status).toBe(403);
    expect(await count()).toBe(before);
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
