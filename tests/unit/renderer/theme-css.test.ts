/**
 * The theme's CSS variables come from src/app/theme.css, not from a <style> Mantine computes on each page
 * load (src/app/SiteProviders.tsx): the file must be what Mantine would render for the theme as it is,
 * and the stand-in for Mantine's remove-default-variables (vite.config.ts) must answer as Mantine does.
 */
import { defaultCssVariablesResolver, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CSS_FILE, themeCss } from '../../../scripts/theme-css.ts';
import { cssVariablesResolver, theme } from '../../../src/app/theme.ts';
import { removeDefaultVariables } from '../../../src/theme/vendor/lazyDefaultVariables.ts';

describe('theme.css', () => {
  it('holds the variables Mantine renders for the theme (else: npm run theme:css)', () => {
    expect(readFileSync(THEME_CSS_FILE, 'utf8')).toBe(themeCss());
    expect(themeCss()).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
    expect(themeCss()).toContain('--mantine-color-error: var(--mantine-color-red-9)');
  });

  it("is what Mantine's own removal of the default variables leaves, through the lazy stand-in", async () => {
    // By its file: the package does not export its internal modules.
    const file = '../../../node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs';
    const mantine = (await import(/* @vite-ignore */ file)) as { removeDefaultVariables: typeof removeDefaultVariables };
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const ours = cssVariablesResolver(merged);
    const defaults = defaultCssVariablesResolver(merged);
    for (const input of [defaults, ours, { ...defaults, light: { ...defaults.light, ...ours.light } }, defaultCssVariablesResolver(DEFAULT_THEME)]) {
      expect(removeDefaultVariables(input)).toEqual(mantine.removeDefaultVariables(input));
    }
  });
});
