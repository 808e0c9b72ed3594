/**
 * The difference between the collections recorded by earlier migrations and the ones the schemas
 * describe now. Pure: snapshots in, a list of changes out; emit/migrations.ts turns each change into a
 * migration file with an up and a down step.
 */
import { isDeepStrictEqual } from 'node:util';
import type { PbCollection, PbField } from './collections.ts';

export const COLLECTION_PROPS = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule', 'indexes', 'options'] as const;

/**
 * Puts a field right after another (`after`, a field name; null: first, after the `id` PocketBase
 * keeps first), with PocketBase's `fields.addAt`, as its own migrations do. A field the collection
 * already has is moved there (`field` is then the one it has once the migration's other steps ran).
 */
export interface FieldPlacement {
  after: string | null;
  field: PbField;
  existing: boolean;
}

export type CollectionChange =
  | { kind: 'created'; after: PbCollection }
  | { kind: 'deleted'; before: PbCollection }
  | {
      kind: 'updated';
      before: PbCollection;
      after: PbCollection;
      props: { name: string; before: unknown; after: unknown }[];
      added: PbField[];
      removed: PbField[];
      changed: { before: PbField; after: PbField }[];
      /** The up step's placements, in order: the added fields, or every field when the order changed. */
      placeUp: FieldPlacement[];
      /** The down step's: the removed fields back at their places, or every field back in the old order. */
      placeDown: FieldPlacement[];
    };

const ids = (fields: PbField[]) => fields.map((f) => f.id);

/**
 * The placements that turn `from`'s fields into `to`'s order: only the new fields when the kept ones
 * keep their order, else every field, first to last. Each goes right after its predecessor in `to`, so
 * the order comes out right whatever PocketBase keeps beside them (an auth collection's own fields).
 */
function placements(from: PbField[], to: PbField[]): FieldPlacement[] {
  const had = new Set(ids(from));
  const has = new Set(ids(to));
  const keptOrder = isDeepStrictEqual(
    ids(from).filter((id) => has.has(id)),
    ids(to).filter((id) => had.has(id)),
  );
  return to.flatMap((field, i) =>
    keptOrder && had.has(field.id) ? [] : [{ after: i === 0 ? null : (to[i - 1]?.name ?? null), field, existing: had.has(field.id) }],
  );
}

export function diffCollections(recorded: PbCollection[], wanted: PbCollection[]): CollectionChange[] {
  const changes: CollectionChange[] = [];
  const before = new Map(recorded.map((c) => [c.name, c]));
  const after = new Map(wanted.map((c) => [c.name, c]));
  for (const c of wanted) {
    const old = before.get(c.name);
    if (!old) {
      changes.push({ kind: 'created', after: c });
      continue;
    }
    // The order counts too: the collection keeps the form's order (PocketBase's dashboard shows it).
    if (isDeepStrictEqual(old, c)) continue;
    const oldFields = new Map(old.fields.map((f) => [f.id, f]));
    const newFields = new Map(c.fields.map((f) => [f.id, f]));
    changes.push({
      kind: 'updated',
      before: old,
      after: c,
      props: COLLECTION_PROPS.filter((p) => !isDeepStrictEqual(old[p], c[p])).map((p) => ({ name: p, before: old[p] ?? null, after: c[p] ?? null })),
      added: c.fields.filter((f) => !oldFields.has(f.id)),
      removed: old.fields.filter((f) => !newFields.has(f.id)),
      changed: c.fields
        .filter((f) => oldFields.has(f.id) && !isDeepStrictEqual(oldFields.get(f.id), f))
        .map((f) => ({ before: oldFields.get(f.id) as PbField, after: f })),
      placeUp: placements(old.fields, c.fields),
      placeDown: placements(c.fields, old.fields),
    });
  }
  for (const c of recorded) if (!after.has(c.name)) changes.push({ kind: 'deleted', before: c });
  return changes;
}
