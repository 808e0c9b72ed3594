/**
 * The generated bad input of conditions and date limits (tests/support/conditionInputs.ts), against a
 * form that has them: the tax-return fixture, generated into a throw-away copy of the project and served
 * by a real PocketBase on that copy's migrations and hooks. Each case is refused with the field named
 * (a hidden field: code `hidden`; a date: `x-date` or `formatMinimum` with the limit as params) and
 * leaves nothing behind; the live services' forms run the same derivation in bad-input.test.ts.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModule } from '../../src/engine/types.ts';
import { contract } from '../../src/generated/contract.ts';
import { conditionInputs } from '../support/conditionInputs.ts';
import { dateInApplicantZone } from '../support/dateSamples.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { multipartWire, submissionParts, validSubmission, type Wire } from '../support/samples.ts';
import { superuserClient } from '../support/staff.ts';

const SERVICE = 'taxreturn';
const COLLECTION = 'taxreturns';

let tree: ProjectCopy;
let pb: PocketBaseProcess;
let form: FormModule;
const system = { variant: 'main', locale: 'en' };

beforeAll(async () => {
  tree = copyProject({ fixtures: [SERVICE] });
  generateIn(tree.root);
  pb = await startPocketBase({ migrationsDir: tree.migrationsDir, hooksDir: join(tree.root, 'pb_hooks') });
  form = ((await import(pathToFileURL(join(tree.root, `src/generated/forms/${SERVICE}.main.ts`)).href)) as { default: FormModule }).default;
}, 180_000);

afterAll(async () => {
  await pb?.stop();
  tree?.remove();
});

async function post(wire: Wire) {
  const res = await fetch(`${pb.url}${contract.submitRoute}${COLLECTION}`, { method: 'POST', ...wire });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as { message?: string; data?: Record<string, { code?: string; params?: Record<string, unknown> }> } };
}

const stored = async () => {
  const admin = await superuserClient(pb);
  return (await admin.collection(COLLECTION).getList(1, 1, { fields: 'id' })).totalItems;
};

describe('the tax-return fixture: conditions and dates', () => {
  it('stores the valid submission the bad ones are made from', async () => {
    const before = await stored();
    const res = await post(multipartWire(submissionParts(form, validSubmission(form), system)));
    expect(res.status, res.text).toBe(200);
    expect(await stored()).toBe(before + 1);
  });

  it('derives a case of every kind from the fixture', () => {
    const kinds = new Set(conditionInputs(form, system).map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['conditional-required-missing', 'date-out-of-range', 'dependent-required-missing', 'hidden-field', 'wrong-branch']);
  });

  it('takes a date at its limit by the UTC date when no time zone is sent', async () => {
    // The same value the applicant-zone case sends: allowed by the server's own date, so the offset is what refuses it there.
    const birth = dateInApplicantZone(form.schema.properties?.birthDate as never);
    const appointment = dateInApplicantZone(form.schema.properties?.appointment as never);
    const s = validSubmission(form);
    if (birth) s.fields.birthDate = birth.value;
    if (appointment) s.fields.appointment = appointment.value;
    expect(birth ?? appointment).toBeDefined();
    const res = await post(multipartWire(submissionParts(form, s, system)));
    expect(res.status, res.text).toBe(200);
  });

  // Derived once the form is loaded: vitest collects `it`s before beforeAll, so one test walks them all.
  it('refuses each bad input, names its field, and saves nothing', async () => {
    const inputs = conditionInputs(form, system);
    const failures: string[] = [];
    for (const input of inputs) {
      const before = await stored();
      const res = await post(await input.wire());
      const error = res.json.data?.[input.field ?? ''];
      const ok = res.status === 400 && (await stored()) === before && !!error && (!input.codes || input.codes.includes(error.code ?? ''));
      if (!ok) failures.push(`${input.what}: ${res.status} ${res.text.slice(0, 300)}`);
      // A date refused says which day the limit is, for the message (design §4).
      if (ok && error?.code === 'x-date') expect(error.params, input.what).toMatchObject({ limit: expect.stringMatching(/^(min|max)$/), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      if (ok && error?.code === 'formatMinimum') expect(error.params, input.what).toMatchObject({ limit: '1900-01-01' });
    }
    console.log(`${inputs.length} condition and date cases tried on ${SERVICE}/main`);
    expect(failures).toEqual([]);
    expect(inputs.length).toBeGreaterThanOrEqual(6);
  });
});
