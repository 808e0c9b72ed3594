/**
 * `npm run generate`        writes the generated files and any new migration.
 * `npm run generate:check`  fails (exit 1) when the committed output is stale or a migration is due.
 * Schema problems are printed as `file#/pointer: message`, and then nothing is written.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SchemaError, formatProblem } from './errors.ts';
import { generate } from './pipeline.ts';

const args = process.argv.slice(2);
const mode = args[0] ?? 'generate';
// --root DIR: generate for another project tree (DIR/schemas → DIR/src, DIR/pb_hooks, DIR/pb_migrations).
const rootArg = args.indexOf('--root');
const root = rootArg >= 0 && args[rootArg + 1] ? resolve(args[rootArg + 1] as string) : resolve(import.meta.dirname, '..');

async function main(): Promise<number> {
  const { files, migrations } = await generate({ root });
  const stale = [...files].filter(([path, content]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== content);
  if (mode === 'check') {
    for (const [path] of stale) console.error(`stale: ${path}`);
    for (const m of migrations) console.error(`missing migration: ${m.change.kind} ${m.file.replace(/^\d+_\w+?_/, '').replace(/\.js$/, '')}`);
    if (stale.length || migrations.length) {
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
  for (const m of migrations) {
    mkdirSync(join(root, 'pb_migrations'), { recursive: true });
    writeFileSync(join(root, 'pb_migrations', m.file), m.content);
    console.log(`wrote pb_migrations/${m.file}${m.change.kind === 'deleted' ? '  (drops the collection and its records!)' : ''}`);
  }
  if (!stale.length && !migrations.length) console.log('nothing to do: generated files are up to date');
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
