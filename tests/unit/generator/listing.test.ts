/**
 * The services list (service.json forms[].listing): a listed form reaches the emitted registry with its
 * texts and its price in dollars, in its order; an unlisted one does not; and a listing the site could
 * not show (no texts, a price naming no amount, a place taken twice, a route with a parameter) is
 * refused with the service.json and the place that says it.
 */
import { describe, expect, it } from 'vitest';
import { type SchemaProblem } from '../../../generator/errors.ts';
import { generate } from '../../../generator/pipeline.ts';
import type { ListedService } from '../../../shared/registry.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const PETITION = 'services/petition';
const TAXRETURN = 'services/taxreturn';

/** The fixtures alone (petition lists itself, taxreturn does not), after `change`. */
async function run(change: (s: SchemasCopy) => void = () => {}) {
  const copy = copySchemas({ fixtures: ['petition', 'taxreturn'], withoutServices: true });
  change(copy);
  return generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });
}

async function problemsAfter(change: (s: SchemasCopy) => void): Promise<SchemaProblem[]> {
  const copy = copySchemas({ fixtures: ['petition', 'taxreturn'], withoutServices: true });
  change(copy);
  return (await generateCopy(copy, { now: 1_800_000_000 })).problems;
}

/** The `listing` array of the emitted src/generated/registry.ts (the json helper writes it as JSON). */
function emittedListing(registry: string): ListedService[] {
  const match = /\n {2}listing: (\[[\s\S]*?\n {2}\]|\[\]),\n/.exec(registry);
  expect(match, 'registry.ts has a listing').not.toBeNull();
  return JSON.parse(match![1]!) as ListedService[];
}

const listTaxReturn = (s: SchemasCopy, listing: Record<string, unknown>) => s.edit(`${TAXRETURN}/service.json`, (j) => (j.forms[0].listing = listing));
const textsOfTaxReturn = (s: SchemasCopy) => {
  for (const [l, title, summary] of [
    ['en', 'Tax return', 'We prepare and file your federal return.'],
    ['uz', 'Soliq deklaratsiyasi', 'Federal deklaratsiyangizni tayyorlab topshiramiz.'],
    ['ru', 'Налоговая декларация', 'Подготовим и подадим вашу федеральную декларацию.'],
  ] as const) {
    s.edit(`${TAXRETURN}/i18n/${l}.json`, (j) => Object.assign(j, { 'listing.main.title': title, 'listing.main.summary': summary }));
  }
};

describe('the services list in the registry', () => {
  it('lists a form whose service.json says so, with its texts and its price resolved from the constants, and no other', async () => {
    const { files, model } = await run();
    const listing = emittedListing(files.get('src/generated/registry.ts') as string);
    expect(listing).toEqual([
      { service: 'petition', form: 'main', route: '/petition', title: 'service.petition.listing.main.title', summary: 'service.petition.listing.main.summary', price: 15 },
    ]);
    expect(model.listing).toEqual(listing);
    // Every language has the texts the list shows.
    for (const l of ['en', 'uz', 'ru'] as const) {
      expect(model.messages[l]['service.petition.listing.main.title'], l).toBeTruthy();
      expect(model.messages[l]['service.petition.listing.main.summary'], l).toBeTruthy();
    }
  });

  it('puts the listed forms in their order, whatever the folders’ order, with an amount given in dollars and a monthly one', async () => {
    const { model } = await run((s) => {
      listTaxReturn(s, { order: 3, price: 49.5, monthly: 10 });
      textsOfTaxReturn(s);
    });
    expect(model.listing.map((l) => [l.service, l.price, l.monthly])).toEqual([
      ['taxreturn', 49.5, 10],
      ['petition', 15, undefined],
    ]);
  });

  it('refuses a listing without its texts, naming each missing one at the listing', async () => {
    const problems = await problemsAfter((s) => listTaxReturn(s, { order: 3 }));
    expect(problems.map((p) => [p.file, p.pointer, p.message])).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/services\/taxreturn\/service\.json$/), '/forms/0/listing', 'no English text for message "service.taxreturn.listing.main.title"'],
        [expect.stringMatching(/services\/taxreturn\/service\.json$/), '/forms/0/listing', 'no English text for message "service.taxreturn.listing.main.summary"'],
      ]),
    );
  });

  it('refuses a price naming no amount of the service, a place taken twice and a route with a parameter', async () => {
    const problems = await problemsAfter((s) => {
      textsOfTaxReturn(s);
      listTaxReturn(s, { order: 20, price: 'filingFee' });
      s.edit(`${PETITION}/service.json`, (j) => (j.forms[0].route = '/petition/:topic'));
    });
    const at = (pointer: string) => problems.filter((p) => p.pointer === pointer).map((p) => p.message);
    expect(at('/forms/0/listing/price')).toEqual([`"filingFee" is not one of this service's constants (it has none); name one, or give the amount in dollars (125)`]);
    expect(at('/forms/0/listing/order').join()).toMatch(/^order 20 is already the place of petition's form "main"/);
    expect(at('/forms/0/listing').join()).toContain('"/petition/:topic" has a parameter');
  });
});
