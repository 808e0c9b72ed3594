// Mantine's stylesheet (@mantine/core/styles.css, imported whole by src/main.tsx) styles ~100 components;
// the site uses a quarter of them. Its component rules are keyed by generated class names (`.m_77c9d27d`)
// that appear, as strings, only in the JavaScript of the components that use them. So a rule whose every
// selector names such a class that no chunk of the build contains can never match, and is dropped:
// 29 KB of render-blocking CSS (gzip) becomes ~20 KB, and the browser matches ~400 fewer rules on every
// style pass. Everything else (variables, globals, our own rules) is kept as it is.
//
// scripts/build-site.mjs builds the site twice: the first build says which classes its scripts name, the
// second imports the stylesheet without the rest. tests/unit/build/unused-mantine-css.test.ts checks it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';

const MANTINE_CLASS = /\.(m_[0-9a-f]+)(?![\w-])/g;
const CLASS_IN_JS = /\bm_[0-9a-f]+\b/g;
const STYLESHEET = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;

/** The Mantine class names that some script names. */
export function mantineClassesIn(scripts) {
  const used = new Set();
  for (const code of scripts) for (const [name] of code.matchAll(CLASS_IN_JS)) used.add(name);
  return used;
}

/** `css` without the selectors that name a Mantine class outside `used` (and rules left with none). */
export function dropUnusedMantineRules(css, used) {
  const root = postcss.parse(css);
  let dropped = 0;
  // A class inside :not() is no requirement (an unused one there always holds), so it is not looked at.
  const live = (selector) => [...selector.replace(/:not\([^)]*\)/g, '').matchAll(MANTINE_CLASS)].every(([, name]) => used.has(name));
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return; // `from`/`50%` are not selectors
    const kept = rule.selectors.filter(live);
    if (kept.length === rule.selectors.length) return;
    dropped += 1;
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  // A media or layer block whose rules all went goes too.
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return { css: root.toString(), dropped };
}

/** The text of every script of a browser build in `outDir`. */
export function builtScripts(outDir) {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'));
}

/**
 * A Vite plugin that drops, from Mantine's stylesheet as it is imported, the rules naming classes
 * outside `used`. The build learns `used` from a first build (scripts/build-site.mjs): pruning as the
 * stylesheet is imported, not in the output, lets Vite name it by its pruned content and write that name
 * into the chunks that list it, so a cached file never changes under its name.
 */
export function unusedMantineCss(used, report = () => {}) {
  return {
    name: 'formwork:unused-mantine-css',
    enforce: 'pre',
    transform(code, id) {
      if (!STYLESHEET.test(id)) return null;
      const { css, dropped } = dropUnusedMantineRules(code, used);
      report({ dropped, before: code.length, after: css.length });
      return { code: css, map: null };
    },
  };
}
