/**
 * The site's look from site.json "brand": Mantine's primary colour as ten shades made from the brand
 * colour (@mantine/colors-generator, Mantine's own palette maker), and the shade the theme fills buttons
 * and colours links with: the lightest of shades 6 to 9 on which white text, and which as text on white,
 * reaches WCAG AA's 4.5:1. A colour too light for any is refused here rather than shipped unreadable.
 * The logo must be a file the site serves (public/).
 */
import { generateColors } from '@mantine/colors-generator';
import chroma from 'chroma-js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Brand } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { SchemaSources } from '../load.ts';

/** WCAG 2.x AA for normal text. */
const MIN_CONTRAST = 4.5;
/** Mantine's filled shades: lighter ones are tints for backgrounds. */
const FILLED_SHADES = [6, 7, 8, 9] as const;

export function brandModel(sources: SchemaSources, problems: Problems): Brand {
  const { color, logo, paymentProvider } = sources.site.data.brand;
  const palette = [...generateColors(color)];
  const primaryShade = FILLED_SHADES.find((i) => chroma.contrast(palette[i] ?? '#fff', '#fff') >= MIN_CONTRAST);
  if (primaryShade === undefined) {
    const best = chroma.contrast(palette[9] ?? '#fff', '#fff').toFixed(2);
    problems.add(sources.site.path, '/brand/color', `${color} is too light: even its darkest shade (${palette[9]}) is ${best}:1 with white, under the ${MIN_CONTRAST}:1 buttons and links need; choose a darker colour`);
  }
  if (!existsSync(join(sources.root, 'public', logo.src))) {
    problems.add(sources.site.path, '/brand/logo/src', `no file public${logo.src}: the header would show a broken image; add the file or correct the path`);
  }
  return { color, palette, primaryShade: primaryShade ?? 9, logo: { ...logo }, paymentProvider };
}
