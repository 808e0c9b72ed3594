/**
 * The CSV export's columns (pb_hooks/lib/csvColumns.js): a repeating group flattened into a column per
 * row and item field for as many rows as the longest group of the export, several files in one cell in
 * stored order; each cell as staff see it (pb_hooks/lib/staffText.js: an option's text in the reader's
 * language, dollars, a day in the long format, yes / no). The modules are evaluated as CommonJS in a
 * fresh V8 context with require hidden, as goja runs them (package.json says "type": "module", so a
 * plain require would not do).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

type Options = Record<string, Record<string, string>>;
interface Column {
  name: string;
  display?: string;
  headers: Record<string, string>;
  options?: Options;
}
interface CardField {
  name: string;
  display: string;
  labels: Record<string, string>;
  columns?: Column[];
  options?: Options;
}
interface View {
  language: string;
  day(day: string): string;
  usd(value: unknown): string;
  yes: string;
  no: string;
}
type Show = (item: CardField | Column, value: unknown) => string;
interface CsvColumns {
  fieldValue(field: CardField, stored: unknown): unknown;
  widen(widths: Record<string, number>, card: CardField[], values: unknown[]): Record<string, number>;
  header(card: CardField[], language: string, widths: Record<string, number>): string[];
  cells(card: CardField[], values: unknown[], widths: Record<string, number>, show: Show): unknown[];
}
interface StaffText {
  cardText(item: CardField | Column, value: unknown, view: View): string;
}

function load<T>(name: string): { module: T; source: string } {
  const path = fileURLToPath(new URL(`../../../pb_hooks/lib/${name}`, import.meta.url));
  const source = readFileSync(path, 'utf8');
  const module = { exports: {} as unknown };
  vm.runInNewContext(source, { module, exports: module.exports, require: undefined }, { filename: path });
  return { module: module.exports as T, source };
}

const { module: csv, source: SOURCE } = load<CsvColumns>('csvColumns.js');
const { module: staffText, source: STAFF_TEXT_SOURCE } = load<StaffText>('staffText.js');

/** A reader's view as lib/staffView.js makes it (the long day and dollars of lib/outbox.js, here written out). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const english: View = {
  language: 'en',
  day: (day) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return `${MONTHS[m - 1]} ${d}, ${y}`;
  },
  usd: (value) => `$${Number(value).toLocaleString('en-US')}`,
  yes: 'Yes',
  no: 'No',
};
const show: Show = (item, value) => staffText.cardText(item, value, english);

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
      {
        name: 'relationship',
        display: 'text',
        headers: { en: 'Dependent {number}: Relationship', ru: 'Иждивенец {number}: Родство' },
        options: { en: { child: 'Child', parent: 'Parent' }, ru: { child: 'Ребёнок', parent: 'Родитель' } },
      },
      { name: 'student', display: 'bool', headers: { en: 'Dependent {number}: Student', ru: 'Иждивенец {number}: Студент' } },
    ],
  },
  { name: 'w2', display: 'files', labels: { en: 'W-2 forms', ru: 'Формы W-2' } },
  { name: 'refund', display: 'usd', labels: { en: 'Refund', ru: 'Возврат' } },
  { name: 'filingStatus', display: 'text', labels: { en: 'Filing status', ru: 'Статус' }, options: { en: { single: 'Single' }, ru: { single: 'Одинокий' } } },
];

const record = (stored: Record<string, unknown>) => card.map((f) => csv.fieldValue(f, stored[f.name]));

describe('CSV export columns', () => {
  const three = record({
    fullName: 'Aziza',
    birthDate: '1988-04-12 00:00:00.000Z',
    dependents: JSON.stringify([
      { name: 'Malika', birthDate: '2015-09-01', relationship: 'child', student: true },
      { name: '=cmd()', birthDate: '2018-02-20', relationship: 'child', student: false },
      { name: 'Rustam', birthDate: '1950-11-03', relationship: 'parent' },
    ]),
    w2: ['w2_b_abc.pdf', 'w2_a_def.png'],
    refund: 1250,
    filingStatus: 'single',
  });
  const none = record({ fullName: 'Bobur', birthDate: '1990-01-02', dependents: '', w2: [], refund: '', filingStatus: 'widowed' });
  const one = record({ fullName: 'Dilnoza', birthDate: '1991-03-04', dependents: [{ name: 'Ali' }], w2: ['only.pdf'] });
  const widths = [three, none, one].reduce((w, values) => csv.widen(w, card, values), {} as Record<string, number>);
  const item = (n: number) => [`Dependent ${n}: Full name`, `Dependent ${n}: Date of birth`, `Dependent ${n}: Relationship`, `Dependent ${n}: Student`];

  it('flatten a group into a column per row and item field, as many rows as the longest group', () => {
    expect(widths).toEqual({ dependents: 3 });
    expect(csv.header(card, 'en', widths)).toEqual(['Full name', 'Date of birth', ...item(1), ...item(2), ...item(3), 'W-2 forms', 'Refund', 'Filing status']);
    expect(csv.header(card, 'ru', widths)[6]).toBe('Иждивенец 2: Полное имя');
  });

  it('show each value as staff see it: long days, option texts, yes / no, dollars; shorter groups padded with empty cells', () => {
    expect(csv.cells(card, three, widths, show)).toEqual([
      'Aziza',
      'April 12, 1988',
      ...['Malika', 'September 1, 2015', 'Child', 'Yes'],
      ...['=cmd()', 'February 20, 2018', 'Child', 'No'], // the export's cell() keeps it from being a formula
      ...['Rustam', 'November 3, 1950', 'Parent', ''],
      'w2_b_abc.pdf w2_a_def.png',
      '$1,250',
      'Single',
    ]);
    // An option no text covers (one since removed) shows as stored; an empty value stays empty.
    expect(csv.cells(card, none, widths, show)).toEqual(['Bobur', 'January 2, 1990', ...Array<string>(12).fill(''), '', '', 'widowed']);
    expect(csv.cells(card, one, widths, show).slice(0, 6)).toEqual(['Dilnoza', 'March 4, 1991', 'Ali', '', '', '']);
    for (const values of [three, none, one]) expect(csv.cells(card, values, widths, show)).toHaveLength(csv.header(card, 'en', widths).length);
  });

  it('show option texts in the reader language', () => {
    const russian = { ...english, language: 'ru' };
    expect(staffText.cardText(card[2]!.columns![2]!, 'parent', russian)).toBe('Родитель');
    expect(staffText.cardText(card[5]!, 'single', russian)).toBe('Одинокий');
  });

  it('have no group columns when no record of the export has a row', () => {
    const w = csv.widen({}, card, none);
    expect(csv.header(card, 'en', w)).toEqual(['Full name', 'Date of birth', 'W-2 forms', 'Refund', 'Filing status']);
    expect(csv.cells(card, none, w, show)).toEqual(['Bobur', 'January 2, 1990', '', '', 'widowed']);
  });

  it('read a stored group that is no list of rows as no rows', () => {
    for (const stored of ['{', '{"a":1}', 'null', null, undefined]) expect(csv.fieldValue(card[2]!, stored), String(stored)).toEqual([]);
  });

  it('use no PocketBase globals or require (pure, so it runs here as in goja)', () => {
    for (const source of [SOURCE, STAFF_TEXT_SOURCE]) expect(source).not.toMatch(/\brequire\(|\$app|__hooks/);
  });
});
