/**
 * generator/cli.ts on a project tree (--root): a generated file the schemas no longer call for (the module
 * of a removed page, form or service, a message part no text is in) fails the check, and `generate`
 * removes it, so the committed output is exactly what the schemas give; a problem in the schemas
 * writes nothing at all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/pocketbase.ts';
import { copySchemas } from '../support/schemas-copy.ts';

describe('generator CLI', () => {
  it('fails the check on a generated file nothing generates any more, and generate removes it', () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    const cli = (mode: 'generate' | 'check') => spawnSync('npx', ['tsx', join(ROOT, 'generator/cli.ts'), mode, '--root', copy.root], { encoding: 'utf8' });
    expect(cli('generate').status).toBe(0);

    // What a page removed from the schemas leaves behind; and a file beside the generated trees is not touched.
    mkdirSync(join(copy.root, 'src/generated/pages'), { recursive: true });
    const left = join(copy.root, 'src/generated/pages/gone.ts');
    writeFileSync(left, 'export default { blocks: [] };\n');
    const own = join(copy.root, 'src/main.tsx');
    writeFileSync(own, '// not generated\n');

    const check = cli('check');
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('no longer generated: src/generated/pages/gone.ts');
    expect(existsSync(left)).toBe(true);

    const generate = cli('generate');
    expect(generate.status).toBe(0);
    expect(generate.stdout).toContain('removed src/generated/pages/gone.ts (no longer generated)');
    expect(existsSync(left)).toBe(false);
    expect(existsSync(own)).toBe(true);
    expect(cli('check').status).toBe(0);
    // Each run starts the generator afresh (a few seconds each on two cores).
  }, 120_000);

  it('retires a removed field, refuses a retyped one, and drops a column only when told to, saying so loudly', () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    const cli = (...extra: string[]) => spawnSync('npx', ['tsx', join(ROOT, 'generator/cli.ts'), 'generate', '--root', copy.root, ...extra], { encoding: 'utf8' });
    expect(cli().status).toBe(0);
    const migrations = () => spawnSync('ls', [copy.migrationsDir], { encoding: 'utf8' }).stdout.trim().split('\n');
    const before = migrations();
    copy.edit('services/petition/form.schema.json', (j) => {
      j.properties.topic = { type: 'integer', minimum: 1, maximum: 9, 'x-category': 'D' }; // a select no more
      delete j.properties.message;
    });
    copy.edit('services/petition/form.ui.json', (j) => (j['ui:order'] = j['ui:order'].filter((n: string) => n !== 'message')));
    copy.edit('services/petition/admin.ui.json', (j) => (j.fields = j.fields.filter((f: { name: string }) => f.name !== 'message')));
    for (const l of ['en', 'uz', 'ru']) copy.edit(`services/petition/i18n/${l}.json`, (j) => Object.keys(j).filter((k) => k.startsWith('fields.topic.options.')).forEach((k) => delete j[k]));
    // A column that cannot hold its values under the new type: refused, with the way out named, nothing written.
    const refused = cli();
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('"topic" was a select column and would now be a number column');
    expect(refused.stderr).toContain('npm run generate -- --drop petitions.topic');
    expect(migrations()).toEqual(before);
    // Told to drop it: the migration drops that column, says so, and keeps the removed field as retired.
    const dropped = cli('--drop', 'petitions.topic');
    expect(dropped.status, dropped.stderr).toBe(0);
    expect(dropped.stdout).toMatch(/wrote pb_migrations\/\d+_updated_petitions\.js/);
    expect(dropped.stdout).toContain('DROPS the column petitions.topic (select) and its values');
    expect(dropped.stdout).toContain('petitions.message is retired (hidden from the form, kept for old records)');
    expect(dropped.stdout).toContain('The running server is unchanged until `npm run deploy`');
    expect(migrations()).toHaveLength(before.length + 1);
  }, 120_000);

  it('writes nothing when the schemas have a problem', () => {
    const copy = copySchemas({ fixtures: ['petition'] });
    copy.edit('services/petition/form.schema.json', (j) => (j.properties.topic.maxLenght = 5));
    const run = spawnSync('npx', ['tsx', join(ROOT, 'generator/cli.ts'), 'generate', '--root', copy.root], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('nothing was written');
    // file:line:column, which editors' terminals turn into a link to the place.
    expect(run.stderr).toContain('schemas/services/petition/form.schema.json:26:7: not supported here: maxLenght (did you mean maxLength?');
    expect(existsSync(join(copy.root, 'src'))).toBe(false);
    expect(existsSync(join(copy.root, 'pb_hooks'))).toBe(false);
    expect(spawnSync('ls', [copy.migrationsDir], { encoding: 'utf8' }).stdout.trim()).toBe('');
  });
});
