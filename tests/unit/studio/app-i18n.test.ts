/**
 * The studio's own texts (studio/i18n/): the same keys in English, Uzbek and Russian, each a valid ICU
 * message, Uzbek and Russian translated (not English left in place), Uzbek written with the oʻ/gʻ letter
 * (U+02BB), and every text the app's screens ask for present.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_TABS } from '../../../studio/app/editor/tabs.ts';
import en from '../../../studio/i18n/en.json';
import ru from '../../../studio/i18n/ru.json';
import uz from '../../../studio/i18n/uz.json';

const catalogues: Record<string, Record<string, string>> = { en, uz, ru };
/** Texts that read the same in every language (placeholders only). */
const SAME_EVERYWHERE = new Set(['texts.cell']);

/** Every file of studio/app except the other helpers' folders (fields/, steps/, preview/), which test their own texts. */
function appFiles(dir = 'studio/app'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ['fields', 'steps', 'preview'].includes(name) ? [] : appFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the studio texts', () => {
  it('have the same keys in the three languages, each a valid ICU message', () => {
    expect(Object.keys(uz).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const [locale, messages] of Object.entries(catalogues)) for (const [key, text] of Object.entries(messages)) expect(() => parse(text), `${locale} ${key}`).not.toThrow();
  });

  it('are translated: Uzbek and Russian differ from English', () => {
    const untranslated = Object.keys(en).filter((key) => !SAME_EVERYWHERE.has(key) && (uz[key as keyof typeof uz] === en[key as keyof typeof en] || ru[key as keyof typeof ru] === en[key as keyof typeof en]));
    expect(untranslated).toEqual([]);
  });

  it('write Uzbek oʻ and gʻ with U+02BB, not an apostrophe or a quotation mark', () => {
    const wrong = Object.entries(uz).filter(([, text]) => /[oOgG]['‘’`]/.test(text));
    expect(wrong).toEqual([]);
  });

  it('hold every text the app asks for', () => {
    const used = new Set<string>();
    for (const file of appFiles()) for (const [, id] of readFileSync(file, 'utf8').matchAll(/'((?:app|services|editor|problems|texts|settings|save)\.[A-Za-z.]+)'/g)) used.add(id!);
    // The ids made from a value.
    for (const tab of EDITOR_TABS) used.add(`editor.tab.${tab}`);
    for (const field of ['id', 'collection', 'prefix', 'route', 'adminRoute']) used.add(`services.new.pattern.${field}`);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((id) => !(id in en))).toEqual([]);
  });
});
