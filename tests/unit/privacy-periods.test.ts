/**
 * The privacy policy's retention section states exactly the periods the retention job applies
 * (pb_hooks/lib/retention.js reads them from site.json `retention`, docs/retention.md): in every language,
 * each period the job applies is in the sentence about it, and the section states no other number. A
 * period changed in site.json without the policy (or the other way round) fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/generated/contract.ts';
import { ROOT } from '../support/pocketbase.ts';

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const site = read('schemas/site.json') as { languages: string[]; retention: { default: number; categories: Record<string, number>; signatureYears: number } };
const page = read('schemas/pages/privacy/page.json') as { blocks: { type: string; message?: string; messages?: string[] }[] };
const { retention } = site;

/** The numbers a text states (digits only: the policy writes its periods in figures). */
const numbers = (text: string) => (text.match(/\d+/g) ?? []).map(Number);

describe('the privacy policy states the periods the retention job applies', () => {
  it('has a sentence for each kind of period the job applies, all of them on the page', () => {
    // The categories with a period of their own are the ones its "A, B and D" sentence names.
    expect(Object.keys(retention.categories).sort()).toEqual(['A', 'B', 'D']);
    const shown = page.blocks.flatMap((b) => [b.message, ...(b.messages ?? [])]).filter((m): m is string => !!m && m.startsWith('retention.'));
    expect(shown).toEqual(['retention.heading', 'retention.body', 'retention.abd', 'retention.l', 'retention.emails', 'retention.drafts', 'retention.signatures', 'retention.end']);
  });

  it.each(site.languages)('in %s', (language) => {
    const texts = read(`schemas/pages/privacy/i18n/${language}.json`) as Record<string, string>;
    const categoryDays = [...new Set(Object.values(retention.categories))];
    expect(numbers(texts['retention.body']!)).toEqual([retention.default]);
    expect(numbers(texts['retention.abd']!)).toEqual(categoryDays);
    // Category L has no period of its own: every L field is also A or B (docs/retention.md).
    expect(numbers(texts['retention.l']!)).toEqual(categoryDays);
    // An e-mail goes at the first period of what it shows: the default's or a category's.
    expect(numbers(texts['retention.emails']!).sort((a, b) => a - b)).toEqual([...new Set([retention.default, ...categoryDays])].sort((a, b) => a - b));
    expect(numbers(texts['retention.signatures']!)).toEqual([retention.signatureYears]);
    // A saved draft lives as long as its resume link (generator/contract.ts drafts.days).
    expect(numbers(texts['retention.drafts']!)).toEqual([contract.drafts.days]);
    expect(numbers(`${texts['retention.heading']} ${texts['retention.end']}`)).toEqual([]);
  });
});
