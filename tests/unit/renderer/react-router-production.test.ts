/**
 * A build takes react-router's production files (scripts/react-router-production.ts, vite.config.ts), which
 * its package exports do not name. That stays right only while those files are what the package ships as
 * production: the same exports as the development entries, and the development chunk with its warnings
 * switched off and nothing else changed. And the build leaves out the components the site does not use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build, type Alias, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { treeShakableReactRouter } from '../../../scripts/react-router-production.ts';
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

/** The values src/ imports from react-router-dom (types aside). */
function siteImports(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const [, list] of readFileSync(path, 'utf8').matchAll(/import \{([^}]*)\} from 'react-router-dom'/g)) {
          for (const name of list!.split(',').map((n) => n.trim())) if (name && !name.startsWith('type ')) names.add(name);
        }
      }
    }
  };
  visit(fileURLToPath(new URL('../../../src', import.meta.url)));
  return names;
}

describe("react-router's components in a build", () => {
  /** A production bundle of a module importing `names` from react-router-dom, with or without our plugin. */
  const bundle = async (names: string[], treeShakable: boolean) => {
    const entry: Plugin = {
      name: 'entry',
      resolveId: (id) => (id === 'entry' ? '\0entry' : undefined),
      load: (id) => (id === '\0entry' ? `import { ${names.join(', ')} } from 'react-router-dom';\nexport default [${names.join(', ')}];` : undefined),
    };
    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [entry, ...(treeShakable ? [treeShakableReactRouter()] : [])],
      resolve: { alias: aliasesFor('build').filter((a) => String(a.find).includes('react-router')) },
      build: {
        write: false,
        minify: false,
        sourcemap: false,
        rolldownOptions: { input: 'entry', external: ['react', 'react-dom'], preserveEntrySignatures: 'strict' },
      },
    })) as Rolldown.RolldownOutput;
    return output.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
  };
  // What the site imports from react-router-dom (src/), and code each of three unused components brings.
  const used = [...siteImports()].sort();
  const unused = { Link: 'data-discover', NavLink: 'ariaCurrentProp', Form: 'fetcherKey' };

  it("leaves out Link, NavLink and Form (and with them framework mode's prefetching) when the site imports none", async () => {
    const code = await bundle(used, true);
    expect(code).toContain('function useLinkClickHandler');
    for (const [component, marker] of Object.entries(unused)) expect(code, component).not.toContain(marker);
    expect(code).not.toContain('getKeyedPrefetchLinks');
  });

  it('is needed: without it the three stay', async () => {
    const code = await bundle(used, false);
    for (const [component, marker] of Object.entries(unused)) expect(code, component).toContain(marker);
  });

  it('keeps a component that is imported, whole', async () => {
    const code = await bundle([...used, 'NavLink'], true);
    for (const marker of Object.values(unused).slice(0, 2)) expect(code).toContain(marker);
  });
});
