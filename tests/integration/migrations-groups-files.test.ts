/**
 * The column kinds of repeating groups (json) and several files (file, maxSelect > 1) through generated
 * migrations on a real PocketBase: added to a form already applied, a one-file field turned into one of
 * several, and the down step putting the collection back as it was.
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
import { addSignersAndPhotos, PETITION_FORM } from '../support/groupsFiles.ts';

async function generateInto(copy: SchemasCopy, now: number): Promise<string[]> {
  const { migrations } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now });
  for (const m of migrations) writeFileSync(join(copy.migrationsDir, m.file), m.content);
  return migrations.map((m) => m.file);
}

async function fieldsOf(dataDir: string, copy: SchemasCopy): Promise<Record<string, Record<string, unknown>>> {
  const pb = await startPocketBase({ dataDir, migrationsDir: copy.migrationsDir, hooksDir: join(copy.root, 'no-hooks'), migrate: false });
  try {
    const c = await (await superuserClient(pb)).collections.getOne('petitions');
    return Object.fromEntries(c.fields.map((f) => [f.name, f as unknown as Record<string, unknown>]));
  } finally {
    await pb.stop();
  }
}

describe('migrations of groups and several files on a real PocketBase', () => {
  it('add a json and a several-files column, widen a file column, and roll back', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-migrate-'));
    const migrate = (...args: string[]) =>
      execFileSync(PB_BIN, ['migrate', ...args, '--dir', dataDir, '--migrationsDir', copy.migrationsDir], { encoding: 'utf8', cwd: ROOT, input: 'y\n' });

    await generateInto(copy, 1_800_000_000);
    migrate('up');
    expect((await fieldsOf(dataDir, copy)).attachment).toMatchObject({ type: 'file', maxSelect: 1 });

    addSignersAndPhotos(copy);
    // The shared one-file definition, written out as a field of up to four files.
    const document = copy.readJson('common/fields.json').definitions.document;
    copy.edit(PETITION_FORM, (j) => {
      j.properties.attachment = { ...document, type: 'array', items: { type: 'string' }, 'x-file': { ...document['x-file'], maxFiles: 4 }, 'x-category': 'D' };
    });
    expect(await generateInto(copy, 1_800_000_100)).toEqual(['1800000100_updated_petitions.js']);
    migrate('up');
    let fields = await fieldsOf(dataDir, copy);
    expect(fields.signers).toMatchObject({ type: 'json', required: false });
    expect(fields.signers?.maxSize).toBeGreaterThan(1000);
    expect(fields.photos).toMatchObject({ type: 'file', maxSelect: 3, maxSize: 1048576, mimeTypes: ['application/pdf', 'image/png', 'image/jpeg'] });
    expect(fields.attachment).toMatchObject({ type: 'file', maxSelect: 4 });
    // At their places in the form: after attachment, before terms.
    const names = Object.keys(fields);
    expect(names.slice(names.indexOf('attachment'), names.indexOf('terms') + 1)).toEqual(['attachment', 'signers', 'photos', 'terms']);

    migrate('down', '1');
    fields = await fieldsOf(dataDir, copy);
    expect(fields.signers).toBeUndefined();
    expect(fields.photos).toBeUndefined();
    expect(fields.attachment).toMatchObject({ type: 'file', maxSelect: 1 });
  });
});
