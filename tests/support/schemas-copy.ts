/**
 * A throw-away copy of the project's schemas/ (and an empty migrations folder), optionally with the
 * fixture services added, so tests can change schemas and run the real generator on them.
 */
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './pocketbase.ts';

export interface SchemasCopy {
  root: string;
  schemasDir: string;
  migrationsDir: string;
  readJson(path: string): any;
  writeJson(path: string, value: unknown): void;
  edit(path: string, change: (json: any) => void): void;
}

export function copySchemas(options: { fixtures?: string[]; withoutServices?: boolean } = {}): SchemasCopy {
  const root = mkdtempSync(join(tmpdir(), 'formwork-schemas-'));
  const schemasDir = join(root, 'schemas');
  const migrationsDir = join(root, 'pb_migrations');
  cpSync(join(ROOT, 'schemas'), schemasDir, { recursive: true, filter: (src) => !(options.withoutServices && /schemas\/services\/.+/.test(src)) });
  mkdirSync(join(schemasDir, 'services'), { recursive: true });
  mkdirSync(migrationsDir, { recursive: true });
  for (const id of options.fixtures ?? []) cpSync(join(ROOT, 'tests/fixtures/services', id), join(schemasDir, 'services', id), { recursive: true });
  const readJson = (path: string) => JSON.parse(readFileSync(join(schemasDir, path), 'utf8'));
  const writeJson = (path: string, value: unknown) => writeFileSync(join(schemasDir, path), `${JSON.stringify(value, null, 2)}\n`);
  return {
    root,
    schemasDir,
    migrationsDir,
    readJson,
    writeJson,
    edit: (path, change) => {
      const json = readJson(path);
      change(json);
      writeJson(path, json);
    },
  };
}
