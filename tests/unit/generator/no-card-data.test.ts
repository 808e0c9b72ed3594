/**
 * We never store card numbers or CVV (the original did): payment happens on the provider's hosted
 * pages. This fails the build if any collection the schemas produce, or any form, asks for card data.
 */
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/pipeline.ts';
import { siteCollections } from '../../../generator/transform/collections.ts';
import { copySchemas } from '../../support/schemas-copy.ts';

const CARD_DATA = /card.?(number|num|no)|numberOnCard|nameOnCard|cvv|cvc|cvn|security.?code|expir|exp.?(month|year|date)|\bpan\b/i;

/**
 * Columns the pattern matches that hold no card data, each with what it is. Only a date column qualifies:
 * a text column of that name could hold a card's expiry after all.
 */
const NOT_CARD_DATA: Record<string, string> = {
  // When a saved draft and its e-mailed resume link stop working (pb_hooks/lib/drafts.js): a time the server sets.
  'drafts.expiresAt': 'date',
};

describe('card data', async () => {
  const copy = copySchemas();
  const { model } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });

  it('is in no collection', () => {
    const offending = siteCollections(model).flatMap((c) =>
      c.fields.filter((f) => CARD_DATA.test(f.name) && NOT_CARD_DATA[`${c.name}.${f.name}`] !== f.type).map((f) => `${c.name}.${f.name}`),
    );
    expect(offending).toEqual([]);
  });

  it('is asked for by no form', () => {
    const offending = model.services.flatMap((s) => s.variants.flatMap((v) => v.fields.filter((f) => CARD_DATA.test(f)).map((f) => `${s.id}/${v.id}: ${f}`)));
    expect(offending).toEqual([]);
  });

  it('would be caught (the pattern knows the original’s card fields)', () => {
    for (const name of ['numberOnCard', 'nameOnCard', 'cvv', 'expire', 'cardNumber', 'exp_month']) expect(name).toMatch(CARD_DATA);
  });
});
