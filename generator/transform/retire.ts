/**
 * Schema changes never lose data (design: "Schema changes never lose data"). The collections the schemas
 * describe are reconciled with the ones earlier migrations left in the database before they are diffed:
 *
 * - a column the schemas no longer name is RETIRED: kept at its place with its values, never required
 *   (new records leave it empty); it goes only when the editor drops it (`--drop <collection>.<field>`);
 * - a declared rename (`x-renamed-from`) gives the field the old column's id, so PocketBase renames the
 *   column and keeps its values (core/collection_record_table_sync.go: same id, new name = RENAME COLUMN);
 * - a field keeps the id of the column of its name and type, whatever name that id was derived from, so a
 *   migrated rename stays migrated when `x-renamed-from` is left in place or taken out;
 * - a select column keeps the values it had: old records hold them; except a column the server owns whose
 *   stored values are rewritten (a service's status, through its workflow's `from`): its old values go,
 *   and the migration rewrites the records holding them before the column changes (emit/migrations.ts);
 * - a collection the schemas no longer name (a removed service) is kept unless dropped (`--drop <collection>`);
 * - a field whose type changed cannot reuse its column: an error unless the old column is dropped.
 * Pure: collections in, collections out.
 */
import type { PbCollection, PbField } from './collections.ts';

/** A field's declared former name (form.schema.json `x-renamed-from`). */
export interface Rename {
  collection: string;
  from: string;
  to: string;
}

export interface ReconcileProblem {
  collection: string;
  /** The form field the problem is about (the new name of a rename). */
  field: string;
  /** What in the field's schema is wrong: `x-renamed-from` or `type`. */
  keyword: 'x-renamed-from' | 'type';
  message: string;
}

/**
 * A select column whose values no longer in the schema are rewritten rather than kept: `to` says what a
 * stored value becomes (a service's status: its workflow's `from`, else its first status).
 */
export interface Rewrite {
  collection: string;
  field: string;
  to: (old: string) => string;
}

/** Per collection, per rewritten column, each old value → the value it becomes. */
export type Rewrites = Map<string, Record<string, Record<string, string>>>;

export interface Reconciled {
  /** What the next migration should leave: the schemas' collections plus what the database keeps. */
  collections: PbCollection[];
  /** Per collection, its retired columns (kept, no longer in the schemas), in the collection's order. */
  retired: Map<string, PbField[]>;
  /** Per collection and select field, the values the column keeps for old records beside the schema's. */
  keptValues: Map<string, Record<string, string[]>>;
  /** Per collection and select field, the values it no longer has and what the migration rewrites them to. */
  rewrites: Rewrites;
  /** Collections kept although the schemas no longer name them. */
  keptCollections: PbCollection[];
  /** What `--drop` removes: columns of a collection, or (fields null) the whole collection. */
  dropped: { collection: string; fields: PbField[] | null }[];
  problems: ReconcileProblem[];
}

/** A command-line mistake (an unknown or still used `--drop` target): said as is, nothing written. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * The drop targets a request implies: a sensitive field's sealed copy (`<name>Sealed`, the same data
 * encrypted) goes with it.
 */
function withTwins(names: Set<string>, old: PbCollection): Set<string> {
  const out = new Set(names);
  for (const n of names) if (old.fields.some((f) => f.name === `${n}Sealed` && f.hidden === true)) out.add(`${n}Sealed`);
  return out;
}

/** Puts each kept column right after the nearest column that preceded it in `old` and is still there. */
function keepAtPlace(fields: PbField[], kept: PbField[], old: PbCollection): PbField[] {
  const out = [...fields];
  for (const k of kept) {
    const at = old.fields.findIndex((f) => f.id === k.id);
    let index = 0;
    for (let i = at - 1; i >= 0; i--) {
      const found = out.findIndex((f) => f.id === old.fields[i]!.id);
      if (found >= 0) {
        index = found + 1;
        break;
      }
    }
    out.splice(index, 0, k);
  }
  return out;
}

function reconcileOne(
  old: PbCollection,
  wanted: PbCollection,
  renames: Rename[],
  drops: Set<string>,
  out: Pick<Reconciled, 'retired' | 'keptValues' | 'rewrites' | 'dropped' | 'problems'>,
  formerNames: Map<string, Set<string>> | undefined,
  rewrites: Rewrite[],
): PbCollection {
  const problem = (field: string, keyword: ReconcileProblem['keyword'], message: string) => out.problems.push({ collection: wanted.name, field, keyword, message });
  const oldByName = new Map(old.fields.map((f) => [f.name, f]));
  const wantedNames = new Set(wanted.fields.map((f) => f.name));
  const dropNames = withTwins(drops, old);
  // Columns a form field is renamed from: their old name is free for a server column of another id
  // (the tickets' typed "reference" became "application" when every record got a server reference).
  const renamedAway = new Set(renames.filter((r) => wantedNames.has(r.to)).map((r) => r.from));
  const fields = wanted.fields.map((f) => {
    const rename = renames.find((r) => r.to === f.name);
    const named = oldByName.get(f.name);
    const same = named && renamedAway.has(f.name) && named.id !== f.id ? undefined : named;
    if (same) {
      // A rename migrated earlier: harmless. A column that never had the old name: the declaration is wrong.
      if (rename && formerNames && !formerNames.get(same.id)?.has(rename.from)) {
        problem(f.name, 'x-renamed-from', `the column "${f.name}" of "${wanted.name}" was never called "${rename.from}": there is nothing to rename; leave x-renamed-from out`);
      }
      if (same.type === f.type) return { ...f, id: same.id };
      if (!dropNames.has(f.name)) {
        problem(
          f.name,
          'type',
          `"${f.name}" was a ${same.type} column and would now be a ${f.type} column, which cannot hold its values. Keep the type, or give the new field another name (the old one is then retired and kept), or drop the old column and its values with \`npm run generate -- --drop ${wanted.name}.${f.name}\``,
        );
      }
      return f;
    }
    if (!rename) return f;
    const from = oldByName.get(rename.from);
    if (!from) {
      const had = old.fields.filter((x) => !x.system && !['created', 'updated'].includes(x.name)).map((x) => x.name);
      problem(f.name, 'x-renamed-from', `the collection "${wanted.name}" has no column "${rename.from}" to rename (it has: ${had.join(', ')}); leave x-renamed-from out for a new field`);
      return f;
    }
    if (wanted.fields.some((x) => x.name === rename.from && x.id === from.id)) {
      problem(f.name, 'x-renamed-from', `"${rename.from}" is still a field of the form: a column is renamed only once its old name is gone`);
      return f;
    }
    if (from.type !== f.type) {
      problem(f.name, 'x-renamed-from', `"${rename.from}" is a ${from.type} column and "${f.name}" would be a ${f.type} column: a rename keeps the type`);
      return f;
    }
    return { ...f, id: from.id };
  });

  // Select columns keep every value they had: old records hold them. A rewritten one's records get new ones.
  const kept: Record<string, string[]> = {};
  const rewritten: Record<string, Record<string, string>> = {};
  const withValues = fields.map((f) => {
    const before = old.fields.find((x) => x.id === f.id);
    if (f.type !== 'select' || before?.type !== 'select') return f;
    const values = f.values as string[];
    const extra = (before.values as string[]).filter((v) => !values.includes(v));
    if (extra.length === 0) return f;
    const rewrite = rewrites.find((r) => r.field === f.name);
    if (rewrite) {
      rewritten[f.name] = Object.fromEntries(extra.map((v) => [v, rewrite.to(v)]));
      return f;
    }
    kept[f.name] = extra;
    return { ...f, values: [...values, ...extra] };
  });
  if (Object.keys(kept).length) out.keptValues.set(wanted.name, kept);
  if (Object.keys(rewritten).length) out.rewrites.set(wanted.name, rewritten);

  const ids = new Set(withValues.map((f) => f.id));
  const names = new Set(withValues.map((f) => f.name));
  const gone = old.fields.filter((f) => !ids.has(f.id));
  // A column whose name a new column of another type takes goes only with --drop (else a problem above).
  const retired = gone.filter((f) => !dropNames.has(f.name) && !names.has(f.name)).map((f) => ({ ...f, required: false }));
  const dropped = gone.filter((f) => dropNames.has(f.name));
  for (const name of drops) {
    if (!old.fields.some((f) => f.name === name)) throw new UsageError(`--drop ${wanted.name}.${name}: the collection has no column "${name}"`);
    if (!dropped.some((f) => f.name === name)) throw new UsageError(`--drop ${wanted.name}.${name}: "${name}" is still a field of the form; remove it from the form first (it is then retired), then drop it`);
  }
  if (retired.length) out.retired.set(wanted.name, retired);
  if (dropped.length) out.dropped.push({ collection: wanted.name, fields: dropped });
  return { ...wanted, fields: keepAtPlace(withValues, retired, old) };
}

/**
 * `drops`: `<collection>.<field>` (a retired column, or one whose type changed) or `<collection>` (a
 * collection the schemas no longer name). Throws UsageError for a drop that names nothing droppable.
 */
export function reconcileCollections(
  recorded: PbCollection[],
  wanted: PbCollection[],
  renames: Rename[],
  drops: string[] = [],
  /** Per collection and field id, the names the column has had (emit/migrations.ts): tells a migrated rename from a wrong one. */
  formerNames?: Map<string, Map<string, Set<string>>>,
  /** Select columns whose values the schemas map rather than keep (a service's status). */
  rewrites: Rewrite[] = [],
): Reconciled {
  const out: Reconciled = { collections: [], retired: new Map(), keptValues: new Map(), rewrites: new Map(), keptCollections: [], dropped: [], problems: [] };
  const fieldDrops = new Map<string, Set<string>>();
  const collectionDrops = new Set<string>();
  for (const d of drops) {
    const [collection = '', field] = d.split('.', 2);
    if (field === undefined) collectionDrops.add(collection);
    else fieldDrops.set(collection, (fieldDrops.get(collection) ?? new Set()).add(field));
  }
  const recordedByName = new Map(recorded.map((c) => [c.name, c]));
  const wantedNames = new Set(wanted.map((c) => c.name));
  for (const name of [...fieldDrops.keys(), ...collectionDrops]) {
    if (!recordedByName.has(name)) throw new UsageError(`--drop ${name}: the database has no collection "${name}" (it has: ${recorded.map((c) => c.name).join(', ')})`);
  }
  for (const name of fieldDrops.keys()) {
    if (!wantedNames.has(name)) throw new UsageError(`--drop ${name}.…: the schemas no longer describe the collection "${name}"; drop it whole with --drop ${name}`);
  }
  for (const name of collectionDrops) {
    if (wantedNames.has(name)) throw new UsageError(`--drop ${name}: the schemas still describe the collection "${name}"; remove its service first`);
  }
  for (const c of wanted) {
    const old = recordedByName.get(c.name);
    const renames1 = renameList(renames, c.name);
    if (old) {
      out.collections.push(reconcileOne(old, c, renames1, fieldDrops.get(c.name) ?? new Set(), out, formerNames?.get(c.name), rewrites.filter((r) => r.collection === c.name)));
      continue;
    }
    for (const r of renames1) {
      out.problems.push({ collection: c.name, field: r.to, keyword: 'x-renamed-from', message: `the collection "${c.name}" is new: there is no column "${r.from}" to rename; leave x-renamed-from out` });
    }
    out.collections.push(c);
  }
  for (const c of recorded) {
    if (wantedNames.has(c.name)) continue;
    if (collectionDrops.has(c.name)) out.dropped.push({ collection: c.name, fields: null });
    else {
      out.keptCollections.push(c);
      out.collections.push(c);
    }
  }
  return out;
}

const renameList = (renames: Rename[], collection: string) => renames.filter((r) => r.collection === collection);
