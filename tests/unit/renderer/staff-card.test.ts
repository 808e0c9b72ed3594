/** How a staff card reads the stored values of the new field kinds: dates, repeating groups, several files, conditional fields. */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatDay, isoDay } from '../../../src/engine/dates.ts';
import en from '../../../src/generated/messages/en.json';
import ru from '../../../src/generated/messages/ru.json';
import uz from '../../../src/generated/messages/uz.json';
import { fileNames, groupRows, isEmptyValue, onCard } from '../../../src/features/staff/cardValues.ts';

const MESSAGES = { en, uz, ru } as const;
const texts = (locale: keyof typeof MESSAGES) => createIntl({ locale, messages: MESSAGES[locale], onError: (e) => expect.unreachable(e.message) });

describe('dates on the card', () => {
  it("are shown in the reader's language, whatever the time zone", () => {
    expect(formatDay('1988-04-12', texts('en'))).toBe('April 12, 1988');
    expect(formatDay('1988-04-12', texts('ru'))).toBe('12 апреля 1988 г.');
    expect(formatDay('1988-04-12', texts('uz'))).toBe('1988-yil 12-aprel');
    // A PocketBase date column adds a time of day: the day is still the one stored.
    expect(formatDay('1988-04-12 00:00:00.000Z', texts('en'))).toBe('April 12, 1988');
    expect(formatDay('2000-01-01', texts('en'))).toBe('January 1, 2000');
  });
  it('are copied as the form stored them, YYYY-MM-DD', () => {
    expect(isoDay('1988-04-12')).toBe('1988-04-12');
    expect(isoDay('1988-04-12 00:00:00.000Z')).toBe('1988-04-12');
    expect(isoDay('soon')).toBe('soon');
  });
  it('are shown as stored when they are no date', () => {
    expect(formatDay('1988-02-30', texts('en'))).toBe('1988-02-30');
    expect(formatDay('soon', texts('en'))).toBe('soon');
    expect(formatDay('', texts('en'))).toBe('');
  });
});

describe('repeating groups on the card', () => {
  it('read their rows from the json column, parsed or as text', () => {
    const rows = [{ name: 'Malika', relationship: 'child' }, { name: 'Rustam' }];
    expect(groupRows(rows)).toEqual(rows);
    expect(groupRows(JSON.stringify(rows))).toEqual(rows);
  });
  it('have no rows when nothing (or nothing usable) is stored', () => {
    for (const stored of [null, undefined, '', 'null', '{', '{"a":1}', 5, [null, 'x', [1]]]) expect(groupRows(stored), String(stored)).toEqual([]);
  });
});

describe('several files on the card', () => {
  it('keep the stored order, and a one-file value is a list of one', () => {
    expect(fileNames(['b.pdf', 'a.pdf'])).toEqual(['b.pdf', 'a.pdf']);
    expect(fileNames('one.pdf')).toEqual(['one.pdf']);
    expect(fileNames(null)).toEqual([]);
    expect(fileNames([])).toEqual([]);
  });
});

describe('conditional fields on the card', () => {
  it('are left out while empty (the condition hid them), shown once answered', () => {
    for (const stored of [undefined, null, '', []]) {
      expect(isEmptyValue(stored)).toBe(true);
      expect(onCard({ conditional: true }, stored)).toBe(false);
      expect(onCard({}, stored)).toBe(true); // an unconditional field says "(empty)"
    }
    expect(onCard({ conditional: true }, 'Rustam Karimov')).toBe(true);
    expect(onCard({ conditional: true }, false)).toBe(true);
    expect(onCard({ conditional: true }, 0)).toBe(true);
  });
});
