/**
 * Migrations are incremental: a schema change yields a new migration for just that difference,
 * with a down step that reverses it, and applied migrations are never rewritten.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/pipeline.ts';
import { recordedCollections } from '../../../generator/emit/migrations.ts';
import { diffCollections } from '../../../generator/transform/diff.ts';
import { copySchemas, type SchemasCopy } from '../../support/schemas-copy.ts';

const FORM = 'services/petition/form.schema.json';

/** A new field needs its label in all three languages before the generator accepts it; it goes after fullName. */
function addDistrict(s: SchemasCopy): void {
  s.edit(FORM, (j) => {
    const { fullName, ...rest } = j.properties;
    j.properties = { fullName, district: { type: 'string', maxLength: 50, 'x-category': 'A' }, ...rest };
  });
  for (const [l, text] of [['en', 'District'], ['uz', 'Tuman'], ['ru', 'Район']] as const) {
    s.edit(`services/petition/i18n/${l}.json`, (j) => (j['fields.district.label'] = text));
  }
}

async function generateInto(copy: SchemasCopy, now: number) {
  const result = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now });
  for (const m of result.migrations) writeFileSync(join(copy.migrationsDir, m.file), m.content);
  return result.migrations;
}

describe('incremental migrations', () => {
  it('creates every collection once, then nothing while the schemas stay the same', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    const first = await generateInto(copy, 1_800_000_000);
    expect(first.map((m) => m.file)).toEqual([
      '1800000000_created_staff.js',
      '1800000001_created_helpuztrash.js',
      '1800000002_created_outbox.js',
      '1800000003_created_auditlog.js',
      '1800000004_created_statushistory.js',
      '1800000005_created_signatures.js',
      '1800000006_created_agreementtexts.js',
      '1800000007_created_webhookevents.js',
      '1800000008_created_petitions.js',
    ]);
    expect(await generateInto(copy, 1_800_000_100)).toEqual([]);
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; up: string[]; down: string[]; upNot?: string[]; downNot?: string[] }>([
    {
      given: 'a new field',
      change: addDistrict,
      // At its place in the form (after fullName), as PocketBase's own migrations put fields, not last.
      up: ['collection.fields.addAt(collection.fields.fieldNames().indexOf("fullName") + 1, new Field({', '"name": "district"', '"max": 50'],
      down: ['collection.fields.removeById("text'],
      downNot: ['addAt('],
    },
    {
      given: 'a changed maxLength',
      change: (s) => s.edit(FORM, (j) => (j.properties.fullName = { type: 'string', minLength: 1, maxLength: 120, 'x-category': 'A' })),
      up: ['"name": "fullName"', '"max": 120', '// replaces the field with the same id'],
      down: ['"max": 200'],
    },
    {
      given: 'a new enum value',
      change: (s) => {
        s.edit(FORM, (j) => j.properties.topic.enum.push('lights'));
        for (const [l, text] of [['en', 'Street lights'], ['uz', 'Koʻcha chiroqlari'], ['ru', 'Уличное освещение']] as const) {
          s.edit(`services/petition/i18n/${l}.json`, (j) => (j['fields.topic.options.lights'] = text));
        }
      },
      up: ['"name": "topic"', '"lights"'],
      down: ['"name": "topic"'],
      downNot: ['"lights"'],
    },
    {
      given: 'a removed field',
      change: (s) =>
        s.edit(FORM, (j) => {
          delete j.properties.message;
          s.edit('services/petition/form.ui.json', (u) => (u['ui:order'] = u['ui:order'].filter((n: string) => n !== 'message')));
          s.edit('services/petition/admin.ui.json', (a) => (a.fields = a.fields.filter((f: { name: string }) => f.name !== 'message')));
        }),
      up: ['collection.fields.removeById("text'],
      upNot: ['addAt('],
      // Back at its old place, after topic.
      down: ['collection.fields.addAt(collection.fields.fieldNames().indexOf("topic") + 1, new Field({', '"name": "message"'],
    },
  ])('writes one "updated" migration for $given, with a down step', async ({ change, up, down, upNot = [], downNot = [] }) => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    const applied = Object.fromEntries(readdirSync(copy.migrationsDir).map((f) => [f, readFileSync(join(copy.migrationsDir, f), 'utf8')]));
    change(copy);
    const next = await generateInto(copy, 1_800_000_500);
    expect(next.map((m) => m.file)).toEqual(['1800000500_updated_petitions.js']);
    const [upPart, rest = ''] = (next[0]?.content ?? '').split('}, (app) => {');
    const downPart = rest.split('// formwork:snapshot')[0];
    for (const text of up) expect(upPart).toContain(text);
    for (const text of upNot) expect(upPart).not.toContain(text);
    for (const text of down) expect(downPart).toContain(text);
    for (const text of downNot) expect(downPart).not.toContain(text);
    // Applied migrations are untouched.
    for (const [f, content] of Object.entries(applied)) expect(readFileSync(join(copy.migrationsDir, f), 'utf8')).toBe(content);
  });

  it('numbers a new migration after the last one even if the clock is behind', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    addDistrict(copy);
    const next = await generateInto(copy, 1_700_000_000);
    expect(next[0]?.file).toBe('1800000009_updated_petitions.js');
  });

  it('deletes the collection of a removed service', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    const { rmSync } = await import('node:fs');
    rmSync(join(copy.schemasDir, 'services/petition'), { recursive: true });
    const next = await generateInto(copy, 1_800_000_600);
    expect(next.map((m) => m.file)).toEqual(['1800000600_deleted_petitions.js']);
    expect(next[0]?.content).toMatch(/migrate\(\(app\) => \{\n {2}const collection = app\.findCollectionByNameOrId\("pbc_\d+"\);\n {2}return app\.delete\(collection\);/);
  });
});

describe('recordedCollections', () => {
  it('knows the order each migration leaves the fields in: appended by the older ones, placed by the newer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'formwork-recorded-'));
    const field = (name: string) => ({ id: `text_${name}`, name, type: 'text' });
    const collection = (...names: string[]) => ({ id: 'pbc_1', name: 'x', type: 'base', listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, indexes: [], fields: names.map(field) });
    const file = (name: string, steps: string, names: string[]) =>
      writeFileSync(join(dir, name), `migrate((app) => {\n${steps}\n});\n// formwork:snapshot ${JSON.stringify({ name: 'x', collection: collection(...names) })}\n`);
    const order = () => recordedCollections(dir).collections[0]?.fields.map((f) => f.name);
    file('1_created_x.js', 'const collection = new Collection({});', ['a', 'b']);
    expect(order()).toEqual(['a', 'b']);
    // Written before fields were placed: `fields.add` appended c, whatever order the snapshot recorded.
    file('2_updated_x.js', 'collection.fields.add(new Field({}));', ['a', 'c', 'b']);
    expect(order()).toEqual(['a', 'b', 'c']);
    file('3_updated_x.js', 'collection.fields.addAt(1, collection.fields.getById("text_c"));', ['c', 'a', 'b']);
    expect(order()).toEqual(['c', 'a', 'b']);
  });
});

describe('diffCollections', () => {
  const base = { id: 'pbc_1', name: 'x', type: 'base' as const, listRule: null, viewRule: null, createRule: '', updateRule: null, deleteRule: null, indexes: [], fields: [{ id: 'text1', name: 'a', type: 'text', max: 5 }] };
  it('sees rule changes as collection property changes', () => {
    const [change] = diffCollections([base], [{ ...base, listRule: '@request.auth.id != ""' }]);
    expect(change).toMatchObject({ kind: 'updated', props: [{ name: 'listRule', before: null, after: '@request.auth.id != ""' }], added: [], removed: [], changed: [] });
  });
  it('sees nothing when nothing changed', () => {
    expect(diffCollections([base], [structuredClone(base)])).toEqual([]);
  });
  const two = { ...base, fields: [...base.fields, { id: 'text2', name: 'b', type: 'text', max: 9 }] };
  const c = { id: 'text3', name: 'c', type: 'text', max: 1 };
  it('places a new field after the one before it, and takes it out again on the way down', () => {
    const [change] = diffCollections([two], [{ ...two, fields: [two.fields[0]!, c, two.fields[1]!] }]);
    expect(change).toMatchObject({ kind: 'updated', added: [c], placeUp: [{ after: 'a', field: c, existing: false }], placeDown: [] });
  });
  it('places a new first field first (after the id PocketBase keeps)', () => {
    const [change] = diffCollections([two], [{ ...two, fields: [c, ...two.fields] }]);
    expect(change).toMatchObject({ placeUp: [{ after: null, field: c, existing: false }] });
  });
  it('puts a removed field back at its place on the way down', () => {
    const [change] = diffCollections([{ ...two, fields: [two.fields[0]!, c, two.fields[1]!] }], [two]);
    expect(change).toMatchObject({ removed: [c], placeUp: [], placeDown: [{ after: 'a', field: c, existing: false }] });
  });
  it('moves every field into the new order when the order changed, and back on the way down', () => {
    const [a, b] = two.fields;
    const [change] = diffCollections([two], [{ ...two, fields: [b!, a!] }]);
    expect(change).toMatchObject({
      kind: 'updated',
      props: [],
      added: [],
      removed: [],
      changed: [],
      placeUp: [
        { after: null, field: b, existing: true },
        { after: 'b', field: a, existing: true },
      ],
      placeDown: [
        { after: null, field: a, existing: true },
        { after: 'a', field: b, existing: true },
      ],
    });
  });
});
