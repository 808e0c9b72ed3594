/**
 * scripts/unused-mantine-css.mjs: the Mantine rules no script of the build can use are dropped from
 * Mantine's stylesheet as the second browser build imports it (scripts/build-site.mjs). That the pruned
 * site looks the same was checked by comparing screenshots of every public page, with and without
 * errors shown, before and after (pixel-identical; see docs/performance.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropUnusedMantineRules, mantineClassesIn, unusedMantineCss } from '../../../scripts/unused-mantine-css.mjs';
import { ROOT } from '../../support/pocketbase.ts';

const mantineCss = readFileSync(join(ROOT, 'node_modules/@mantine/core/styles.css'), 'utf8');
const squash = (css: string) => css.replace(/\s+/g, ' ').trim();

describe('dropUnusedMantineRules', () => {
  it('keeps the rules of the components a script names and drops the others, leaving variables and globals', () => {
    // Button's root class, as its chunk names it.
    const used = mantineClassesIn(['const classes={root:"m_77c9d27d",inner:"m_80f1301b",label:"m_811560b9"};']);
    expect([...used].sort()).toEqual(['m_77c9d27d', 'm_80f1301b', 'm_811560b9']);
    const { css, dropped } = dropUnusedMantineRules(mantineCss, used);
    expect(dropped).toBeGreaterThan(300);
    expect(css.length).toBeLessThan(mantineCss.length / 2);
    expect(css).toContain('.m_77c9d27d');
    expect(css).toContain('.m_811560b9');
    expect(css).not.toContain('.m_9bdbb667'); // Accordion's root
    expect(css).toContain('--mantine-color-indigo-7'); // the :root variables
    expect(css).toMatch(/^body,$/m); // Mantine's global rules
  });

  it('trims a selector list to its live selectors, keeps :not() of an unused class, and drops emptied blocks', () => {
    const css = [
      '.m_aaaa, .m_bbbb:hover { color: red; }',
      '.m_aaaa:not(.m_cccc) { color: blue; }',
      '@media (min-width: 10em) { .m_bbbb { color: green; } }',
      '@keyframes spin { from { opacity: 0; } to { opacity: 1; } }',
      '.own-class { margin: 0; }',
    ].join('\n');
    const { css: out, dropped } = dropUnusedMantineRules(css, new Set(['m_aaaa']));
    expect(dropped).toBe(2);
    expect(squash(out)).toBe(
      squash(
        [
          '.m_aaaa { color: red; }',
          '.m_aaaa:not(.m_cccc) { color: blue; }',
          '@keyframes spin { from { opacity: 0; } to { opacity: 1; } }',
          '.own-class { margin: 0; }',
        ].join('\n'),
      ),
    );
  });

  it('changes nothing when every class is used', () => {
    const css = '.m_aaaa .m_bbbb { color: red; }\n';
    expect(dropUnusedMantineRules(css, new Set(['m_aaaa', 'm_bbbb']))).toEqual({ css, dropped: 0 });
  });
});

describe('unusedMantineCss (the Vite plugin)', () => {
  const plugin = unusedMantineCss(new Set(['m_77c9d27d']));
  const transform = (code: string, id: string) => (plugin.transform as unknown as (code: string, id: string) => { code: string } | null)(code, id);

  it("prunes Mantine's stylesheet as it is imported", () => {
    const out = transform(mantineCss, join(ROOT, 'node_modules/@mantine/core/styles.css'));
    expect(out!.code).toContain('.m_77c9d27d');
    expect(out!.code).not.toContain('.m_9bdbb667');
  });

  it('leaves every other module alone, our own stylesheets and Mantine layer files included', () => {
    expect(transform('.m_9bdbb667 { color: red; }', join(ROOT, 'src/own.css'))).toBeNull();
    expect(transform(mantineCss, join(ROOT, 'node_modules/@mantine/core/styles.layer.css'))).toBeNull();
    expect(transform('export const a = "m_9bdbb667";', join(ROOT, 'node_modules/@mantine/core/esm/index.mjs'))).toBeNull();
  });
});
