/**
 * Writing the generator's output (the watch loop of `npm run dev` writes through it): only files whose
 * content changed are written, so Vite's watcher sees only real changes; generated files the schemas no
 * longer call for go; new migrations are written; memoized emitter steps give the same text again.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoByJson } from '../../../generator/memo.ts';
import { writeOutput } from '../../../generator/output.ts';
import type { GenerateResult } from '../../../generator/pipeline.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'formwork-output-'));
  dirs.push(root);
  return root;
}

const migration = (file: string) => ({ file, content: `// ${file}\n` }) as GenerateResult['migrations'][number];

describe('writeOutput', () => {
  it('writes new and changed files only, removes leftovers of the generated dirs, and writes migrations', () => {
    const root = tree();
    const files = new Map([
      ['src/generated/registry.ts', 'export const a = 1;\n'],
      ['pb_hooks/generated/services.js', 'module.exports = {};\n'],
    ]);
    expect(writeOutput(root, { files, migrations: [] })).toEqual({ written: ['src/generated/registry.ts', 'pb_hooks/generated/services.js'], removed: [], migrations: [] });
    const before = statSync(join(root, 'pb_hooks/generated/services.js')).mtimeMs;

    // A file a removed service left, and a hand-written file outside the generated dirs.
    mkdirSync(join(root, 'src/generated/forms'), { recursive: true });
    writeFileSync(join(root, 'src/generated/forms/gone.full.ts'), 'old\n');
    writeFileSync(join(root, 'src/main.tsx'), 'hand-written\n');
    files.set('src/generated/registry.ts', 'export const a = 2;\n');
    const out = writeOutput(root, { files, migrations: [migration('1795000000_updated_x.js')] });

    expect(out).toEqual({ written: ['src/generated/registry.ts'], removed: ['src/generated/forms/gone.full.ts'], migrations: ['pb_migrations/1795000000_updated_x.js'] });
    expect(readFileSync(join(root, 'src/generated/registry.ts'), 'utf8')).toBe('export const a = 2;\n');
    expect(statSync(join(root, 'pb_hooks/generated/services.js')).mtimeMs).toBe(before);
    expect(existsSync(join(root, 'src/generated/forms/gone.full.ts'))).toBe(false);
    expect(readFileSync(join(root, 'src/main.tsx'), 'utf8')).toBe('hand-written\n');
    expect(readFileSync(join(root, 'pb_migrations/1795000000_updated_x.js'), 'utf8')).toBe('// 1795000000_updated_x.js\n');

    expect(writeOutput(root, { files, migrations: [] })).toEqual({ written: [], removed: [], migrations: [] });
  });
});

describe('memoByJson', () => {
  it('runs a step once per input and again for a changed one', () => {
    const calls: string[] = [];
    const step = memoByJson((schema: { maxLength: number }, name: string) => {
      calls.push(name);
      return `${name}:${schema.maxLength}`;
    });
    expect(step({ maxLength: 10 }, 'a')).toBe('a:10');
    expect(step({ maxLength: 10 }, 'a')).toBe('a:10');
    expect(step({ maxLength: 11 }, 'a')).toBe('a:11');
    expect(calls).toEqual(['a', 'a']);
  });
});
