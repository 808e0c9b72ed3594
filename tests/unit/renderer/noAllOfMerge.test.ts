/**
 * The browser's stand-in for RJSF's allOf merger (src/theme/vendor/noAllOfMerge.ts, aliased in
 * vite.config.ts) is safe only while no form has an `allOf`: the meta-schemas refuse one, no generated
 * form has one at any depth, and should one arrive anyway the stand-in says where the merger went.
 */
import { describe, expect, it } from 'vitest';
import formMeta from '../../../schemas/meta/form.meta.json';
import propertyMeta from '../../../schemas/meta/property.meta.json';
import type { FormModule } from '../../../src/engine/types.ts';
import { registry } from '../../../src/generated/registry.ts';
import shallowAllOfMerge from '../../../src/theme/vendor/noAllOfMerge.ts';

const forms = await Promise.all(registry.services.flatMap((s) => s.forms.map(async (f) => (await f.load()) as FormModule)));

/** Every object key anywhere in a JSON value, with its path. */
function* keysIn(value: unknown, path = '#'): Generator<string> {
  if (!value || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (!Array.isArray(value)) yield `${path}/${k}`;
    yield* keysIn(v, `${path}/${k}`);
  }
}

describe('allOf in the browser', () => {
  it('is in no generated form, at any depth', () => {
    expect(forms.length).toBeGreaterThan(10);
    expect([...keysIn({ properties: { a: { anyOf: [{ allOf: [] }] } } })]).toContain('#/properties/a/anyOf/0/allOf');
    for (const form of forms)
      expect(
        [...keysIn(form.schema)].filter((p) => p.endsWith('/allOf')),
        String(form.schema.$id),
      ).toEqual([]);
  });

  it('is refused by the meta-schemas on a form and on a field', () => {
    for (const meta of [formMeta, propertyMeta]) {
      expect(meta.additionalProperties).toBe(false);
      expect(Object.keys(meta.properties)).not.toContain('allOf');
    }
  });

  it('reaching the stand-in anyway, throws an error that names it', () => {
    expect(() => shallowAllOfMerge({ allOf: [{ type: 'string' }, { minLength: 1 }] })).toThrow(/no allOf merger \(src\/theme\/vendor\/noAllOfMerge\.ts\)/);
  });
});
