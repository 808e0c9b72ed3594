// What the site (scripts/build-site.mjs) is built from, as one digest: the build writes it into the out
// dir, and `npm start` rebuilds when the checkout's digest differs, so it never serves an older build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The file in the out dir that holds the digest of the sources it was built from. */
export const BUILD_STAMP = '.build-stamp';

/**
 * The renderer, the generated code and messages, what the renderer shares with the generator (shared/),
 * the page, the dependencies and the build itself (a content editor's project copy in the tests takes
 * the same list, so a new build script is in both).
 */
export const SITE_SOURCES = [
  'src',
  'shared',
  'index.html',
  'vite.config.ts',
  'public',
  'package-lock.json',
  'scripts/build-site.mjs',
  'scripts/site-sources.mjs',
  'scripts/mantine-styles.mjs',
  'scripts/retired-assets.mjs',
];

/** A digest of every file the build reads under `root`, by path and content. */
export function siteSourcesDigest(root) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const path = join(root, relative);
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(relative, name));
      return;
    }
    hash.update(`${relative}\0`).update(readFileSync(path)).update('\0');
  };
  for (const source of SITE_SOURCES) visit(source);
  return hash.digest('hex');
}
