/**
 * Every user-visible string exists in English, Uzbek and Russian, and Uzbek and Russian are real
 * translations (only the keys listed in same-in-all-languages.json may equal English).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/pocketbase.ts';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const catalogue = (l: string) => JSON.parse(readFileSync(join(ROOT, 'src/generated/messages', `${l}.json`), 'utf8')) as Record<string, string>;
const same = (JSON.parse(readFileSync(join(ROOT, 'schemas/common/i18n/same-in-all-languages.json'), 'utf8')) as { keys: string[] }).keys;
const allowedSame = (key: string) => same.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p));

describe('message catalogues', () => {
  const en = catalogue('en');

  it.each(['uz', 'ru'])('%s has exactly the English keys', (l) => {
    expect(Object.keys(catalogue(l)).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(['uz', 'ru'])('%s translates every text that is not a name', (l) => {
    const other = catalogue(l);
    const copied = Object.keys(en).filter((k) => other[k] === en[k] && !allowedSame(k));
    expect(copied).toEqual([]);
  });

  it('Uzbek is written in Latin script with the oʻ/gʻ letter, Russian in Cyrillic', () => {
    const uz = Object.entries(catalogue('uz')).filter(([k]) => !allowedSame(k));
    expect(uz.filter(([, v]) => /[А-Яа-яЁё]/u.test(v))).toEqual([]);
    expect(uz.filter(([, v]) => /[OoGg]['‘’`]/u.test(v))).toEqual([]); // U+02BB, not an apostrophe
    const ru = Object.entries(catalogue('ru')).filter(([k]) => !allowedSame(k));
    expect(ru.filter(([, v]) => !/[А-Яа-яЁё]/u.test(v) && /[A-Za-z]{3}/.test(v.replace(/\{[^}]*\}|SSN|ZIP|USD|ID/g, '')))).toEqual([]);
  });

  it('every message parses as ICU, with the same arguments in each language', () => {
    for (const l of ['en', 'uz', 'ru']) {
      const messages = catalogue(l);
      for (const [key, text] of Object.entries(messages)) {
        expect({ key, l, args: argumentsOf(text) }).toEqual({ key, l, args: argumentsOf(en[key] as string) });
      }
    }
  });
});

/** Names of the arguments an ICU message uses (throws if it does not parse). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: MessageFormatElement[]): void => {
    for (const n of nodes) {
      if (n.type !== TYPE.literal && n.type !== TYPE.pound && 'value' in n && typeof n.value === 'string') names.add(n.value);
      if ('options' in n) for (const o of Object.values(n.options)) walk(o.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}
