import { MantineContext, MantineThemeProvider } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import './theme.css';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * What Mantine's components read from `MantineProvider`, given without it. The provider's other work is
 * done once, at build time, or not needed: the theme's CSS variables and its global classes (`hiddenFrom`
 * and friends) are in theme.css (written from the provider's own render by scripts/theme-css.ts) instead of
 * two <style> elements it would compute on every page load; the colour scheme is light, fixed by index.html's
 * `data-mantine-color-scheme`, where the provider would read and keep a choice in localStorage; and the theme
 * does not ask to follow reduced motion. Leaving the provider out takes its colour-scheme manager and the
 * variables' resolvers out of every page (2.7 KB gzip). tests/unit/renderer/site-providers.test.tsx checks that
 * components render as under the provider.
 */
const mantine: NonNullable<ComponentProps<typeof MantineContext.Provider>['value']> = {
  colorScheme: 'light',
  // Nothing on the site offers another scheme.
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesResolver,
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

/**
 * What wraps the site's routes, in the browser (src/main.tsx) and when the build prerenders a page (src/prerender/entry.tsx).
 */
export function SiteProviders({ children }: { children: ReactNode }) {
  return (
    <MantineContext.Provider value={mantine}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext.Provider>
  );
}
