/**
 * Generated migrations run on a real PocketBase: the first run creates the collections, a schema
 * change adds a migration that alters just those fields (a new one at its place in the form), and its
 * down step restores the previous state.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.ts';
import { PB_BIN, ROOT, startPocketBase } from '../support/pocketbase.ts';
import { superuserClient } from '../support/staff.ts';
import { copySchemas, type SchemasCopy } from '../support/schemas-copy.ts';

async function generateInto(copy: SchemasCopy, now: number): Promise<string[]> {
  const { migrations } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now });
  for (const m of migrations) writeFileSync(join(copy.migrationsDir, m.file), m.content);
  return migrations.map((m) => m.file);
}

/** A collection's fields as PocketBase itself reports them, served from the given data dir. */
async function fieldsOf(dataDir: string, copy: SchemasCopy, collection: string): Promise<Record<string, Record<string, unknown>>> {
  const pb = await startPocketBase({ dataDir, migrationsDir: copy.migrationsDir, hooksDir: join(copy.root, 'no-hooks'), migrate: false });
  try {
    const admin = await superuserClient(pb);
    const c = await admin.collections.getOne(collection);
    return Object.fromEntries(c.fields.map((f) => [f.name, f as unknown as Record<string, unknown>]));
  } finally {
    await pb.stop();
  }
}

describe('generated migrations on a real PocketBase', () => {
  it('apply, alter incrementally and roll back', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-migrate-'));
    const migrate = (...args: string[]) =>
      execFileSync(PB_BIN, ['migrate', ...args, '--dir', dataDir, '--migrationsDir', copy.migrationsDir], { encoding: 'utf8', cwd: ROOT, input: 'y\n' }); // `migrate down` asks for confirmation

    await generateInto(copy, 1_800_000_000);
    migrate('up');
    expect((await fieldsOf(dataDir, copy, 'petitions')).fullName).toMatchObject({ type: 'text', max: 200, required: true });
    expect(Object.keys(await fieldsOf(dataDir, copy, 'petitions'))).toEqual(
      expect.arrayContaining(['id', 'fullName', 'email', 'topic', 'message', 'attachment', 'terms', 'variant', 'locale', 'created', 'updated']),
    );

    copy.edit('services/petition/form.schema.json', (j) => (j.properties.fullName.maxLength = 120));
    copy.edit('services/petition/form.schema.json', (j) => (j.properties.topic.enum = ['parks', 'roads', 'lights']));
    for (const [l, text] of [['en', 'Street lights'], ['uz', 'Koʻcha chiroqlari'], ['ru', 'Уличное освещение']] as const) {
      copy.edit(`services/petition/i18n/${l}.json`, (j) => (j['fields.topic.options.lights'] = text));
    }
    copy.edit('services/petition/form.schema.json', (j) => {
      const { fullName, ...rest } = j.properties;
      j.properties = { fullName, district: { type: 'string', maxLength: 50, 'x-category': 'A' }, ...rest };
    });
    for (const [l, text] of [['en', 'District'], ['uz', 'Tuman'], ['ru', 'Район']] as const) {
      copy.edit(`services/petition/i18n/${l}.json`, (j) => (j['fields.district.label'] = text));
    }
    copy.edit('services/petition/form.ui.json', (u) => u['ui:order'].splice(1, 0, 'district'));
    expect(await generateInto(copy, 1_800_000_100)).toEqual(['1800000100_updated_petitions.js']);
    migrate('up');
    let fields = await fieldsOf(dataDir, copy, 'petitions');
    expect(fields.fullName).toMatchObject({ max: 120 });
    expect(fields.topic).toMatchObject({ values: ['parks', 'roads', 'lights'] });
    expect(Object.keys(fields).slice(0, 4)).toEqual(['id', 'fullName', 'district', 'email']);

    migrate('down', '1');
    fields = await fieldsOf(dataDir, copy, 'petitions');
    expect(fields.fullName).toMatchObject({ max: 200 });
    expect(fields.topic).toMatchObject({ values: ['parks', 'roads'] });
    expect(fields.district).toBeUndefined();
  });
});
