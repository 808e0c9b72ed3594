/**
 * The site's look and its forms' layout as the generator makes them from the schemas (issue 32, P6): the
 * brand colour's palette and the shade buttons and links use (readable: 4.5:1 with white), the logo's
 * file, a long form's sections (checked like steps: each field in one, titled in every language), and the
 * price summary's "submit" placement, which holds prices only.
 */
import chroma from 'chroma-js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../generator/errors.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const SVC = 'services/petition';
const SECTIONS = [
  { id: 'you', fields: ['fullName', 'email'] },
  { id: 'request', fields: ['topic', 'message', 'attachment', 'terms'] },
];
const HEADINGS = { en: ['About you', 'Your request'], uz: ['Siz haqingizda', 'Soʻrovingiz'], ru: ['О вас', 'Ваш запрос'] } as const;

/** The petition fixture in sections, with their headings in every language. */
function sectioned(s: SchemasCopy): void {
  s.edit(`${SVC}/form.ui.json`, (j) => {
    delete j['ui:order'];
    j['ui:sections'] = SECTIONS;
  });
  for (const [locale, [you, request]] of Object.entries(HEADINGS)) s.edit(`${SVC}/i18n/${locale}.json`, (j) => Object.assign(j, { 'sections.you': you, 'sections.request': request }));
}

async function run(change: (s: SchemasCopy) => void) {
  const copy = copySchemas({ fixtures: ['petition'] });
  change(copy);
  const { problems, result } = await generateCopy(copy);
  return { problems: problems.map(formatProblem).map((p) => p.replace(/^.*?schemas\//, 'schemas/')), result };
}

describe('the brand (site.json brand)', () => {
  it('makes ten shades of the colour and fills buttons and links with one that white text reads on at 4.5:1 or more', async () => {
    const { problems, result } = await run(() => {});
    expect(problems).toEqual([]);
    const brand = result!.model.brand;
    expect(brand.palette).toHaveLength(10);
    expect(brand.palette[9]).toBe(brand.color); // a dark colour is its own darkest shade
    expect(chroma.contrast(brand.palette[brand.primaryShade]!, '#fff')).toBeGreaterThanOrEqual(4.5);
    // The lightest shade that passes: the one before it does not.
    if (brand.primaryShade > 6) expect(chroma.contrast(brand.palette[brand.primaryShade - 1]!, '#fff')).toBeLessThan(4.5);
    expect(result!.files.get('src/generated/registry.ts')).toContain('"paymentProvider": "Stripe"');
  });

  it('refuses a colour too light for white text, a colour that is not #rrggbb and a logo the site does not have', async () => {
    const light = await run((s) => s.edit('site.json', (j) => (j.brand.color = '#ffe066')));
    expect(light.problems).toEqual([expect.stringMatching(/^schemas\/site\.json#\/brand\/color: #ffe066 is too light: .* choose a darker colour$/)]);
    const named = await run((s) => s.edit('site.json', (j) => (j.brand.color = 'navy')));
    expect(named.problems.some((p) => p.startsWith('schemas/site.json#/brand/color: '))).toBe(true);
    const missing = await run((s) => rmSync(join(s.root, 'public', 'logo.svg')));
    expect(missing.problems).toEqual(['schemas/site.json#/brand/logo/src: no file public/logo.svg: the header would show a broken image; add the file or correct the path']);
  });
});

describe('sections of a long form (form.ui.json ui:sections)', () => {
  it('puts them in the form module, titled by the service texts sections.<id>, and orders the fields by them', async () => {
    const { problems, result } = await run(sectioned);
    expect(problems).toEqual([]);
    const module = result!.files.get('src/generated/forms/petition.main.ts') as string;
    expect(module).toContain('"title": "service.petition.sections.you"');
    expect(module).toContain('"title": "service.petition.sections.request"');
    expect(module).not.toContain('"steps"');
    expect(result!.model.services.find((s) => s.id === 'petition')!.variants[0]!.sections).toEqual([
      { id: 'you', title: 'service.petition.sections.you', fields: ['fullName', 'email'] },
      { id: 'request', title: 'service.petition.sections.request', fields: ['topic', 'message', 'attachment', 'terms'] },
    ]);
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string }>([
    {
      given: 'a field in no section',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:sections'][1].fields = ['topic', 'message', 'attachment'])),
      want: 'schemas/services/petition/form.ui.json#/ui:sections: "terms" is in no section, but variant "main" shows it: put it in one section',
    },
    {
      given: 'a field in two sections',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => j['ui:sections'][1].fields.push('email')),
      want: 'schemas/services/petition/form.ui.json#/ui:sections/1/fields/4: "email" is already in section "you": a field is in one section only',
    },
    {
      given: 'sections beside an order',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:order'] = ['fullName', 'email', 'topic', 'message', 'attachment', 'terms'])),
      want: 'schemas/services/petition/form.ui.json#/ui:order: ui:order and ui:sections together: the sections are the order, remove ui:order',
    },
    {
      given: 'sections beside steps',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:steps'] = SECTIONS)),
      want: 'schemas/services/petition/form.ui.json#/ui:sections: ui:steps and ui:sections together: each step is a page with its own heading; keep one of them',
    },
    {
      given: 'a section without its heading in Russian',
      change: (s) => s.edit(`${SVC}/i18n/ru.json`, (j) => delete j['sections.you']),
      want: 'sections.you',
    },
    {
      given: 'the heading of a section the form does not have',
      change: (s) => {
        for (const [locale, text] of Object.entries({ en: 'Gone', uz: 'Ketgan', ru: 'Нет' })) s.edit(`${SVC}/i18n/${locale}.json`, (j) => (j['sections.gone'] = text));
      },
      want: 'schemas/services/petition/i18n/en.json#/sections.gone: "sections.gone" is a text for section "gone", which form.ui.json does not have: remove it (from every language)',
    },
  ])('refuses $given', async ({ change, want }) => {
    const { problems } = await run((s) => {
      sectioned(s);
      change(s);
    });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => p === want || (!want.startsWith('schemas/') && p.includes(want) && p.includes('ru')))).toBe(true);
  });
});

describe('the price summary above the submit (ui:blocks "submit")', () => {
  it('takes the fee there and keeps it out of the blocks among the fields', async () => {
    const { problems, result } = await run((s) =>
      s.edit(`${SVC}/form.ui.json`, (j) => {
        j['ui:blocks'].submit = j['ui:blocks']['before:terms'];
        delete j['ui:blocks']['before:terms'];
      }),
    );
    expect(problems).toEqual([]);
    const module = result!.files.get('src/generated/forms/petition.main.ts') as string;
    expect(module).toMatch(/"submit": \[\s*\{\s*"type": "fee"/);
    expect(module).not.toContain('"before:terms"');
  });

  it('refuses anything but prices there', async () => {
    const { problems } = await run((s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:blocks'].submit = [{ type: 'text', message: 'intro' }])));
    expect(problems).toContain(
      'schemas/services/petition/form.ui.json#/ui:blocks/submit/0: a "text" block in "submit": the price summary above the submit holds price and fee blocks only; put it in top, bottom or before/after a field',
    );
  });
});
