/**
 * Mantine's remove-default-variables module, computing the default theme's CSS variables when first asked
 * (vite.config.ts aliases it here). Mantine computes them when the module loads (~33 ms at Lighthouse's 4×
 * CPU slowdown, in the task that evaluates the app) for its <style> of variables, which the site does not
 * render (src/app/SiteProviders.tsx: they are in src/app/theme.css). Same answers as Mantine's own
 * (tests/unit/renderer/theme-css.test.ts).
 */
import { DEFAULT_THEME, defaultCssVariablesResolver, type ConvertCSSVariablesInput } from '@mantine/core';

let defaults: ConvertCSSVariablesInput | undefined;

export function removeDefaultVariables(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  defaults ??= defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const group of ['variables', 'light', 'dark'] as const) {
    for (const [key, value] of Object.entries(input[group])) {
      if (defaults[group][key as keyof (typeof defaults)[typeof group]] !== value) (cleaned[group] as Record<string, string>)[key] = value;
    }
  }
  return cleaned;
}
