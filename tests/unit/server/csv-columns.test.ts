/**
 * The CSV export's columns (pb_hooks/lib/csvColumns.js): a repeating group flattened into a column per
 * row and item field for as many rows as the longest group of the export, several files in one cell in
 * stored order, dates as ISO days. The module is evaluated as CommonJS in a fresh V8 context with
 * require hidden, as goja runs it (package.json says "type": "module", so a plain require would not do).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

interface Column {
  name: string;
  display?: string;
  headers: Record<string, string>;
}
interface CardField {
  name: string;
  display: string;
  labels: Record<string, string>;
  columns?: Column[];
}
interface CsvColumns {
  fieldValue(field: CardField, stored: unknown): unknown;
  widen(widths: Record<string, number>, card: CardField[], values: unknown[]): Record<string, number>;
  header(card: CardField[], language: string, widths: Record<string, number>): string[];
  cells(card: CardField[], values: unknown[], widths: Record<string, number>): unknown[];
}

const SOURCE_PATH = fileURLToPath(new URL('../../../pb_hooks/lib/csvColumns.js', import.meta.url));
const SOURCE = readFileSync(SOURCE_PATH, 'utf8');

function load(): CsvColumns {
  const module = { exports: {} as unknown };
  vm.runInNewContext(SOURCE, { module, exports: module.exports, require: undefined }, { filename: SOURCE_PATH });
  return module.exports as CsvColumns;
}

const csv = load();

/** The tax-return fixture's card as generator/emit/server.ts emits it (en and ru). */
const card: CardField[] = [
  { name: 'fullName', display: 'text', labels: { en: 'Full name', ru: 'Полное имя' } },
  { name: 'birthDate', display: 'date', labels: { en: 'Date of birth', ru: 'Дата рождения' } },
  {
    name: 'dependents',
    display: 'group',
    labels: { en: 'Dependents', ru: 'Иждивенцы' },
    columns: [
      { name: 'name', display: 'text', headers: { en: 'Dependent {number}: Full name', ru: 'Иждивенец {number}: Полное имя' } },
      { name: 'birthDate', display: 'date', headers: { en: 'Dependent {number}: Date of birth', ru: 'Иждивенец {number}: Дата рождения' } },
    ],
  },
  { name: 'w2', display: 'files', labels: { en: 'W-2 forms', ru: 'Формы W-2' } },
];

const record = (stored: Record<string, unknown>) => card.map((f) => csv.fieldValue(f, stored[f.name]));

describe('CSV export columns', () => {
  const three = record({
    fullName: 'Aziza',
    birthDate: '1988-04-12 00:00:00.000Z',
    dependents: JSON.stringify([
      { name: 'Malika', birthDate: '2015-09-01' },
      { name: '=cmd()', birthDate: '2018-02-20' },
      { name: 'Rustam', birthDate: '1950-11-03' },
    ]),
    w2: ['w2_b_abc.pdf', 'w2_a_def.png'],
  });
  const none = record({ fullName: 'Bobur', birthDate: '1990-01-02', dependents: '', w2: [] });
  const one = record({ fullName: 'Dilnoza', birthDate: '1991-03-04', dependents: [{ name: 'Ali' }], w2: ['only.pdf'] });
  const widths = [three, none, one].reduce((w, values) => csv.widen(w, card, values), {} as Record<string, number>);

  it('flatten a group into a column per row and item field, as many rows as the longest group', () => {
    expect(widths).toEqual({ dependents: 3 });
    expect(csv.header(card, 'en', widths)).toEqual([
      'Full name',
      'Date of birth',
      'Dependent 1: Full name',
      'Dependent 1: Date of birth',
      'Dependent 2: Full name',
      'Dependent 2: Date of birth',
      'Dependent 3: Full name',
      'Dependent 3: Date of birth',
      'W-2 forms',
    ]);
    expect(csv.header(card, 'ru', widths)[4]).toBe('Иждивенец 2: Полное имя');
  });

  it('give every record the same columns: shorter groups padded with empty cells', () => {
    expect(csv.cells(card, three, widths)).toEqual(['Aziza', '1988-04-12', 'Malika', '2015-09-01', '=cmd()', '2018-02-20', 'Rustam', '1950-11-03', 'w2_b_abc.pdf w2_a_def.png']);
    expect(csv.cells(card, none, widths)).toEqual(['Bobur', '1990-01-02', undefined, '', undefined, '', undefined, '', '']);
    expect(csv.cells(card, one, widths)).toEqual(['Dilnoza', '1991-03-04', 'Ali', '', undefined, '', undefined, '', 'only.pdf']);
    for (const values of [three, none, one]) expect(csv.cells(card, values, widths)).toHaveLength(csv.header(card, 'en', widths).length);
  });

  it('have no group columns when no record of the export has a row', () => {
    const w = csv.widen({}, card, none);
    expect(csv.header(card, 'en', w)).toEqual(['Full name', 'Date of birth', 'W-2 forms']);
    expect(csv.cells(card, none, w)).toEqual(['Bobur', '1990-01-02', '']);
  });

  it('read a stored group that is no list of rows as no rows', () => {
    for (const stored of ['{', '{"a":1}', 'null', null, undefined]) expect(csv.fieldValue(card[2]!, stored), String(stored)).toEqual([]);
  });

  it('use no PocketBase globals or require (pure, so it runs here as in goja)', () => {
    expect(SOURCE).not.toMatch(/\brequire\(|\$app|__hooks/);
  });
});
