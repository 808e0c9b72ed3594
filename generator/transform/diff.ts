/**
 * The difference between the collections recorded by earlier migrations and the ones the schemas
 * describe now. Pure: snapshots in, a list of changes out; emit/migrations.ts turns each change into a
 * migration file with an up and a down step.
 */
import { isDeepStrictEqual } from 'node:util';
import type { PbCollection, PbField } from './collections.ts';

export const COLLECTION_PROPS = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule', 'indexes', 'options'] as const;

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
    };

const byFieldId = (c: PbCollection): PbCollection => ({ ...c, fields: [...c.fields].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) });

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
    // The same fields in another order (properties reordered in a form) change no column: no migration.
    if (isDeepStrictEqual(byFieldId(old), byFieldId(c))) continue;
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
    });
  }
  for (const c of recorded) if (!after.has(c.name)) changes.push({ kind: 'deleted', before: c });
  return changes;
}
