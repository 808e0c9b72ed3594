/**
 * scripts/site-sources.mjs lists every file the site's build reads: the build's digest (`npm start`
 * rebuilds when it changes) and a content editor's project copy in the tests both take that list, so a
 * script the build imports and the list leaves out breaks the copy's build (it did, once).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_SOURCES } from '../../../scripts/site-sources.mjs';
import { ROOT } from '../../support/pocketbase.ts';

describe("the build's own sources", () => {
  it('name every local script scripts/build-site.mjs imports', () => {
    const build = readFileSync(join(ROOT, 'scripts/build-site.mjs'), 'utf8');
    const imported = [...build.matchAll(/(?:import\(|from )'\.\/([^']+)'/g)].map((m) => `scripts/${m[1]}`);
    expect(imported.length).toBeGreaterThan(2);
    for (const script of imported) expect(SITE_SOURCES, script).toContain(script);
  });
});
