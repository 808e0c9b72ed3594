// The site imports Mantine's stylesheets per component (src/app/mantineStyles.ts), so each Mantine
// component in the built scripts needs its file there, and so does each component it is built on. Which
// ones the scripts carry, the source maps tell: a component's class names come from its CSS module
// (@mantine/core/esm/…/<Name>.module.css.mjs), and Mantine's per-component stylesheet has that name.
// scripts/build-site.mjs fails the build if one is missing, rather than ship a component unstyled.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CSS_MODULE = /@mantine\/core\/esm\/(?:.+\/)?(\w+)\.module\.css\.mjs$/;
const IMPORTED = /^import '@mantine\/core\/styles\/(\w+)\.css';$/gm;

/** The Mantine components of the build in `outDir` whose stylesheet `stylesModule` does not import. */
export function missingMantineStyles(outDir, stylesModule) {
  const assets = join(outDir, 'assets');
  const used = new Set();
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js.map'))) {
    for (const source of JSON.parse(readFileSync(join(assets, file), 'utf8')).sources) {
      const name = CSS_MODULE.exec(source)?.[1];
      if (name) used.add(name);
    }
  }
  const imported = new Set([...readFileSync(stylesModule, 'utf8').matchAll(IMPORTED)].map((m) => m[1]));
  return [...used].filter((name) => !imported.has(name)).sort();
}
