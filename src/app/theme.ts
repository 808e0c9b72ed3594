/**
 * The Mantine theme, tuned for WCAG 2.2 AA contrast: the primary colour one shade darker (white on
 * indigo 7 is 5:1; on 6 it is 4.3:1) and secondary texts and placeholders in gray 7 instead of
 * Mantine's gray 6/5 (3.3:1 and 2.1:1 on white). Input borders are darkened in index.html.
 * Error texts in red 9 (red 6 is 3.6:1).
 * An Alert's title is in the text colour: Mantine colours it like the alert (shade 7 on the light tint:
 * blue 3.6:1, teal 2.7:1, yellow 1.9:1), and even shade 9 stays under 4.5:1 for teal, green, yellow.
 * The CSS variables of this theme are in theme.css: after a change here, run `npm run theme:css`.
 */
import { Alert, createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  defaultRadius: 'md',
  components: {
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Mantine's red 6 is 3.6:1 on white; error texts and invalid inputs need 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
