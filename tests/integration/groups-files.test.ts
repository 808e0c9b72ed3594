/**
 * A repeating group and a field of several files on a real PocketBase, through the submit route
 * (pb_hooks/lib/submission.js): the tax-return fixture generated into a copy of the project by the real
 * generator. A valid application with three dependents and two W-2 files is stored with its rows and
 * files in the order sent; and every bad input the generator's samples derive from the form (each row
 * rule, the row and file counts, the files' total size, rows that are not JSON, and all the usual ones)
 * is refused with the field — or the row's field, "dependents.2.name" — named, and nothing saved.
 *
 * The fixture is trimmed to what this suite is about (no conditions, no relative dates, no steps), so it
 * tests groups and files alone.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModule } from '../../src/engine/types.ts';
import { HONEYPOT_FIELD } from '../../shared/honeypot.ts';
import { PDF_BYTES } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { badInputs, jsonWire, multipartWire, rowsText, submissionParts, typedValues, validSubmission, type BadInput, type Part, type Wire } from '../support/samples.ts';
import { superuserClient } from '../support/staff.ts';

const COLLECTION = 'taxreturns';
const SUBMIT = (url: string) => `${url}/api/formwork/submit/${COLLECTION}`;
const system = { variant: 'main', locale: 'en' };

const dependents = [
  { name: 'Malika Karimova', birthDate: '2015-09-01', relationship: 'child' },
  { name: 'Rustam Karimov', birthDate: '1950-11-03', relationship: 'parent' },
  { name: 'Zarina Saidova', birthDate: '2019-02-20', relationship: 'other' },
];
const pdf = (name: string, size = PDF_BYTES.length) => {
  const bytes = new Uint8Array(size);
  bytes.set(PDF_BYTES.subarray(0, size));
  return new File([bytes], name, { type: 'application/pdf' });
};

let tree: ProjectCopy;
let pb: PocketBaseProcess;
let admin: PocketBase;
let form: FormModule;

beforeAll(async () => {
  tree = copyProject({ fixtures: ['taxreturn'] });
  tree.edit('services/taxreturn/form.schema.json', (j) => {
    delete j.allOf;
    delete j.dependentRequired;
    for (const p of [j.properties.birthDate, j.properties.appointment, j.properties.dependents.items.properties.birthDate]) {
      delete p['x-date'];
      delete p.formatMinimum;
    }
  });
  tree.edit('services/taxreturn/form.ui.json', (j) => delete j['ui:steps']);
  tree.edit('services/taxreturn/admin.ui.json', (j) => (j.fields = j.fields.filter((f: { name: string }) => f.name !== 'spouseName')));
  // The texts of the steps and of the condition's field go with them (the generator refuses texts nothing uses).
  for (const l of ['en', 'uz', 'ru']) {
    tree.edit(`services/taxreturn/i18n/${l}.json`, (j) => Object.keys(j).filter((k) => k.startsWith('steps.') || k.startsWith('fields.spouseName.')).forEach((k) => delete j[k]));
  }
  generateIn(tree.root);
  form = ((await import(pathToFileURL(join(tree.root, 'src/generated/forms/taxreturn.main.ts')).href)) as { default: FormModule }).default;
  pb = await startPocketBase({ migrationsDir: tree.migrationsDir, hooksDir: join(tree.root, 'pb_hooks') });
  admin = await superuserClient(pb);
}, 240_000);

afterAll(async () => {
  await pb?.stop();
  tree?.remove();
});

async function post(wire: Wire) {
  const res = await fetch(SUBMIT(pb.url), { method: 'POST', ...wire });
  const text = await res.text();
  let json: { id?: string; message?: string; data?: Record<string, { code?: string; message?: string; params?: Record<string, unknown> }> } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const storedFiles = () => {
  try {
    return readdirSync(join(pb.dataDir, 'storage'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  } catch {
    return 0;
  }
};
const snapshot = async () => ({ records: (await admin.collection(COLLECTION).getList(1, 1, { fields: 'id' })).totalItems, files: storedFiles() });

/** The valid submission's fields with these rows, and these W-2 files (in order). */
function application(rows: unknown[], files: File[]): Part[] {
  const s = validSubmission(form);
  const { w2: _one, ...others } = s.files;
  return [...submissionParts(form, { fields: { ...s.fields, dependents: rowsText(rows) }, files: others }, system), ...files.map((f): Part => ['w2', f])];
}

describe('a repeating group and several files, stored', () => {
  it('stores three dependents and two W-2 files in the order sent, and reads them back', async () => {
    const res = await post(multipartWire(application(dependents, [pdf('w2-acme.pdf'), pdf('w2-globex.pdf')])));
    expect(res.status, res.text).toBe(200);
    const stored = await admin.collection(COLLECTION).getOne(res.json!.id!);
    expect(stored.dependents).toEqual(dependents);
    expect(stored.w2).toHaveLength(2);
    expect(stored.w2[0]).toMatch(/^w2_acme_\w+\.pdf$/);
    expect(stored.w2[1]).toMatch(/^w2_globex_\w+\.pdf$/);
    const token = await admin.files.getToken();
    for (const name of stored.w2 as string[]) {
      const file = await fetch(admin.files.getURL(stored, name, { token }));
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('checks each of several files by its content: a PDF named .png is kept as the PDF it is', async () => {
    const misnamed = new File([PDF_BYTES], 'scan.png', { type: 'image/png' });
    const res = await post(multipartWire(application(dependents, [pdf('w2-acme.pdf'), misnamed])));
    expect(res.status, res.text).toBe(200);
    const stored = await admin.collection(COLLECTION).getOne(res.json!.id!);
    expect(stored.w2[0]).toMatch(/^w2_acme_\w+\.pdf$/);
    expect(stored.w2[1]).toMatch(/^scan_\w+\.pdf$/);
  });

  it('stores the rows sent as a list in a JSON body, and no dependents at all', async () => {
    const s = validSubmission(form);
    const json = JSON.stringify({ ...typedValues(form, s.fields), dependents, ...system });
    const res = await post(jsonWire(json, s.files));
    expect(res.status, res.text).toBe(200);
    expect((await admin.collection(COLLECTION).getOne(res.json!.id!)).dependents).toEqual(dependents);

    const { dependents: _rows, ...without } = s.fields;
    const none = await post(multipartWire(submissionParts(form, { fields: without, files: s.files }, system)));
    expect(none.status, none.text).toBe(200);
    expect((await admin.collection(COLLECTION).getOne(none.json!.id!)).dependents).toBeNull();
  });

  it('names the very cell at fault, with the rule and its limit', async () => {
    const rows = dependents.map((d, i) => (i === 2 ? { ...d, name: '' } : d));
    const res = await post(multipartWire(application(rows, [pdf('w2.pdf')])));
    expect(res.status).toBe(400);
    expect(res.json?.data?.['dependents.2.name']).toMatchObject({ code: 'minLength', params: { limit: 1 } });
    const many = await post(multipartWire(application(Array.from({ length: 11 }, () => dependents[0]), [pdf('w2.pdf')])));
    expect(many.json?.data?.dependents).toMatchObject({ code: 'maxItems', params: { limit: 10 } });
    const heavy = await post(multipartWire(application(dependents, [pdf('a.pdf', 10485760), pdf('b.pdf', 10485760), pdf('c.pdf', 1)])));
    expect(heavy.json?.data?.w2).toMatchObject({ code: 'fileTotal', params: { limit: 20971520 } });
  });
});

describe('bad input to a form with a repeating group and several files', () => {
  // Built before the server starts (describe runs first): the cases are derived from the generated form.
  const cases: { input: BadInput }[] = [];
  beforeAll(() => {
    cases.push(
      ...badInputs(form, {
        serverFields: [],
        systemFields: ['variant', 'locale', 'idempotencyKey', 'proof'],
        honeypot: HONEYPOT_FIELD,
      }).map((input) => ({ input })),
    );
  });

  it('derives the group and file cases from the schema', () => {
    const kinds = new Set(cases.map((c) => c.input.kind));
    for (const kind of ['group-row-missing-cell', 'group-bad-cell', 'group-too-many-rows', 'group-malformed', 'file-too-many', 'file-total-too-large'] as const) expect(kinds).toContain(kind);
    expect(cases.find((c) => c.input.kind === 'group-row-missing-cell')?.input.field).toBe('dependents.0.name');
  });

  it('refuses every one with the field named and nothing saved', async () => {
    const wrong: string[] = [];
    for (const { input } of cases) {
      const before = await snapshot();
      const res = await post(await input.wire());
      const after = await snapshot();
      const problems: string[] = [];
      if (res.status < 400 || res.status >= 500) problems.push(`answered ${res.status}`);
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push('saved something');
      if (typeof res.json?.message !== 'string') problems.push('no JSON error');
      if (input.message && res.json?.message !== input.message) problems.push(`message ${res.json?.message}`);
      if (input.field) {
        const named = [input.field, ...(input.orFields ?? [])].find((f) => res.json?.data?.[f]) ?? input.field;
        const error = res.json?.data?.[named];
        if (!error?.code) problems.push(`no data.${input.field}`);
        else if (input.codes && named === input.field && !input.codes.includes(error.code)) problems.push(`code ${error.code}, not ${input.codes.join('|')}`);
      }
      if (problems.length) wrong.push(`${input.what}: ${problems.join(', ')} — ${res.text.slice(0, 300)}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    console.log(`${cases.length} bad inputs refused, ${cases.filter((c) => c.input.kind.startsWith('group-') || c.input.kind.startsWith('file-')).length} of them about rows or files`);
  }, 240_000);
});
