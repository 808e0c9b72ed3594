/**
 * Prints what `npm run generate` tells an editor for ten typical mistakes, each made alone in a copy of
 * schemas/ with the petition fixture service: `npx tsx scripts/schema-mistakes.ts [--project DIR]`.
 * --project runs another checkout's generator on that checkout's schemas (to compare two versions).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const projectArg = args.indexOf('--project');
const project = resolve(projectArg >= 0 ? (args[projectArg + 1] ?? '.') : join(import.meta.dirname, '..'));
const SVC = 'services/petition';

type Edit = (file: (path: string, change: (text: string) => string) => void) => void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each mistake reaches into a file's JSON by hand
const json = (change: (j: any) => void) => (text: string) => {
  const j = JSON.parse(text);
  change(j);
  return `${JSON.stringify(j, null, 2)}\n`;
};

const MISTAKES: [string, Edit][] = [
  ['a trailing comma', (f) => f(`${SVC}/i18n/en.json`, (t) => t.replace(/"\s*}\s*$/, '",\n}\n'))],
  ['a duplicate key', (f) => f(`${SVC}/i18n/en.json`, (t) => t.replace('"fee": "Filing fee",', '"fee": "Filing fee",\n  "title": "Petitions to the council",'))],
  ['an unknown key', (f) => f(`${SVC}/form.schema.json`, json((j) => (j.properties.topic.maxLenght = 5)))],
  ['a misspelt $ref', (f) => f(`${SVC}/form.schema.json`, json((j) => (j.properties.email.$ref = '../../common/fields.json#/definitions/emial')))],
  ['a missing translation', (f) => f(`${SVC}/i18n/uz.json`, json((j) => delete j.intro))],
  [
    'a misspelt key in English',
    (f) =>
      f(`${SVC}/i18n/en.json`, (t) => t.replace('"fields.topic.label"', '"fields.topc.label"')),
  ],
  ['a wrong ICU argument', (f) => f(`${SVC}/i18n/ru.json`, json((j) => (j.received = 'Ваша петиция {reference подана')))],
  ['a field left out of the order', (f) => f(`${SVC}/form.ui.json`, json((j) => (j['ui:order'] = j['ui:order'].filter((n: string) => n !== 'message'))))],
  ['a layout entry for a field that does not exist', (f) => f(`${SVC}/form.ui.json`, json((j) => (j.nickname = { 'ui:autocomplete': 'nickname' })))],
  ['an enum default that is not an option', (f) => f(`${SVC}/form.schema.json`, json((j) => (j.properties.topic.default = 'lights')))],
];

for (const [title, edit] of MISTAKES) {
  const root = mkdtempSync(join(tmpdir(), 'formwork-mistake-'));
  const schemas = join(root, 'schemas');
  cpSync(join(project, 'schemas'), schemas, { recursive: true });
  cpSync(join(project, 'tests/fixtures/services/petition'), join(schemas, SVC), { recursive: true });
  mkdirSync(join(root, 'pb_migrations'));
  edit((path, change) => writeFileSync(join(schemas, path), change(readFileSync(join(schemas, path), 'utf8'))));
  const run = spawnSync('npx', ['tsx', join(project, 'generator/cli.ts'), 'generate', '--root', root], { encoding: 'utf8', cwd: project });
  // A run that succeeds lists every file it wrote: what matters is that it said nothing of the mistake.
  const written = run.stdout.split('\n').filter((l) => l.startsWith('wrote ')).length;
  const out = run.status === 0 ? `(no problem reported; ${written} files written)` : (run.stderr || run.stdout).replaceAll(`${root}/`, '').trimEnd();
  const lines = out.split('\n');
  // Print at most 12 lines of each: the point is what an editor sees first.
  const shown = lines.length > 13 ? [...lines.slice(0, 12), `  … ${lines.length - 12} more lines`] : lines;
  console.log(`### ${title} (exit ${run.status})\n\n\`\`\`\n${shown.join('\n')}\n\`\`\`\n`);
  rmSync(root, { recursive: true, force: true });
}
