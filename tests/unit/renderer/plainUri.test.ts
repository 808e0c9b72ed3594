/**
 * The browser's stand-in for fast-uri (src/theme/vendor/plainUri.ts, aliased in vite.config.ts). RJSF
 * resolves `$id`/`$ref` URIs with it only for draft 2020-12 root schemas, which no generated form is;
 * should one ever be, the stand-in must answer as fast-uri does on what RJSF passes (a schema's `$id`,
 * or "#", as the base; `#/…` pointers and `<$id>#/…` as references), and refuse anything else.
 */
import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import type { FormModule } from '../../../src/engine/types.ts';
import { registry } from '../../../src/generated/registry.ts';
import plainUri from '../../../src/theme/vendor/plainUri.ts';

const forms = await Promise.all(registry.services.flatMap((s) => s.forms.map(async (f) => (await f.load()) as FormModule)));
const ids = forms.map((f) => String(f.schema.$id));

const bases = [
  ...ids,
  '#',
  '',
  'schemas/form.json',
  'a/b/c',
  'a//b',
  '/root/form.json',
  'http://example.com',
  'https://example.com/',
  'https://example.com/schemas/form.json',
  'https://example.com/a/b/',
  'http://example.com//x',
];
const pointers = ['#/definitions/firstName', '#/$defs/usState', '#/properties/a~1b/items/0', "#/a!$&'()*+,;=:@/?b", '#anchor', '#'];
const references = [
  '',
  ...pointers,
  ...ids.flatMap((id) => [id, `${id}#/$defs/x`, `${id}#`]),
  'fields.json',
  'fields.json#/definitions/email',
  'common/fields.json#/definitions/email',
  'a//b',
  '/abs/path.json',
  'https://json-schema.org/draft/2020-12/schema',
  'https://example.com/other.json#/$defs/x',
  'http://example.com',
];

const outcome = (f: () => unknown) => {
  try {
    return { value: f() };
  } catch {
    return { threw: true };
  }
};

describe('the fast-uri stand-in', () => {
  it('resolves every reference against every base as fast-uri does', () => {
    for (const base of bases) {
      for (const ref of references) {
        const expected = fastUri.resolve(base, ref);
        expect(plainUri.resolve(base, ref), `resolve(${JSON.stringify(base)}, ${JSON.stringify(ref)})`).toBe(expected);
      }
    }
  });

  it('compares as fast-uri does', () => {
    const uris = [...new Set([...bases, ...references, ...bases.flatMap((b) => pointers.map((p) => fastUri.resolve(b, p)))])];
    for (const a of uris) for (const b of uris) expect(plainUri.equal(a, b), `equal(${JSON.stringify(a)}, ${JSON.stringify(b)})`).toBe(fastUri.equal(a, b));
    expect(plainUri.equal('http://example.com', 'http://example.com/')).toBe(true);
  });

  it('follows RJSF on a 2020-12 form: $refs made absolute against the $id, then found by it', () => {
    for (const id of [...ids, '#']) {
      // makeAllReferencesAbsolute, then findSchemaDefinitionRecursive for a reference that is not a bare fragment
      const absolute = plainUri.resolve(id, '#/$defs/field');
      expect(absolute).toBe(fastUri.resolve(id, '#/$defs/field'));
      const again = plainUri.resolve(id, absolute);
      expect(again).toBe(fastUri.resolve(id, absolute));
      const [refId = ''] = again.replace(/#\/?$/, '').split('#');
      expect(plainUri.equal(id, refId.replace(/\/$/, ''))).toBe(fastUri.equal(id, refId.replace(/\/$/, '')));
    }
  });

  it('answers as fast-uri does for whatever it takes, on random strings', () => {
    let seed = 42;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = [
      'a',
      'Z',
      '0',
      '_',
      '-',
      '.',
      '..',
      '~',
      '/',
      '//',
      '#',
      ':',
      '@',
      '$',
      "'",
      '?',
      '%20',
      'x.json',
      'form_x',
      'http://',
      'https://',
      'example.com',
      'A',
    ];
    const make = () => Array.from({ length: 1 + random(6) }, () => pieces[random(pieces.length)]).join('');
    const taken: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const base = make();
      const ref = make();
      const ours = outcome(() => plainUri.resolve(base, ref));
      if ('threw' in ours) continue;
      taken.push(base, ref);
      expect(ours.value, `resolve(${JSON.stringify(base)}, ${JSON.stringify(ref)})`).toBe(fastUri.resolve(base, ref));
    }
    expect(taken.length).toBeGreaterThan(500);
    for (let i = 0; i + 1 < taken.length; i += 2) {
      const [a, b] = [taken[i] as string, taken[i + 1] as string];
      expect(plainUri.equal(a, b), `equal(${JSON.stringify(a)}, ${JSON.stringify(b)})`).toBe(fastUri.equal(a, b));
      expect(plainUri.equal(a, a)).toBe(fastUri.equal(a, a));
    }
  });

  it('refuses, rather than answers, what it does not know', () => {
    const unknown = [
      'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
      'HTTP://example.com/',
      'http://Example.com/',
      'http://example.com:8080/',
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://user@example.com/',
      'http:/x',
      'http://example.comx/../y',
      'ftp://example.com/',
      'mailto:someone@example.com',
      '//example.com/x',
      'a/../b',
      './x',
      '..',
      'x?query',
      'x%20y',
      'x y',
      '#a#b',
      'Ünïcode',
    ];
    for (const uri of unknown) {
      expect(
        outcome(() => plainUri.resolve('form_x', uri)),
        uri,
      ).toEqual({ threw: true });
      expect(
        outcome(() => plainUri.resolve(uri, '#/x')),
        uri,
      ).toEqual({ threw: true });
      expect(
        outcome(() => plainUri.equal(uri, uri)),
        uri,
      ).toEqual({ threw: true });
    }
    expect(outcome(() => plainUri.equal(undefined as unknown as string, 'x'))).toEqual({ threw: true });
  });

  it('is never called for our forms: no $schema at their root, no $ref in them', () => {
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) {
      expect(form.schema.$schema, String(form.schema.$id)).toBeUndefined();
      expect(JSON.stringify(form.schema), String(form.schema.$id)).not.toMatch(/"\$ref"|"\$schema"/);
    }
  });
});
