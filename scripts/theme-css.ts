/**
 * The Mantine theme's CSS variables and global classes as a stylesheet: `src/app/theme.css`, which the site
 * imports in place of the two <style> elements MantineProvider would render (src/app/SiteProviders.tsx).
 * Mantine computes the variables from the theme on every page load (~8 ms on this project's 2-core build
 * machine, ~33 ms at Lighthouse's 4× CPU slowdown), once in the task that evaluates the app and again in its
 * first render, and the classes (`hiddenFrom`/`visibleFrom`) from its breakpoints; both only change when
 * src/app/theme.ts does. The text is what Mantine's own <style> elements hold, taken from a server render of
 * the provider, so it stays Mantine's however they change between versions.
 *
 *   npm run theme:css              # rewrite src/app/theme.css after a change of src/app/theme.ts
 *   npm run theme:css -- --check   # fail when it differs (tests/unit/renderer/theme-css.test.ts does the same)
 */
import { MantineProvider } from '@mantine/core';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../src/app/theme.ts';

export const THEME_CSS_FILE = fileURLToPath(new URL('../src/app/theme.css', import.meta.url));

const HEADER = `/* The Mantine theme's CSS variables and global classes (src/app/theme.ts), written by scripts/theme-css.ts: do not edit. */\n`;

/** The stylesheet as it should be for the theme as it is. */
export function themeCss(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
  const match = /^<style data-mantine-styles="true">([^<]*)<\/style><style data-mantine-styles="classes">([^<]*)<\/style>$/.exec(html);
  if (!match) throw new Error(`MantineProvider rendered something else than its variables and classes: ${html.slice(0, 200)}`);
  return `${HEADER}${match[1]}\n${match[2]}\n`; // inner HTML is rendered as it is, unescaped
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const wanted = themeCss();
  if (process.argv.includes('--check')) {
    if (readFileSync(THEME_CSS_FILE, 'utf8') !== wanted) {
      console.error('src/app/theme.css is stale: run npm run theme:css');
      process.exit(1);
    }
  } else writeFileSync(THEME_CSS_FILE, wanted);
}
