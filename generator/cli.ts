/**
 * `npm run generate`        writes the generated files and any new migration, and removes generated files
 *                           the schemas no longer call for (a removed form, page or service).
 * `npm run generate:check`  fails (exit 1) when the committed output is stale or a migration is due.
 * Schema problems are printed as `file#/pointer: message`, and then nothing is written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { SchemaError, formatProblem } from './errors.ts';
import { generate } from './pipeline.ts';
import type { PlannedMigration } from './emit/migrations.ts';

const args = process.argv.slice(2);
const mode = args[0] ?? 'generate';
// --root DIR: generate for another project tree (DIR/schemas → DIR/src, DIR/pb_hooks, DIR/pb_migrations).
const rootArg = args.indexOf('--root');
const root = rootArg >= 0 && args[rootArg + 1] ? resolve(args[rootArg + 1] as string) : resolve(import.meta.dirname, '..');

/**
 * The directories that hold only the generator's output: a file there that it no longer writes is left
 * from a form, page, service or message part the schemas no longer have.
 */
const GENERATED_DIRS = ['src/generated', 'pb_hooks/generated', 'stories/generated'];

function leftovers(files: Map<string, string>): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else {
        const generated = relative(root, path).split(sep).join('/');
        if (!files.has(generated)) found.push(generated);
      }
    }
  };
  for (const dir of GENERATED_DIRS) visit(join(root, dir));
  return found.sort();
}

/**
 * What a migration throws away, said where the editor sees it. A field's column is known by its name
 * and type, so a renamed field, or one whose type changed, is a new empty column and the old one goes
 * with its values: the migration file is the place to stop that (edit it before it is applied).
 */
function dataLoss(change: PlannedMigration['change']): string {
  if (change.kind === 'deleted') return '  (drops the collection and its records!)';
  if (change.kind !== 'updated' || change.removed.length === 0) return '';
  const names = change.removed.map((f) => f.name);
  const retyped = names.filter((n) => change.added.some((f) => f.name === n));
  return (
    `  (drops the column${names.length > 1 ? 's' : ''} ${names.join(', ')} of ${change.after.name} and their values!` +
    (retyped.length ? ` ${retyped.join(', ')} changed type: a new, empty column replaces the old one` : ' A renamed field is a new, empty column') +
    ')'
  );
}

async function main(): Promise<number> {
  const { files, migrations } = await generate({ root });
  const stale = [...files].filter(([path, content]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== content);
  const left = leftovers(files);
  if (mode === 'check') {
    for (const [path] of stale) console.error(`stale: ${path}`);
    for (const path of left) console.error(`no longer generated: ${path}`);
    for (const m of migrations) console.error(`missing migration: ${m.change.kind} ${m.file.replace(/^\d+_\w+?_/, '').replace(/\.js$/, '')}`);
    if (stale.length || left.length || migrations.length) {
      console.error('Generated files are out of date: run `npm run generate` and commit the result.');
      return 1;
    }
    console.log(`generated files are up to date (${files.size} files)`);
    return 0;
  }
  for (const [path, content] of stale) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
  for (const path of left) {
    rmSync(join(root, path));
    console.log(`removed ${path} (no longer generated)`);
  }
  for (const m of migrations) {
    mkdirSync(join(root, 'pb_migrations'), { recursive: true });
    writeFileSync(join(root, 'pb_migrations', m.file), m.content);
    console.log(`wrote pb_migrations/${m.file}${dataLoss(m.change)}`);
  }
  if (!stale.length && !left.length && !migrations.length) console.log('nothing to do: generated files are up to date');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof SchemaError) {
      console.error(`The schemas have ${err.problems.length} problem(s); nothing was written:`);
      for (const p of err.problems) console.error(`  ${formatProblem(p)}`);
      return process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
