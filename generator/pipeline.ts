/**
 * load → validate → model → emit. Returns every file the schemas imply, plus the migrations the
 * schemas need beyond the ones already written. Writes nothing itself (see cli.ts).
 */
import { join } from 'node:path';
import { Problems } from './errors.ts';
import { loadSchemas } from './load.ts';
import { buildModel } from './model/build.ts';
import type { SiteModel } from './model/types.ts';
import { validateSources } from './validate.ts';
import { emitRegistry, type Files } from './emit/registry.ts';
import { emitServer } from './emit/server.ts';
import { emitMail } from './emit/mail.ts';
import { emitStories } from './emit/stories.ts';
import { emitFormTypes } from './emit/formTypes.ts';
import { emitContract } from './emit/contract.ts';
import { planMigrations, type PlannedMigration } from './emit/migrations.ts';
import { columnClashes, siteCollections } from './transform/collections.ts';

export interface GenerateOptions {
  root: string;
  /** Defaults to <root>/schemas. */
  schemasDir?: string;
  /** Defaults to <root>/pb_migrations. */
  migrationsDir?: string;
  now?: number;
}

export interface GenerateResult {
  model: SiteModel;
  files: Files;
  migrations: PlannedMigration[];
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
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
  const files: Files = new Map([...emitRegistry(model), ...emitServer(model), ...emitMail(model), ...emitStories(model), ...emitContract(model), ...(await emitFormTypes(model))]);
  const migrations = planMigrations(options.migrationsDir ?? join(root, 'pb_migrations'), siteCollections(model), options.now);
  return { model, files, migrations };
}
