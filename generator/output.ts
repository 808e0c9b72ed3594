/**
 * Writing what the generator produced into a project tree: the files whose content changed, the removal
 * of generated files the schemas no longer call for, and the new migrations. The watch loop of
 * `npm run dev` (scripts/dev/) writes through here; it reports what it wrote so the caller can say so.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { GenerateResult } from './pipeline.ts';

/**
 * The directories that hold only the generator's output: a file there that it no longer writes is left
 * from a form, page, service or message part the schemas no longer have.
 */
export const GENERATED_DIRS = ['src/generated', 'pb_hooks/generated', 'stories/generated'];

/** Generated files (paths relative to `root`, with `/`) that are missing or differ from what the schemas imply. */
export function staleFiles(root: string, files: GenerateResult['files']): string[] {
  return [...files].filter(([path, content]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== content).map(([path]) => path);
}

/** Files under the generated directories that the generator no longer writes. */
export function leftovers(root: string, files: GenerateResult['files']): string[] {
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

export interface Written {
  /** Generated files written, relative to the root. */
  written: string[];
  /** Generated files removed, relative to the root. */
  removed: string[];
  /** New migrations, relative to the root (pb_migrations/…). */
  migrations: string[];
}

/** Writes what changed; an unchanged file is not touched, so watchers see only real changes. */
export function writeOutput(root: string, result: Pick<GenerateResult, 'files' | 'migrations'>): Written {
  const written = staleFiles(root, result.files);
  const removed = leftovers(root, result.files);
  for (const path of written) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), result.files.get(path) as string);
  }
  for (const path of removed) rmSync(join(root, path));
  const migrations = result.migrations.map((m) => {
    mkdirSync(join(root, 'pb_migrations'), { recursive: true });
    writeFileSync(join(root, 'pb_migrations', m.file), m.content);
    return `pb_migrations/${m.file}`;
  });
  return { written, removed, migrations };
}
