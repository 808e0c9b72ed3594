/**
 * The CSV export of a service with issue 31's constructs (the tax-return fixture, generated into a copy
 * of the project by the real generator, on a real PocketBase): a repeating group flattened into a
 * column per row and item field with headers in the reader's language, several files in one cell in
 * stored order, every value as staff see it (dates in the site's long format, options by their text, in
 * the reader's language), every record the same columns, no live formula in any cell.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportParams, readListQuery } from '../../src/features/staff/listQuery.ts';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const COLLECTION = 'taxreturns';
const texts = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/services/taxreturn/i18n', `${lang}.json`), 'utf8')) as Record<string, string>;

/** A CSV text as rows of cells (RFC 4180 quoting, as lib/exportCsv.js writes it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

const pdf = (name: string) => new File([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], name, { type: 'application/pdf' });

describe('CSV export of a service with groups, several files and dates', () => {
  let tree: ProjectCopy;
  let pb: PocketBaseProcess;
  let root: PocketBase;
  let viewer: PocketBase;
  const ids: Record<string, string> = {};

  /** A record as the submit route stores one (written here directly: the export is what is tested). */
  const store = async (fields: Record<string, unknown>, files: File[]) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    for (const f of files) body.append('w2', f);
    return (await root.collection(COLLECTION).create(body)).id;
  };

  beforeAll(async () => {
    tree = copyProject({ fixtures: ['taxreturn'] });
    generateIn(tree.root);
    pb = await startPocketBase({ migrationsDir: tree.migrationsDir, hooksDir: join(tree.root, 'pb_hooks') });
    root = await superuserClient(pb);
    viewer = await staffClient(pb, 'viewer');
    const base = { email: 'aziza@example.com', variant: 'main', locale: 'ru', terms: 'true', appointment: '2026-07-01' };
    ids.married = await store(
      {
        ...base,
        fullName: 'Aziza Karimova',
        birthDate: '1988-04-12',
        filingStatus: 'married',
        spouseName: 'Bobur Karimov',
        dependents: [
          { name: 'Malika Karimova', birthDate: '2015-09-01', relationship: 'child' },
          { name: '=HYPERLINK("x")', birthDate: '2018-02-20', relationship: 'child' },
          { name: 'Rustam Karimov', birthDate: '1950-11-03', relationship: 'parent' },
        ],
      },
      [pdf('w2-acme.pdf'), pdf('w2-globex.pdf')],
    );
    ids.single = await store({ ...base, fullName: 'Dilnoza Saidova', birthDate: '1990-01-02', filingStatus: 'single', dependents: [] }, [pdf('w2-only.pdf')]);
  }, 240_000);
  afterAll(async () => {
    await pb?.stop();
    tree?.remove();
  });

  const exported = async (lang: string) => {
    const res = await fetch(`${pb.url}/api/formwork/export/${COLLECTION}?${exportParams(readListQuery(new URLSearchParams()), lang, false)}`, {
      headers: { Authorization: viewer.authStore.token },
    });
    expect(res.status).toBe(200);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    const [header = [], ...records] = rows;
    const of = (id: string) => Object.fromEntries(header.map((h, i) => [h, records.find((r) => r[0] === id)?.[i]]));
    return { header, records, of };
  };

  it("gives the browser's card what it renders: a date, the group's columns, several files, the conditional field", async () => {
    const { registry } = (await import(join(tree.root, 'src/generated/registry.ts'))) as typeof import('../../src/generated/registry.ts');
    const card = registry.services.find((s) => s.id === 'taxreturn')!.admin;
    const field = (name: string) => card.fields.find((f) => f.name === name);
    expect(field('birthDate')).toMatchObject({ display: 'date', copy: true });
    expect(field('appointment')).toMatchObject({ display: 'date' });
    expect(field('w2')).toMatchObject({ display: 'files', copy: false });
    expect(field('dependents')).toMatchObject({
      display: 'group',
      copy: false,
      columns: [
        { name: 'name', display: 'text', label: 'service.taxreturn.fields.dependents.items.name.label' },
        { name: 'birthDate', display: 'date', label: 'service.taxreturn.fields.dependents.items.birthDate.label' },
        { name: 'relationship', display: 'text', options: 'service.taxreturn.fields.dependents.items.relationship.options' },
      ],
    });
    expect(field('spouseName')).toMatchObject({ conditional: true });
    expect(field('fullName')!.conditional).toBeUndefined();
    expect(card.search).not.toContain('dependents');
    expect(card.search).not.toContain('w2');
  });

  it('flattens the dependents into a column per row and item field, as many rows as the longest group, in the chosen language', async () => {
    for (const lang of ['en', 'ru', 'uz']) {
      const t = texts(lang);
      const { header, records } = await exported(lang);
      const row = (n: number) => t['fields.dependents.row']!.replace('{number}', String(n));
      const item = (n: number, p: string) => `${row(n)}: ${t[`fields.dependents.items.${p}.label`]}`;
      const groupColumns = [1, 2, 3].flatMap((n) => ['name', 'birthDate', 'relationship'].map((p) => item(n, p)));
      const start = header.indexOf(item(1, 'name'));
      expect(start, `${lang}: ${header.join(' | ')}`).toBeGreaterThan(0);
      expect(header.slice(start, start + 9)).toEqual(groupColumns);
      expect(header).not.toContain(item(4, 'name'));
      expect(header).toContain(t['fields.w2.label']);
      // Every record has a cell for every column: the one without dependents too.
      expect(records).toHaveLength(2);
      for (const r of records) expect(r).toHaveLength(header.length);
    }
  });

  it('writes values as staff see them: long dates, option texts, files in order in one cell, no live formula', async () => {
    const t = texts('en');
    const { of } = await exported('en');
    const married = of(ids.married!);
    expect(married[t['fields.birthDate.label']!]).toBe('April 12, 1988');
    expect(married[t['fields.filingStatus.label']!]).toBe(t['fields.filingStatus.options.married']);
    expect(married['Dependent 1: Full name']).toBe('Malika Karimova');
    expect(married['Dependent 1: Date of birth']).toBe('September 1, 2015');
    expect(married['Dependent 3: Relationship']).toBe('Parent');
    expect(married['Dependent 2: Full name']).toBe(`'=HYPERLINK("x")`); // read as text by a spreadsheet
    const stored = await root.collection(COLLECTION).getOne(ids.married!);
    expect(stored.w2).toHaveLength(2);
    expect(married[t['fields.w2.label']!]).toBe((stored.w2 as string[]).join(' '));
    expect((stored.w2 as string[])[0]).toMatch(/^w2_acme/);
    expect(married[t['fields.spouseName.label']!] ?? married['spouseName']).toBe('Bobur Karimov');

    const single = of(ids.single!);
    for (const n of [1, 2, 3]) expect(single[`Dependent ${n}: Full name`]).toBe('');
    expect(single[t['fields.w2.label']!]).toMatch(/^w2_only_\w+\.pdf$/);
  });

  it('says days and options in the reader language', async () => {
    const t = texts('ru');
    const { of } = await exported('ru');
    const married = of(ids.married!);
    const row = (n: number, p: string) => `${t['fields.dependents.row']!.replace('{number}', String(n))}: ${t[`fields.dependents.items.${p}.label`]}`;
    expect(married[t['fields.birthDate.label']!]).toBe('12 апреля 1988 г.');
    expect(married[row(1, 'birthDate')]).toBe('1 сентября 2015 г.');
    expect(married[row(3, 'relationship')]).toBe(t['fields.dependents.items.relationship.options.parent']);
    expect(married[t['fields.filingStatus.label']!]).toBe(t['fields.filingStatus.options.married']);
  });
});
