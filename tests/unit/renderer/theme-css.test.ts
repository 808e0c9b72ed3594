/**
 * The theme's CSS variables and Mantine's global classes come from src/app/theme.css, not from <style>
 * elements Mantine computes on each page load (src/app/SiteProviders.tsx): the file must be what Mantine
 * would render for the theme as it is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CSS_FILE, themeCss } from '../../../scripts/theme-css.ts';

describe('theme.css', () => {
  it('holds the variables and classes Mantine renders for the theme (else: npm run theme:css)', () => {
    expect(readFileSync(THEME_CSS_FILE, 'utf8')).toBe(themeCss());
    expect(themeCss()).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled)');
    expect(themeCss()).toContain('--mantine-color-error: var(--mantine-color-red-9)');
    expect(themeCss()).toContain('.mantine-hidden-from-sm {display: none !important;}');
  });
});
