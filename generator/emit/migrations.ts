/**
 * Incremental PocketBase migrations. The collections recorded so far are read back from the
 * `// formwork:snapshot` line that ends every generated migration; the difference between them and the
 * schemas becomes new files named like PocketBase's own (`<unix>_created_<name>.js`, `_updated_`,
 * `_deleted_`). Applied migrations are never rewritten.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PbCollection, PbField } from '../transform/collections.ts';
import { diffCollections, type CollectionChange } from '../transform/diff.ts';
import type { Rewrites } from '../transform/retire.ts';
import { render } from './template.ts';

const SNAPSHOT = '// formwork:snapshot ';

interface Snapshot {
  name: string;
  collection: PbCollection | null;
}

/** Migration files in the order PocketBase applies them (by file name). */
export function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort();
}

/**
 * The collection as an "updated" migration leaves it. One that places fields (`fields.addAt`, every
 * migration written since fields are placed) leaves them in its snapshot's order. One written before
 * appended its new fields (`fields.add`), so the collection keeps the earlier order with the new
 * fields at the end, whatever order its snapshot recorded.
 */
function applied(before: PbCollection | undefined, snapshot: PbCollection, content: string): PbCollection {
  if (!before || content.includes('.fields.addAt(')) return snapshot;
  const now = new Map(snapshot.fields.map((f) => [f.id, f]));
  const kept = before.fields.flatMap((f) => now.get(f.id) ?? []);
  const added = snapshot.fields.filter((f) => !before.fields.some((b) => b.id === f.id));
  return { ...snapshot, fields: [...kept, ...added] };
}

/** Per collection and field id, every name the column has had in the migrations (a renamed one has two). */
export type FormerNames = Map<string, Map<string, Set<string>>>;

/**
 * The collections as the existing generated migrations leave them in PocketBase: each snapshot, with
 * its fields in the order the migration's own steps give them.
 */
export function recordedCollections(dir: string): { collections: PbCollection[]; lastTimestamp: number; formerNames: FormerNames } {
  const state = new Map<string, PbCollection>();
  const formerNames: FormerNames = new Map();
  let lastTimestamp = 0;
  for (const file of migrationFiles(dir)) {
    lastTimestamp = Math.max(lastTimestamp, Number.parseInt(file, 10) || 0);
    const content = readFileSync(join(dir, file), 'utf8');
    for (const line of content.split('\n')) {
      if (!line.startsWith(SNAPSHOT)) continue;
      const snap = JSON.parse(line.slice(SNAPSHOT.length)) as Snapshot;
      if (snap.collection) state.set(snap.name, applied(state.get(snap.name), snap.collection, content));
      else state.delete(snap.name);
      const byId = formerNames.get(snap.name) ?? new Map<string, Set<string>>();
      for (const f of snap.collection?.fields ?? []) byId.set(f.id, (byId.get(f.id) ?? new Set()).add(f.name));
      formerNames.set(snap.name, byId);
    }
  }
  return { collections: [...state.values()], lastTimestamp, formerNames };
}

/** The JSON PocketBase's `new Collection()` takes: auth options sit beside the fields. */
function pbJson(c: PbCollection): Record<string, unknown> {
  const { options, ...rest } = c;
  return { ...rest, ...(options ?? {}) };
}

function propsObject(props: { name: string; before: unknown; after: unknown }[], side: 'before' | 'after'): Record<string, unknown> | null {
  if (props.length === 0) return null;
  const out: Record<string, unknown> = {};
  for (const p of props) {
    if (p.name === 'options') Object.assign(out, (p[side] ?? {}) as Record<string, unknown>);
    else out[p.name] = p[side];
  }
  return out;
}

/**
 * Where addAt puts a field: right after the named one, or first (index 1: PocketBase keeps the `id`
 * field at 0).
 */
const position = (after: string | null): string => (after === null ? '1' : `collection.fields.fieldNames().indexOf(${JSON.stringify(after)}) + 1`);

/**
 * Added columns PocketBase fills itself on create (a text field's autogeneratePattern, e.g. the
 * reference): the migration that adds one fills it in the same way for the records already stored, so
 * a required, unique column holds a value in every record from the start.
 */
const backfilled = (added: PbField[]): PbField[] => added.filter((f) => f.type === 'text' && typeof f.autogeneratePattern === 'string' && f.autogeneratePattern !== '');

/** The indexes to build before the backfill: every one but those over a column still blank (a unique one would refuse the blanks). */
const indexesBefore = (indexes: string[], fields: PbField[]): string[] => indexes.filter((sql) => !fields.some((f) => sql.includes(`\`${f.name}\``)));

/** Values a migration rewrites (transform/retire.ts Rewrite), and the trash whose deleted records hold them too. */
export interface ValueRewrites {
  rewrites: Rewrites;
  trash: string;
}

/**
 * The up step's rewrites of one collection (each old value → its new one, per column) and the down step's
 * way back: each value the up step wrote goes back to the first old value mapped to it, and a value the
 * collection gained (with no old one mapped to it) to the column's first old value.
 */
function valueSteps(change: Extract<CollectionChange, { kind: 'updated' }>, rewrites: ValueRewrites | undefined) {
  const columns = rewrites?.rewrites.get(change.after.name) ?? {};
  const trash = rewrites?.trash ?? '';
  // A deleted record waits in the trash as JSON (pb_hooks/lib/trash.js): its value is rewritten there too.
  const step = (field: string, pairs: [string, string][]) => ({
    field,
    // One line: [[old, new], …].
    pairs: JSON.stringify(pairs),
    trash,
    trashSql: `UPDATE \`${trash}\` SET record = json_set(record, '$.${field}', {:to}) WHERE sourceCollection = {:collection} AND json_extract(record, '$.${field}') = {:from}`,
  });
  const up: ReturnType<typeof step>[] = [];
  const down: ReturnType<typeof step>[] = [];
  for (const [field, map] of Object.entries(columns)) {
    up.push(step(field, Object.entries(map)));
    const oldValues = (change.before.fields.find((f) => f.name === field)?.values as string[] | undefined) ?? [];
    const gained = ((change.after.fields.find((f) => f.name === field)?.values as string[] | undefined) ?? []).filter((v) => !oldValues.includes(v));
    const back = gained.flatMap((value): [string, string][] => {
      const to = Object.keys(map).find((old) => map[old] === value) ?? oldValues[0];
      return to === undefined ? [] : [[value, to]];
    });
    if (back.length) down.push(step(field, back));
  }
  return { up, down };
}

function renderChange(change: CollectionChange, rewrites?: ValueRewrites): { name: string; content: string } {
  const helpers = { pbJson: (c: PbCollection) => pbJson(c), position };
  switch (change.kind) {
    case 'created':
      return {
        name: `created_${change.after.name}`,
        content: render('created.js.hbs', { after: change.after, snapshot: JSON.stringify({ name: change.after.name, collection: change.after }) }, helpers),
      };
    case 'deleted':
      return {
        name: `deleted_${change.before.name}`,
        content: render('deleted.js.hbs', { before: change.before, snapshot: JSON.stringify({ name: change.before.name, collection: null }) }, helpers),
      };
    case 'updated':
      return {
        name: `updated_${change.after.name}`,
        content: render(
          'updated.js.hbs',
          {
            ...change,
            values: valueSteps(change, rewrites),
            backfills: backfilled(change.added),
            fillIndexes: { before: indexesBefore(change.after.indexes, backfilled(change.added)), after: change.after.indexes },
            propsAfter: propsObject(change.props, 'after'),
            propsBefore: propsObject(change.props, 'before'),
            snapshot: JSON.stringify({ name: change.after.name, collection: change.after }),
          },
          helpers,
        ),
      };
  }
}

export interface PlannedMigration {
  file: string;
  content: string;
  change: CollectionChange;
}

/** New migration files for whatever the schemas changed since the last generated migration. */
export function planMigrations(dir: string, wanted: PbCollection[], now = Math.floor(Date.now() / 1000), rewrites?: ValueRewrites): PlannedMigration[] {
  const { collections, lastTimestamp } = recordedCollections(dir);
  let timestamp = Math.max(now, lastTimestamp + 1);
  return diffCollections(collections, wanted).map((change) => {
    const { name, content } = renderChange(change, rewrites);
    return { file: `${timestamp++}_${name}.js`, content, change };
  });
}
