/**
 * load → validate → model → emit. Returns every file the schemas imply, plus the migrations the
 * schemas need beyond the ones already written. Writes nothing itself (see cli.ts).
 * `analyse()` is the first half alone (every check the generator makes, nothing emitted): the studio
 * runs it on each edit (studio/server/check.ts), where emitting every file would cost seconds.
 */
import { join } from 'node:path';
import { Problems } from './errors.ts';
import { loadSchemas, type SchemaSources } from './load.ts';
import { buildModel } from './model/build.ts';
import type { SiteModel } from './model/types.ts';
import { validateSources } from './validate.ts';
import { checkOrphanTexts } from './model/orphanTexts.ts';
import { emitRegistry, type Files } from './emit/registry.ts';
import { emitServer } from './emit/server.ts';
import { emitMail } from './emit/mail.ts';
import { emitPdf } from './emit/pdf.ts';
import { emitStaffTexts } from './emit/staffTexts.ts';
import { emitStories } from './emit/stories.ts';
import { emitFormTypes } from './emit/formTypes.ts';
import { emitContract } from './emit/contract.ts';
import { planMigrations, recordedCollections, type PlannedMigration } from './emit/migrations.ts';
import { emitRetired } from './emit/retired.ts';
import { columnClashes, sealedName, siteCollections } from './transform/collections.ts';
import { reconcileCollections, type Reconciled, type Rename, type Rewrite } from './transform/retire.ts';
import { statusAfter } from './model/workflow.ts';

export interface GenerateOptions {
  root: string;
  /** Defaults to <root>/schemas. */
  schemasDir?: string;
  /** Defaults to <root>/pb_migrations. */
  migrationsDir?: string;
  now?: number;
  /**
   * Columns (`<collection>.<field>`) and collections (`<collection>`) to drop with their values; anything
   * else the schemas no longer name is kept (transform/retire.ts).
   */
  drop?: string[];
}

/** What the checks found the schemas to mean: the model, and the database reconciled with it. */
export interface Analysis {
  sources: SchemaSources;
  model: SiteModel;
  /** What the database keeps beside the schemas, and what `drop` removes. */
  reconciled: Reconciled;
  migrationsDir: string;
}

export interface GenerateResult {
  model: SiteModel;
  files: Files;
  migrations: PlannedMigration[];
  /** What the database keeps beside the schemas, and what `drop` removes. */
  reconciled: Reconciled;
}

/** Each declared rename (x-renamed-from); a sensitive field's sealed copy is renamed with it. */
function renamesOf(model: SiteModel): Rename[] {
  return model.services.flatMap((s) =>
    s.fields.flatMap((f) => {
      const from = f.schema['x-renamed-from'];
      if (!from) return [];
      const rename = { collection: s.collection, from, to: f.name };
      return f.traits.sensitive ? [rename, { collection: s.collection, from: sealedName(from), to: sealedName(f.name) }] : [rename];
    }),
  );
}

/**
 * Each service's status column: a stored status the service no longer has is rewritten through its
 * workflow's `from` (else to its first status), not kept: the server owns the column, and a status no
 * move leads from would strand the application.
 */
function statusRewrites(model: SiteModel): Rewrite[] {
  return model.services.map((s) => ({ collection: s.collection, field: 'status', to: statusAfter(s.workflow, s.statusFrom) }));
}

/** load → validate → model → reconcile: every check, nothing emitted. Throws SchemaError with every problem found. */
export async function analyse(options: GenerateOptions): Promise<Analysis> {
  const { root } = options;
  const schemasDir = options.schemasDir ?? join(root, 'schemas');
  const problems = new Problems();
  const sources = loadSchemas(root, schemasDir, problems);
  problems.throwIfAny();
  validateSources(sources, problems);
  problems.throwIfAny();
  const model = await buildModel(sources, problems);
  model.services.forEach((s, i) => {
    for (const name of columnClashes(s, model)) {
      problems.add(sources.services[i]!.form.path, `/properties/${name}`, `"${name}" is a column the server keeps beside the form's fields; name the field otherwise`);
    }
  });
  problems.throwIfAny();
  // What the database already holds: retired columns stay, declared renames keep their values.
  const migrationsDir = options.migrationsDir ?? join(root, 'pb_migrations');
  const recorded = recordedCollections(migrationsDir);
  const reconciled = reconcileCollections(recorded.collections, siteCollections(model), renamesOf(model), options.drop, recorded.formerNames, statusRewrites(model));
  model.services.forEach((s, i) => {
    for (const p of reconciled.problems.filter((x) => x.collection === s.collection)) {
      // A sealed copy's rename fails with its field's, which is reported already.
      if (p.field.endsWith('Sealed') && reconciled.problems.some((x) => x.collection === p.collection && sealedName(x.field) === p.field)) continue;
      problems.add(sources.services[i]!.form.path, `/properties/${p.field}/${p.keyword}`, p.message);
    }
    const retired = reconciled.retired.get(s.collection) ?? [];
    s.retired = retired.map((f) => ({ name: f.name, type: f.type, hidden: f.hidden === true, several: f.type === 'file' && Number(f.maxSelect ?? 1) > 1 }));
    s.keptOptions = reconciled.keptValues.get(s.collection) ?? {};
  });
  // Texts of fields, options, variants and steps the services no longer have (a retired field's stay).
  checkOrphanTexts(model.services, sources, problems);
  problems.throwIfAny();
  return { sources, model, reconciled, migrationsDir };
}

/** The migrations the analysed schemas need beyond the ones already written. */
export function migrationsOf({ model, reconciled, migrationsDir }: Analysis, now?: number): PlannedMigration[] {
  return planMigrations(migrationsDir, reconciled.collections, now, { rewrites: reconciled.rewrites, trash: model.trashCollection });
}

/** Every file the analysed schemas imply, and the migrations they need. */
export async function emit(analysis: Analysis, now?: number): Promise<GenerateResult> {
  const { model, reconciled } = analysis;
  const files: Files = new Map([
    ...emitRegistry(model),
    ...emitServer(model),
    ...emitMail(model),
    ...(await emitPdf(model)),
    ...emitStaffTexts(model),
    ...emitStories(model),
    ...emitContract(model),
    ...(await emitFormTypes(model)),
    ...emitRetired(model, reconciled),
  ]);
  return { model, files, migrations: migrationsOf(analysis, now), reconciled };
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  return emit(await analyse(options), options.now);
}
