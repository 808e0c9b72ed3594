/**
 * POST /studio-api/plan: what Save would do, before it does it. The service's files that change (with a
 * unified diff), the migrations the change produces (generator/emit/migrations.ts, as `npm run generate`
 * would write them), the fields the draft removes and what the choices make of them (retired, renamed or
 * dropped), and, where the project has a database (<root>/pb_data/data.db), how many records hold a
 * value each drop would lose (generator/dataLoss.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_HEADERS_ONLY, createTwoFilesPatch } from 'diff';
import { valueCounts } from '../../generator/dataLoss.ts';
import { recordedCollections } from '../../generator/emit/migrations.ts';
import { migrationsOf, type Analysis } from '../../generator/pipeline.ts';
import type { PbField } from '../../generator/transform/collections.ts';
import type { CollectionChange } from '../../generator/transform/diff.ts';
import { SERVICE_FILES, type ServiceDraft, type ServiceFile } from '../model/document.ts';
import type { Analyser, DraftAnalysis } from './analysis.ts';
import type { FileChange, PlanChoices, PlanResponse, RemovedField } from './api.ts';
import { formFieldNames } from './catalogue.ts';
import { dropColumns, withRenames } from './choices.ts';
import { servicePath } from './project.ts';

/** The draft with the choices applied, analysed as Save would write it. */
export async function analyseWithChoices(analyser: Analyser, draft: ServiceDraft, choices: PlanChoices): Promise<DraftAnalysis & { draft: ServiceDraft }> {
  const renamed = withRenames(draft, choices.renames);
  const collection = String((draft.files['service.json'] as { collection?: unknown }).collection ?? '');
  const result = await analyser.run(renamed, dropColumns(collection, choices.drop));
  return { ...result, draft: renamed };
}

/** Each of the service's files that the draft changes, with its diff. */
export function fileChanges(id: string, texts: Record<ServiceFile, string>, disk: Partial<Record<ServiceFile, string>>): FileChange[] {
  return SERVICE_FILES.flatMap((file) => {
    const before = disk[file] ?? null;
    const after = texts[file];
    if (before === after) return [];
    const path = servicePath(id, file);
    const diff = createTwoFilesPatch(before === null ? '/dev/null' : `a/${path}`, `b/${path}`, before ?? '', after, undefined, undefined, { context: 3, headerOptions: FILE_HEADERS_ONLY });
    return [{ path, before, after, diff }];
  });
}

/** The migration's changes, one English line each. */
function summarise(change: CollectionChange, retired: Set<string>): string[] {
  if (change.kind === 'created') return [`creates the collection ${change.after.name} with ${change.after.fields.length} columns`];
  if (change.kind === 'deleted') return [`deletes the collection ${change.before.name} and every record in it`];
  const c = change.after.name;
  return [
    ...change.added.map((f) => `adds the column ${c}.${f.name} (${f.type})`),
    ...change.changed.map(({ before, after }) =>
      before.name !== after.name
        ? `renames the column ${c}.${before.name} to ${after.name}, keeping its values`
        : retired.has(after.name)
          ? `retires the column ${c}.${after.name}: no longer on the form, kept with its values for old records`
          : `changes the column ${c}.${after.name} (${after.type})`,
    ),
    ...change.removed.map((f) => `DROPS the column ${c}.${f.name} (${f.type}) and its values`),
    ...(change.placeUp.some((p) => p.existing) ? [`puts the columns of ${c} in the form's new order`] : []),
    ...change.props.map((p) => `changes the collection's ${p.name}`),
  ];
}

/** Records holding a value in each column, where the project has a database to count in. */
function counted(root: string, collection: string, fields: PbField[]): (f: PbField) => Pick<RemovedField, 'values' | 'records'> {
  const db = join(root, 'pb_data', 'data.db');
  if (!existsSync(db) || fields.length === 0) return () => ({});
  try {
    const { records, values } = valueCounts(db, collection, fields);
    return (f) => ({ values: values[f.name] ?? 0, records });
  } catch {
    // No sqlite3 command, or a database without the collection yet (never deployed): nothing to count.
    return () => ({});
  }
}

/**
 * The plan of a draft without problems. `original` is the draft before the choices were applied: a field
 * it lacks that the form on disk has is removed, whatever the choices then make of it (the save dialog
 * asks about each).
 */
export function planOf(root: string, original: ServiceDraft, result: DraftAnalysis & { draft: ServiceDraft; analysis: Analysis }): Omit<PlanResponse, 'problems'> {
  const { draft, analysis } = result;
  const collection = String((draft.files['service.json'] as { collection?: unknown }).collection ?? '');
  const diskForm = result.disk['form.schema.json'];
  const kept = new Set(formFieldNames(original.files['form.schema.json']));
  const gone = new Set(formFieldNames(diskForm === undefined ? {} : JSON.parse(diskForm)).filter((name) => !kept.has(name)));
  // Only a field that has a column holds values to keep or lose (one never migrated has none).
  const columns = recordedCollections(analysis.migrationsDir).collections.find((c) => c.name === collection)?.fields ?? [];
  const removed = columns.filter((f) => gone.has(f.name) && !f.hidden);
  const retired = (analysis.reconciled.retired.get(collection) ?? []).filter((f) => gone.has(f.name) && !f.hidden);
  const dropped = analysis.reconciled.dropped.find((d) => d.collection === collection)?.fields?.filter((f) => !f.hidden) ?? [];
  const count = counted(root, collection, [...removed, ...dropped.filter((f) => !gone.has(f.name))]);
  const describe = (f: PbField): RemovedField => ({ field: f.name, column: `${collection}.${f.name}`, type: f.type, ...count(f) });
  const retiredNames = new Set((analysis.reconciled.retired.get(collection) ?? []).map((f) => f.name));
  return {
    files: fileChanges(draft.id, result.texts, result.disk),
    migrations: migrationsOf(analysis).map((m) => ({ file: m.file, kind: m.change.kind, summary: summarise(m.change, retiredNames) })),
    removed: removed.map(describe),
    retired: retired.map(describe),
    dropped: dropped.map(describe),
  };
}
