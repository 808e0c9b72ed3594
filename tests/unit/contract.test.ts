/**
 * The browser–server contract is said once (generator/contract.ts, site.json) and reaches each side only
 * through its generated module (src/generated/contract.ts, pb_hooks/generated/contract.js): no source
 * file writes one of its literals itself, where a change on one side would leave the other behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_FILTER, PROTOCOL } from '../../generator/contract.ts';
import { contract } from '../../src/generated/contract.ts';
import { ROOT } from '../support/pocketbase.ts';

const SOURCES = ['src', 'pb_hooks', 'shared', 'generator', 'scripts'];
const GENERATED = /^(src\/generated|pb_hooks\/generated)\//;
const OWN = new Set(['generator/contract.ts']);

function sourceFiles(): string[] {
  return SOURCES.flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .filter((name) => /\.(ts|tsx|js|mjs)$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => join(dir, name))
      .filter((path) => !GENERATED.test(path) && !OWN.has(path)),
  );
}

/** The code without its comments (which may name the contract's words): block comments, then line comments. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

/** Each literal of the protocol as code would write it: quoted, or beginning a template string. */
const LITERALS = strings(PROTOCOL);

describe('the browser–server contract', () => {
  it('is written as a literal nowhere but its source', () => {
    const found: string[] = [];
    for (const path of sourceFiles()) {
      const code = withoutComments(readFileSync(join(ROOT, path), 'utf8'));
      for (const literal of LITERALS) {
        const quoted = new RegExp(`['"\`]${literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(['"\`]|\\$\\{)`);
        if (quoted.test(code)) found.push(`${path}: ${literal}`);
      }
      // The languages as a list (the generator, which reads site.json's, knows which message files there are),
      // and the staff list's keys as a list.
      if (!path.startsWith('generator/') && /\[\s*['"]en['"]\s*,\s*['"]uz['"]/.test(code)) found.push(`${path}: the language list`);
      if (/\[\s*'q'\s*,\s*'from'\s*,\s*'to'/.test(code)) found.push(`${path}: the staff list filter's keys`);
    }
    expect(found).toEqual([]);
  });

  it('reaches the browser as the generator says it', () => {
    expect(contract).toMatchObject({ ...PROTOCOL, listFilter: LIST_FILTER });
    expect(contract.statuses.final).toContain(contract.statuses.cancelled);
    expect(contract.statuses.all[0]).toBe(contract.statuses.initial);
  });

  it('reaches the server as the browser has it', () => {
    const module = { exports: {} as unknown };
    new Function('module', readFileSync(join(ROOT, 'pb_hooks/generated/contract.js'), 'utf8'))(module);
    expect(module.exports).toEqual(JSON.parse(JSON.stringify(contract)));
  });

  it('catches a literal written by hand (the check itself works)', () => {
    const code = withoutComments("// the 'proof' field\nconst FIELD = 'proof';\n");
    expect(LITERALS.filter((l) => new RegExp(`['"\`]${l}(['"\`]|\\$\\{)`).test(code))).toEqual(['proof']);
    expect(relative(ROOT, join(ROOT, 'src'))).toBe('src');
  });
});
