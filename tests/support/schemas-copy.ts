/**
 * A throw-away copy of the project's schemas/ (and an empty migrations folder), optionally with the
 * fixture services added, so tests can change schemas and run the real generator on them.
 */
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchemaError, type SchemaProblem } from '../../generator/errors.ts';
import { generate, type GenerateOptions, type GenerateResult } from '../../generator/pipeline.ts';
import { ROOT } from './pocketbase.ts';

export interface SchemasCopy {
  root: string;
  schemasDir: string;
  migrationsDir: string;
  readJson(path: string): any;
  writeJson(path: string, value: unknown): void;
  edit(path: string, change: (json: any) => void): void;
}

/**
 * withoutServices: a site of the fixtures alone. The real pages and the site's header and footer link
 * to the real services, so they go too (a link to a missing route is a schema error), and so does the
 * page each product names for after its payment.
 */
export function copySchemas(options: { fixtures?: string[]; withoutServices?: boolean } = {}): SchemasCopy {
  const root = mkdtempSync(join(tmpdir(), 'formwork-schemas-'));
  const schemasDir = join(root, 'schemas');
  const migrationsDir = join(root, 'pb_migrations');
  cpSync(join(ROOT, 'schemas'), schemasDir, { recursive: true, filter: (src) => !(options.withoutServices && /schemas\/(services|pages)\/.+/.test(src)) });
  // The site's static files too: site.json's logo names one of them, and the generator checks it is there.
  cpSync(join(ROOT, 'public'), join(root, 'public'), { recursive: true });
  mkdirSync(join(schemasDir, 'services'), { recursive: true });
  mkdirSync(join(schemasDir, 'pages'), { recursive: true });
  mkdirSync(migrationsDir, { recursive: true });
  if (options.withoutServices) {
    const sitePath = join(schemasDir, 'site.json');
    const site = JSON.parse(readFileSync(sitePath, 'utf8'));
    // A product's page after payment goes with the pages.
    const products = Object.fromEntries(Object.entries(site.products ?? {}).map(([id, { paid: _paid, ...product }]: [string, any]) => [id, product]));
    writeFileSync(sitePath, `${JSON.stringify({ ...site, header: [], footer: [], products }, null, 2)}\n`);
  }
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

/** The real generator on a copy: what it made, or the problems it refused the schemas with (result then undefined). */
export async function generateCopy(copy: SchemasCopy, options: Partial<GenerateOptions> = {}): Promise<{ problems: SchemaProblem[]; result?: GenerateResult }> {
  try {
    return { problems: [], result: await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, ...options }) };
  } catch (err) {
    if (err instanceof SchemaError) return { problems: err.problems };
    throw err;
  }
}
