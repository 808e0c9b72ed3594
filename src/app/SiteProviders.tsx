import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import './theme.css';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * What wraps the site's routes, in the browser (src/main.tsx) and when the build prerenders a page (src/prerender/entry.tsx).
 * The theme's CSS variables come from the stylesheet (theme.css, written from the theme by
 * scripts/theme-css.ts) instead of a <style> Mantine would compute on every page load.
 */
export function SiteProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false}>
      {children}
    </MantineProvider>
  );
}
