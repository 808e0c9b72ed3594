/**
 * What the Fields and Steps tabs decide without a screen: which controls a field's kind gets, where a
 * field's schema is (the pointer its problems carry), a shared field's keywords in force, the rules for a
 * new name and for typed numbers, where a dropped field lands among its siblings, and the tabs' texts in
 * three languages.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesToMegabytes, megabytes, wholeNumber } from '../../../studio/app/fields/CheckedInput.tsx';
import { CATEGORIES, editorKind, STAFF_DISPLAYS } from '../../../studio/app/fields/editorKind.ts';
import { effectiveSchema, locateField } from '../../../studio/app/fields/fieldState.ts';
import { nameProblem } from '../../../studio/app/fields/kinds.ts';
import { movable, siblingIndexAt } from '../../../studio/app/fields/moves.ts';
import en from '../../../studio/i18n/en.json';
import ru from '../../../studio/i18n/ru.json';
import uz from '../../../studio/i18n/uz.json';
import { fieldList } from '../../../studio/model/fieldList.ts';
import { moveField } from '../../../studio/model/fields.ts';
import { BASE_KINDS, ITEM_KINDS, kindFragment } from '../../../studio/model/kinds.ts';
import { sharedFields, taxreturn } from './fields-support.tsx';

const draft = taxreturn();

describe('a field’s controls', () => {
  it('follow its kind, as the model writes each kind', () => {
    const expected: Record<string, string> = { text: 'text', email: 'email', phone: 'text', number: 'number', choice: 'choice', yesno: 'yesno', date: 'date', file: 'file', files: 'files', group: 'group' };
    for (const kind of BASE_KINDS) expect(editorKind(kindFragment(kind)), kind).toBe(expected[kind]);
  });

  it('read a shared field’s definition under what the form writes beside the $ref', () => {
    const own = draft.files['form.schema.json'].properties.previousPreparerPhone;
    const schema = effectiveSchema(own, sharedFields);
    expect(schema.pattern).toBe('^[0-9+() .-]{7,20}$');
    expect(schema['x-category']).toBe('D');
    expect(schema.$ref).toBeUndefined();
    expect(effectiveSchema({ type: 'string' }, sharedFields)).toEqual({ type: 'string' });
  });
});

describe('where a field is', () => {
  it('gives the pointer of a root, a branch and a row field, and whether it is required there', () => {
    expect(locateField(draft, { name: 'birthDate' })).toMatchObject({ pointer: '/properties/birthDate', required: true });
    expect(locateField(draft, { name: 'previousPreparer' })).toMatchObject({ pointer: '/properties/previousPreparer', required: false });
    expect(locateField(draft, { name: 'spouseName' })).toMatchObject({ pointer: '/allOf/0/then/properties/spouseName', required: true, branch: 0 });
    expect(locateField(draft, { group: 'dependents', name: 'relationship' })).toMatchObject({ pointer: '/properties/dependents/items/properties/relationship', required: true });
    expect(locateField(draft, { name: 'nothing' })).toBeNull();
    expect(locateField(draft, { group: 'w2', name: 'x' })).toBeNull();
  });
});

describe('typed values', () => {
  it('take a new field’s name only when the generator would and it is free', () => {
    expect(nameProblem('', [])).toBe('fields.add.nameMissing');
    expect(nameProblem('Spouse', [])).toBe('fields.add.nameRule');
    expect(nameProblem('spouse_name', [])).toBe('fields.add.nameRule');
    expect(nameProblem('email', ['email'])).toBe('fields.add.nameTaken');
    expect(nameProblem('spouseName', ['email'])).toBeNull();
  });

  it('write a limit only once it is a number, and nothing when it is emptied', () => {
    const whole = wholeNumber('no');
    expect(whole('12')).toEqual({ ok: true, value: 12 });
    expect(whole(' ')).toEqual({ ok: true, value: null });
    expect(whole('1.5')).toEqual({ ok: false, error: 'no' });
    expect(whole('-1')).toEqual({ ok: false, error: 'no' });
    const mb = megabytes('no');
    expect(mb('10')).toEqual({ ok: true, value: 10 });
    expect(mb('0,5')).toEqual({ ok: true, value: 0.5 });
    expect(mb('0')).toEqual({ ok: false, error: 'no' });
    expect(mb('ten')).toEqual({ ok: false, error: 'no' });
    expect(bytesToMegabytes(10485760)).toBe(10);
    expect(bytesToMegabytes(undefined)).toBeNull();
  });
});

describe('a dropped field', () => {
  const list = fieldList(draft);

  it('lands among its siblings where the fields above the drop point put it', () => {
    // fullName dropped under spouseName (list index 4): three root fields are above it.
    const to = siblingIndexAt(list, 'fullName', 4)!;
    expect(to).toBe(3);
    const moved = fieldList(moveField(draft, 'fullName', to)).map((f) => f.ref);
    expect(moved.indexOf('fullName')).toBe(4);
    expect(moved.slice(0, 5)).toEqual(['email', 'birthDate', 'filingStatus', 'spouseName', 'fullName']);
    expect(siblingIndexAt(list, 'terms', 0)).toBe(0);
  });

  it('stays where it was dropped back, and a condition’s only field cannot move', () => {
    expect(siblingIndexAt(list, 'w2', list.findIndex((f) => f.ref === 'w2'))).toBeNull();
    expect(siblingIndexAt(list, 'spouseName', 0)).toBeNull();
    expect(movable(list, list.find((f) => f.ref === 'spouseName')!)).toEqual({ up: false, down: false });
    expect(movable(list, list[0]!)).toEqual({ up: false, down: true });
    expect(movable(list, list.at(-1)!)).toEqual({ up: true, down: false });
  });
});

describe('the tabs’ texts', () => {
  const source = ['studio/app/fields', 'studio/app/steps'].flatMap((dir) => readdirSync(dir).map((file) => readFileSync(`${dir}/${file}`, 'utf8'))).join('\n');
  const used = new Set([...source.matchAll(/'((?:fields|steps)\.[A-Za-z.]+)'/g)].map((m) => m[1]!));
  // The ids made from a value.
  for (const kind of [...BASE_KINDS, ...ITEM_KINDS]) used.add(`fields.kind.${kind}`);
  for (const letter of CATEGORIES) used.add(`fields.category.${letter}`);
  for (const display of STAFF_DISPLAYS) used.add(`fields.staff.display.${display}`);
  for (const name of ['usPhone', 'zip', 'ssn']) used.add(`fields.editor.pattern.${name}`);
  for (const limit of ['minimum', 'maximum']) used.add(`fields.editor.${limit}`);
  const mine = (messages: Record<string, string>) => Object.keys(messages).filter((key) => key.startsWith('fields.') || key.startsWith('steps.'));

  it('are all there in English, Uzbek and Russian, and nothing else is in their namespaces', () => {
    expect(used.size).toBeGreaterThan(100);
    for (const messages of [en, uz, ru] as Record<string, string>[]) expect([...used].filter((id) => !(id in messages))).toEqual([]);
    expect(mine(en).filter((key) => !used.has(key))).toEqual([]);
  });

  it('are valid ICU messages, translated, with the same arguments, and Uzbek oʻ/gʻ written with U+02BB', () => {
    // The arguments a message names, from the ICU parser's tree (plural and select branches included).
    const names = (elements: ReturnType<typeof parse>, into = new Set<string>()): Set<string> => {
      for (const element of elements) {
        if ('value' in element && typeof element.value === 'string' && element.type !== 0) into.add(element.value);
        if ('options' in element) for (const option of Object.values(element.options)) names(option.value, into);
      }
      return into;
    };
    const args = (text: string) => names(parse(text));
    for (const key of mine(en)) {
      const english = (en as Record<string, string>)[key]!;
      for (const [locale, messages] of Object.entries({ uz, ru }) as [string, Record<string, string>][]) {
        const text = messages[key]!;
        expect(() => parse(text), `${locale} ${key}`).not.toThrow();
        expect(text, `${locale} ${key}`).not.toBe(english);
        expect(args(text), `${locale} ${key}`).toEqual(args(english));
      }
      if (/[oOgG]['‘’`]/.test((uz as Record<string, string>)[key]!)) expect.unreachable(`uz ${key}`);
    }
  });
});
