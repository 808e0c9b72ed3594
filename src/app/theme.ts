/**
 * The Mantine theme, tuned for WCAG 2.2 AA contrast: the primary colour one shade darker (white on
 * indigo 7 is 5:1; on 6 it is 4.3:1) and secondary texts and placeholders in gray 7 instead of
 * Mantine's gray 6/5 (3.3:1 and 2.1:1 on white). Input borders are darkened in index.html.
 */
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({ primaryColor: 'indigo', primaryShade: 7, defaultRadius: 'md' });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
