/**
 * The generator decides each new migration from what it believes the database holds: the snapshot line
 * at the end of each generated migration, with the fields in the order that migration's own steps give
 * them. Here every migration of pb_migrations/ runs on a fresh PocketBase, and the collections it
 * reports (fields with their type, required and options, the fields' order, rules, indexes, auth
 * options) are compared with that belief and with the model the schemas describe now. A migration
 * that does not do what its snapshot says fails here, with the differences listed.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { CollectionModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedCollections } from '../../generator/emit/migrations.ts';
import { generate } from '../../generator/pipeline.ts';
import { siteCollections, type PbCollection } from '../../generator/transform/collections.ts';
import { COLLECTION_PROPS } from '../../generator/transform/diff.ts';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { superuserClient } from '../support/staff.ts';

/** Whether every key `want` states has that value in `have` (PocketBase adds keys of its own, e.g. an auth token's secret). */
function holds(want: unknown, have: unknown): boolean {
  if (want && typeof want === 'object' && !Array.isArray(want)) {
    return !!have && typeof have === 'object' && Object.entries(want).every(([k, v]) => holds(v, (have as Record<string, unknown>)[k]));
  }
  return isDeepStrictEqual(want, have);
}

const show = (value: unknown) => JSON.stringify(value);

/**
 * How the database differs from what the generator states, one readable line per difference. What
 * PocketBase keeps beside the declared collections is not a difference: its `id` field, an auth
 * collection's own fields and their indexes, and its own system collections.
 */
function drift(database: CollectionModel[], stated: PbCollection[]): string[] {
  const out: string[] = [];
  const byName = new Map(database.map((c) => [c.name, c]));
  for (const want of stated) {
    const have = byName.get(want.name);
    if (!have) {
      out.push(`${want.name}: missing from the database`);
      continue;
    }
    if (have.id !== want.id || have.type !== want.type) out.push(`${want.name}: id/type ${show([want.id, want.type])} in the generator, ${show([have.id, have.type])} in the database`);
    for (const prop of COLLECTION_PROPS) {
      if (prop === 'indexes' || prop === 'options') continue;
      if (!isDeepStrictEqual(want[prop], have[prop])) out.push(`${want.name}.${prop}: ${show(want[prop])} in the generator, ${show(have[prop])} in the database`);
    }
    const declared = new Set(want.fields.map((f) => f.name));
    const fields = have.fields.filter((f) => declared.has(f.name) || !f.system);
    const order = (list: { name: string }[]) => list.map((f) => f.name).join(', ');
    if (order(want.fields) !== order(fields)) out.push(`${want.name}: fields in another order\n  generator: ${order(want.fields)}\n  database:  ${order(fields)}`);
    for (const field of want.fields) {
      const live = fields.find((f) => f.id === field.id) as Record<string, unknown> | undefined;
      if (!live) continue; // reported by the order line
      for (const [key, value] of Object.entries(field)) {
        if (!isDeepStrictEqual(live[key], value)) out.push(`${want.name}.${field.name}.${key}: ${show(value)} in the generator, ${show(live[key])} in the database`);
      }
    }
    // An auth collection's own unique indexes (token key, e-mail) are PocketBase's, named after the collection's id.
    const own = (index: string) => want.type === 'auth' && new RegExp(`^CREATE UNIQUE INDEX \`idx_(tokenKey|email)_${want.id}\``).test(index);
    const indexes = (have.indexes ?? []).filter((i) => !own(i));
    if (!isDeepStrictEqual(want.indexes, indexes)) out.push(`${want.name}.indexes:\n  generator: ${show(want.indexes)}\n  database:  ${show(indexes)}`);
    for (const [key, value] of Object.entries(want.options ?? {})) {
      if (!holds(value, (have as Record<string, unknown>)[key])) out.push(`${want.name}.${key}: ${show(value)} in the generator, ${show((have as Record<string, unknown>)[key])} in the database`);
    }
  }
  const names = new Set(stated.map((c) => c.name));
  for (const c of database) if (!c.system && !names.has(c.name)) out.push(`${c.name}: in the database, unknown to the generator`);
  return out;
}

describe('pb_migrations/ on a fresh PocketBase', () => {
  let pb: PocketBaseProcess;
  let database: CollectionModel[];
  beforeAll(async () => {
    const hooksDir = join(mkdtempSync(join(tmpdir(), 'formwork-drift-')), 'no-hooks');
    mkdirSync(hooksDir);
    pb = await startPocketBase({ hooksDir });
    database = await (await superuserClient(pb)).collections.getFullList();
  });
  afterAll(async () => {
    await pb?.stop();
  });

  it('leaves the collections the migrations\' snapshots record', () => {
    expect(drift(database, recordedCollections(join(ROOT, 'pb_migrations')).collections)).toEqual([]);
  });

  it('leaves the collections the schemas describe', async () => {
    const { model } = await generate({ root: ROOT });
    expect(drift(database, siteCollections(model))).toEqual([]);
  });

  it('reports a difference in a readable line', () => {
    const stated = recordedCollections(join(ROOT, 'pb_migrations')).collections.find((c) => c.fields.length > 2);
    const [first, second, ...rest] = stated?.fields ?? [];
    if (!stated || !first || !second) throw new Error('no collection with fields');
    const changed = { ...stated, listRule: 'id != ""', fields: [second, first, ...rest] };
    expect(drift(database.filter((c) => c.name === stated.name), [changed])).toEqual([
      `${stated.name}.listRule: "id != \\"\\"" in the generator, ${show(stated.listRule)} in the database`,
      expect.stringMatching(new RegExp(`^${stated.name}: fields in another order\\n  generator: ${second.name}, ${first.name}, .*\\n  database:  ${first.name}, ${second.name}, `)),
    ]);
  });
});
