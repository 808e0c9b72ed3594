/**
 * `npm run generate`        writes the generated files and any new migration, and removes generated files
 *                           the schemas no longer call for (a removed form, page or service).
 * `npm run generate:check`  fails (exit 1) when the committed output is stale or a migration is due.
 * Schema problems are printed as `file:line:column: message` (a link in editors' terminals), and then
 * nothing is written.
 *
 * Nothing the database holds is lost by default: a field removed from a form is retired (its column kept,
 * listed in src/generated/retired.json), a removed service's collection is kept.
 * `--drop <collection>.<field>` / `--drop <collection>` (repeatable) drop them with their values, and
 * `--db pb_data/data.db` counts first what would be lost there.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SchemaError, formatLocated } from './errors.ts';
import { leftovers, staleFiles, writeOutput } from './output.ts';
import { generate } from './pipeline.ts';
import { writeReport } from './report.ts';
import { UsageError } from './transform/retire.ts';

const args = process.argv.slice(2);
const mode = args[0] ?? 'generate';
// --root DIR: generate for another project tree (DIR/schemas → DIR/src, DIR/pb_hooks, DIR/pb_migrations).
const rootArg = args.indexOf('--root');
const root = rootArg >= 0 && args[rootArg + 1] ? resolve(args[rootArg + 1] as string) : resolve(import.meta.dirname, '..');
const valuesOf = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1] as string] : []));
const drop = valuesOf('--drop');
const db = valuesOf('--db')[0];

async function main(): Promise<number> {
  if (mode === 'check' && drop.length) throw new UsageError('--drop writes a migration: use it with `npm run generate`, not with the check');
  if (db && !existsSync(db)) throw new UsageError(`--db ${db}: no such file`);
  const { files, migrations, reconciled } = await generate({ root, drop });
  if (mode === 'check') {
    const stale = staleFiles(root, files);
    const left = leftovers(root, files);
    for (const path of stale) console.error(`stale: ${path}`);
    for (const path of left) console.error(`no longer generated: ${path}`);
    for (const m of migrations) console.error(`missing migration: ${m.change.kind} ${m.file.replace(/^\d+_\w+?_/, '').replace(/\.js$/, '')}`);
    if (stale.length || left.length || migrations.length) {
      console.error('Generated files are out of date: run `npm run generate` and commit the result.');
      return 1;
    }
    console.log(`generated files are up to date (${files.size} files)`);
    return 0;
  }
  for (const line of writeReport({ migrations, reconciled }, writeOutput(root, { files, migrations }), db)) console.log(line);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}; nothing was written.`);
      return process.exit(2);
    }
    if (err instanceof SchemaError) {
      console.error(`The schemas have ${err.problems.length} problem(s); nothing was written:`);
      for (const p of err.problems) console.error(`  ${formatLocated(p)}`);
      return process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
