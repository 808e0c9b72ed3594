/**
 * POST /studio-api/save: the service's files written (format.ts's text, so unchanged parts keep their
 * layout), then the generator run on the project exactly as `npm run generate -- --drop …` runs it:
 * generated files, new migrations, and the same report. Nothing is written while the draft has a problem.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SchemaError } from '../../generator/errors.ts';
import { writeOutput } from '../../generator/output.ts';
import { generate } from '../../generator/pipeline.ts';
import { writeReport } from '../../generator/report.ts';
import { SERVICE_FILES, type ServiceDraft } from '../model/document.ts';
import type { Analyser } from './analysis.ts';
import type { PlanChoices, Problem, SaveResponse } from './api.ts';
import { toProblem } from './analysis.ts';
import { dropColumns } from './choices.ts';
import { analyseWithChoices } from './plan.ts';
import { RequestError, serviceDir, servicePath } from './project.ts';

/** Refused because the draft has problems: 409, with them. */
export class ProblemsError extends RequestError {
  constructor(readonly problems: Problem[]) {
    super(409, `the draft has ${problems.length} problem(s); nothing was written`);
  }
}

export async function save(root: string, analyser: Analyser, draft: ServiceDraft, choices: PlanChoices): Promise<SaveResponse> {
  const result = await analyseWithChoices(analyser, draft, choices);
  if (result.problems.length) throw new ProblemsError(result.problems);
  const id = result.draft.id;
  const written: string[] = [];
  for (const file of SERVICE_FILES) {
    if (result.texts[file] === result.disk[file]) continue;
    const path = join(serviceDir(root, id), file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, result.texts[file]);
    written.push(servicePath(id, file));
  }
  analyser.forget();
  const collection = String((result.draft.files['service.json'] as { collection?: unknown }).collection ?? '');
  let generated;
  try {
    generated = await generate({ root, drop: dropColumns(collection, choices.drop) });
  } catch (err) {
    // Only when another hand changed schemas/ between the check and now: said as a check would say it.
    if (err instanceof SchemaError) throw new ProblemsError(err.problems.map((p) => toProblem(id, p)));
    throw err;
  }
  const out = writeOutput(root, generated);
  const db = join(root, 'pb_data', 'data.db');
  let log: string[];
  try {
    log = writeReport(generated, out, existsSync(db) ? db : undefined);
  } catch {
    // The database could not be counted in (no sqlite3, or a collection it does not have yet): said without counts.
    log = writeReport(generated, out);
  }
  return { written: [...written, ...out.written], migrations: out.migrations, log };
}
