/**
 * What `npm run generate` says after writing: each file written or removed, each new migration, what a
 * `--drop` loses, each column kept for old records and how to drop it. One function, so the studio's save
 * (studio/server/save.ts) tells the editor exactly what the command line would.
 */
import { dropReport } from './dataLoss.ts';
import { RETIRED_FILE } from './emit/retired.ts';
import type { Written } from './output.ts';
import type { GenerateResult } from './pipeline.ts';

export function writeReport({ migrations, reconciled }: Pick<GenerateResult, 'migrations' | 'reconciled'>, { written, removed, migrations: wroteMigrations }: Written, db?: string): string[] {
  const lines: string[] = [];
  for (const path of written) lines.push(`wrote ${path}`);
  for (const path of removed) lines.push(`removed ${path} (no longer generated)`);
  for (const path of wroteMigrations) lines.push(`wrote ${path}`);
  for (const line of dropReport(reconciled.dropped, db)) lines.push(`  ${line}`);
  if (written.includes(RETIRED_FILE)) {
    for (const [collection, columns] of reconciled.retired) {
      for (const c of columns.filter((x) => !x.hidden)) {
        lines.push(`  kept: ${collection}.${c.name} is retired (hidden from the form, kept for old records); drop it with \`npm run generate -- --drop ${collection}.${c.name}\``);
      }
    }
    for (const c of reconciled.keptCollections) lines.push(`  kept: the collection ${c.name} (its service is gone); drop it with \`npm run generate -- --drop ${c.name}\``);
  }
  if (migrations.length) lines.push('The running server is unchanged until `npm run deploy` (docs/operations.md).');
  if (!written.length && !removed.length && !migrations.length) lines.push('nothing to do: generated files are up to date');
  return lines;
}
