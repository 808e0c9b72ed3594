/**
 * The Mantine theme: the business's colour (schemas/site.json "brand") as the primary colour, a palette
 * of ten shades the generator made from it, filled (buttons, links) in the shade it picked for WCAG 2.2 AA
 * (white on it, and it on white, at least 4.5:1: generator/model/brand.ts). Tuned for contrast beside
 * that: secondary texts and placeholders in gray 7 instead of
 * Mantine's gray 6/5 (3.3:1 and 2.1:1 on white). Input borders are darkened in index.html.
 * Error texts in red 9 (red 6 is 3.6:1).
 * An Alert's title is in the text colour: Mantine colours it like the alert (shade 7 on the light tint:
 * blue 3.6:1, teal 2.7:1, yellow 1.9:1), and even shade 9 stays under 4.5:1 for teal, green, yellow.
 * The CSS variables of this theme are in theme.css: after a change here, or of the brand (then
 * `npm run generate` first), run `npm run theme:css`.
 */
import { Alert, createTheme, type CSSVariablesResolver, type MantineColorShade, type MantineColorsTuple } from '@mantine/core';
import { registry } from '../generated/registry.ts';

const { brand } = registry.site;

export const theme = createTheme({
  colors: { brand: brand.palette as unknown as MantineColorsTuple },
  primaryColor: 'brand',
  primaryShade: brand.primaryShade as MantineColorShade,
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
    // A light button or badge writes the brand's shade on a 10-12% tint of it: the filled shade, just AA on
    // white, falls under 4.5:1 there (4.4:1 for the default brand); the darkest shade keeps it readable.
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-9)',
  },
  dark: {},
});
