/**
 * Migrations are incremental: a schema change yields a new migration for just that difference,
 * with a down step that reverses it, and applied migrations are never rewritten.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/pipeline.ts';
import { SchemaError } from '../../../generator/errors.ts';
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
  s.edit('services/petition/form.ui.json', (u) => u['ui:order'].splice(1, 0, 'district'));
}

async function generateInto(copy: SchemasCopy, now: number, drop?: string[]) {
  const result = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now, drop });
  for (const m of result.migrations) writeFileSync(join(copy.migrationsDir, m.file), m.content);
  return result.migrations;
}

/** Takes a field out of the form, its order and its staff card (its texts stay: a retired field may keep them). */
const removeField = (name: string) => (s: SchemasCopy) => {
  s.edit(FORM, (j) => {
    delete j.properties[name];
    j.required = (j.required ?? []).filter((n: string) => n !== name);
  });
  s.edit('services/petition/form.ui.json', (u) => (u['ui:order'] = u['ui:order'].filter((n: string) => n !== name)));
  s.edit('services/petition/admin.ui.json', (a) => (a.fields = a.fields.filter((f: { name: string }) => f.name !== name)));
  s.edit('services/petition/service.json', (j) => j.mail?.name && (j.mail.name = j.mail.name.filter((n: string) => n !== name)));
};

/** `message` becomes `details`, declared: same place in the form and on the card, its texts under the new name. */
function renameMessage(s: SchemasCopy): void {
  s.edit(FORM, (j) => {
    j.properties = Object.fromEntries(Object.entries(j.properties).map(([k, v]) => (k === 'message' ? ['details', { ...(v as object), 'x-renamed-from': 'message' }] : [k, v])));
    j.required = (j.required ?? []).map((n: string) => (n === 'message' ? 'details' : n));
  });
  s.edit('services/petition/form.ui.json', (u) => {
    u['ui:order'] = u['ui:order'].map((n: string) => (n === 'message' ? 'details' : n));
    if (u.message) {
      u.details = u.message;
      delete u.message;
    }
  });
  s.edit('services/petition/admin.ui.json', (a) => (a.fields = a.fields.map((f: { name: string }) => (f.name === 'message' ? { ...f, name: 'details' } : f))));
  for (const [l, text] of [['en', 'Details'], ['uz', 'Tafsilotlar'], ['ru', 'Подробности']] as const) {
    s.edit(`services/petition/i18n/${l}.json`, (j) => (j['fields.details.label'] = text));
  }
}

/** The id the generator derives for a text column of petitions (collections.ts fieldId). */
const textId = (name: string) => `text${crc32(`petitions:${name}`)}`;

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
      '1800000005_created_staffnotes.js',
      '1800000006_created_signatures.js',
      '1800000007_created_agreementtexts.js',
      '1800000008_created_webhookevents.js',
      '1800000009_created_drafts.js',
      '1800000010_created_petitions.js',
    ]);
    expect(await generateInto(copy, 1_800_000_100)).toEqual([]);
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; drop?: string[]; up: string[]; down: string[]; upNot?: string[]; downNot?: string[] }>([
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
      given: 'a removed required field (retired: kept, no longer required)',
      change: removeField('fullName'),
      up: ['"name": "fullName"', '"required": false', '// replaces the field with the same id'],
      upNot: ['removeById(', 'addAt('],
      down: ['"name": "fullName"', '"required": true'],
      downNot: ['addAt('],
    },
    {
      given: 'a removed field dropped with --drop',
      change: removeField('message'),
      drop: ['petitions.message'],
      up: ['collection.fields.removeById("text'],
      upNot: ['addAt('],
      // Back at its old place, after topic.
      down: ['collection.fields.addAt(collection.fields.fieldNames().indexOf("topic") + 1, new Field({', '"name": "message"'],
    },
    {
      given: 'a declared rename (x-renamed-from)',
      change: renameMessage,
      // The same field id under its new name: PocketBase renames the column and keeps the values.
      up: [`"id": "${textId('message')}"`, '"name": "details"'],
      upNot: ['removeById(', 'addAt('],
      down: [`"id": "${textId('message')}"`, '"name": "message"'],
      downNot: ['removeById('],
    },
    {
      given: 'a changed enum (the column keeps the old value)',
      change: (s) => {
        s.edit(FORM, (j) => (j.properties.topic.enum = ['parks', 'streets']));
        for (const [l, text] of [['en', 'Streets'], ['uz', 'Koʻchalar'], ['ru', 'Улицы']] as const) {
          s.edit(`services/petition/i18n/${l}.json`, (j) => (j['fields.topic.options.streets'] = text));
        }
      },
      // The kept value after the schema's.
      up: ['"name": "topic"', '"values": [\n      "parks",\n      "streets",\n      "roads"\n    ]'],
      down: ['"name": "topic"', '"values": [\n      "parks",\n      "roads"\n    ]'],
    },
    {
      given: "a workflow of the service's own (stored statuses rewritten through from, the rest to the first)",
      change: (s) =>
        s.edit('services/petition/service.json', (j) => {
          j.workflow = { statuses: ['open', 'solved'], transitions: { open: ['solved'], solved: ['open'] }, from: { new: 'open', done: 'solved' } };
        }),
      // Rewritten before the column's values change (and in the trash's copies); the old values are not kept.
      up: [
        'for (const [from, to] of [["new","open"],["review","open"],["approved","open"],["rejected","open"],["done","solved"],["cancelled","open"]]) {',
        'app.db().update(collection.name, { "status": to }, $dbx.hashExp({ "status": from })).execute();',
        "UPDATE `helpuztrash` SET record = json_set(record, '$.status', {:to})",
        '"name": "status"',
        '"values": [\n      "open",\n      "solved"\n    ]',
      ],
      // Back to the first old status mapped to each.
      down: ['for (const [from, to] of [["open","new"],["solved","done"]]) {', '"values": [\n      "new",\n      "review",'],
    },
  ])('writes one "updated" migration for $given, with a down step', async ({ change, up, down, upNot = [], downNot = [], drop }) => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    const applied = Object.fromEntries(readdirSync(copy.migrationsDir).map((f) => [f, readFileSync(join(copy.migrationsDir, f), 'utf8')]));
    change(copy);
    const next = await generateInto(copy, 1_800_000_500, drop);
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

  it('retires a removed field: no migration when it was optional, listed in retired.json, on old records\' cards', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    removeField('message')(copy);
    copy.edit(FORM, (j) => (j.properties.topic.enum = ['parks']));
    expect(await generateInto(copy, 1_800_000_500)).toEqual([]);
    const { files } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir });
    const retired = JSON.parse(files.get('src/generated/retired.json') ?? '{}');
    expect(retired.fields).toEqual([{ collection: 'petitions', service: 'petition', field: 'message', type: 'text', drop: 'npm run generate -- --drop petitions.message' }]);
    expect(retired.options).toEqual([{ collection: 'petitions', service: 'petition', field: 'topic', values: ['roads'] }]);
    const registry = files.get('src/generated/registry.ts') ?? '';
    expect(registry).toMatch(/"name": "message",\s+"label": "fields\.message\.label",\s+"display": "text",\s+"copy": true,\s+"retired": true/);
    // Not in the form any more.
    expect(files.get('src/generated/forms/petition.main.ts')).not.toMatch(/"message": \{/);
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; pointer: string; problem: RegExp }>([
    {
      given: 'a rename from a name the collection never had',
      change: (s) => s.edit(FORM, (j) => (j.properties.message['x-renamed-from'] = 'comments')),
      pointer: '/properties/message/x-renamed-from',
      problem: /the column "message" of "petitions" was never called "comments": there is nothing to rename/,
    },
    {
      given: 'a new field renamed from a column that does not exist',
      change: (s) => {
        renameMessage(s);
        s.edit(FORM, (j) => (j.properties.details['x-renamed-from'] = 'comments'));
      },
      pointer: '/properties/details/x-renamed-from',
      problem: /the collection "petitions" has no column "comments" to rename \(it has: fullName, email, topic, message, attachment, terms, variant/,
    },
    {
      given: 'a rename whose old name is still a field',
      change: (s) => {
        renameMessage(s);
        s.edit(FORM, (j) => (j.properties.message = { type: 'string', maxLength: 100, 'x-category': 'D' }));
        s.edit('services/petition/form.ui.json', (u) => u['ui:order'].splice(1, 0, 'message'));
      },
      pointer: '/properties/details/x-renamed-from',
      problem: /"message" is still a field of the form/,
    },
    {
      given: 'a field whose type changed',
      change: (s) => s.edit(FORM, (j) => (j.properties.message = { type: 'integer', minimum: 0, 'x-category': 'D' })),
      pointer: '/properties/message/type',
      problem: /"message" was a text column and would now be a number column.*--drop petitions\.message/,
    },
  ])('refuses $given', async ({ change, pointer, problem }) => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    change(copy);
    const error = await generateInto(copy, 1_800_000_500).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).problems).toEqual([expect.objectContaining({ file: 'schemas/services/petition/form.schema.json', pointer, message: expect.stringMatching(problem) })]);
  });

  it('refuses a --drop of a column the form still has, or that does not exist', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    await expect(generateInto(copy, 1_800_000_500, ['petitions.message'])).rejects.toThrow(/"message" is still a field of the form; remove it from the form first/);
    await expect(generateInto(copy, 1_800_000_500, ['petitions.nothing'])).rejects.toThrow(/the collection has no column "nothing"/);
    await expect(generateInto(copy, 1_800_000_500, ['nothing'])).rejects.toThrow(/the database has no collection "nothing"/);
  });

  it('keeps a migrated rename migrated, with or without x-renamed-from left in place', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    renameMessage(copy);
    expect((await generateInto(copy, 1_800_000_500)).map((m) => m.file)).toEqual(['1800000500_updated_petitions.js']);
    expect(await generateInto(copy, 1_800_000_600)).toEqual([]);
    copy.edit(FORM, (j) => delete j.properties.details['x-renamed-from']);
    expect(await generateInto(copy, 1_800_000_700)).toEqual([]);
  });

  it('numbers a new migration after the last one even if the clock is behind', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    addDistrict(copy);
    const next = await generateInto(copy, 1_700_000_000);
    expect(next[0]?.file).toBe('1800000011_updated_petitions.js');
  });

  it('keeps the collection of a removed service, and deletes it only with --drop', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    await generateInto(copy, 1_800_000_000);
    const { rmSync } = await import('node:fs');
    rmSync(join(copy.schemasDir, 'services/petition'), { recursive: true });
    expect(await generateInto(copy, 1_800_000_600)).toEqual([]);
    const kept = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir });
    expect(JSON.parse(kept.files.get('src/generated/retired.json') ?? '{}').collections).toEqual([{ collection: 'petitions', drop: 'npm run generate -- --drop petitions' }]);
    const next = await generateInto(copy, 1_800_000_600, ['petitions']);
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
