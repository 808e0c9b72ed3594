/**
 * generator/cli.ts on a project tree (--root): a generated file the schemas no longer call for (the module
 * of a removed page, form or service, a message part no text is in) fails the check, and `generate`
 * removes it, so the committed output is exactly what the schemas give.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/pocketbase.ts';
import { copySchemas } from '../../support/schemas-copy.ts';

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
});
