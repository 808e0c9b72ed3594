/**
 * A build takes react-router's production files (vite.config.ts), which its package exports do not name.
 * That stays right only while those files are what the package ships as production: the same exports as the
 * development entries, and the development chunk with its warnings switched off and nothing else changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Alias, UserConfig } from 'vite';
import viteConfig from '../../../vite.config.ts';

type ConfigFn = (env: { command: 'build' | 'serve'; mode: string }) => UserConfig;
const aliasesFor = (command: 'build' | 'serve') => (viteConfig as ConfigFn)({ command, mode: 'production' }).resolve!.alias as Alias[];
const replacementOf = (aliases: Alias[], specifier: string) =>
  aliases.find((a) => (a.find instanceof RegExp ? a.find.test(specifier) : a.find === specifier))?.replacement;

/** The names a module's final `export { … }` lists. */
const exportedNames = (file: string) => {
  const text = readFileSync(file, 'utf8');
  const block = [...text.matchAll(/^export \{([^}]*)\};?$/gm)].at(-1)?.[1] ?? '';
  return block
    .split(',')
    .map((s) =>
      s
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!,
    )
    .filter(Boolean)
    .sort();
};

describe("react-router's production build", () => {
  const build = aliasesFor('build');
  const index = replacementOf(build, 'react-router')!;
  const dom = replacementOf(build, 'react-router/dom')!;
  const production = dirname(index);
  const development = join(production, '..', 'development');

  it('is what a build resolves both entries to, and development serving keeps the package as exported', () => {
    expect(index).toMatch(/react-router[/\\]dist[/\\]production[/\\]index\.mjs$/);
    expect(dom).toBe(join(production, 'dom-export.mjs'));
    // react-router-dom re-exports both, so nothing else names the package's own files.
    expect(replacementOf(build, 'react-router-dom')).toBeUndefined();
    expect(replacementOf(aliasesFor('serve'), 'react-router')).toBeUndefined();
  });

  it('exports what the development build does', () => {
    expect(exportedNames(index)).toEqual(exportedNames(join(development, 'index.mjs')));
    expect(exportedNames(dom)).toEqual(exportedNames(join(development, 'dom-export.mjs')));
    expect(exportedNames(index).length).toBeGreaterThan(50);
  });

  it('differs from the development build only in its dev-warnings switch', () => {
    const chunks = (dir: string) =>
      readdirSync(dir)
        .filter((f) => /^chunk-.*\.mjs$/.test(f))
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .sort((a, b) => a.length - b.length);
    const prod = chunks(production);
    const dev = chunks(development);
    expect(prod).toHaveLength(dev.length);
    const normalize = (text: string) => text.replace(/chunk-[A-Z0-9]+\.mjs/g, 'chunk.mjs');
    for (const [i, text] of dev.entries()) {
      expect(normalize(prod[i]!)).toBe(normalize(text).replace('var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;'));
    }
    expect(prod.some((text) => text.includes('var ENABLE_DEV_WARNINGS = false;'))).toBe(true);
  });
});
