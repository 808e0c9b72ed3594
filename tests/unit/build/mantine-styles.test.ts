/**
 * scripts/mantine-styles.mjs: the build names the Mantine components whose class names its scripts carry
 * (by their CSS modules in the source maps) and src/app/mantineStyles.ts imports no stylesheet for.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingMantineStyles } from '../../../scripts/mantine-styles.mjs';
import { ROOT } from '../../support/pocketbase.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A build's out dir whose chunks' source maps name `sources`, and a styles module importing `styles`. */
function built(sources: string[][], styles: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'formwork-mantine-styles-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  sources.forEach((list, i) => writeFileSync(join(dir, 'assets', `chunk-${i}.js.map`), JSON.stringify({ version: 3, sources: list })));
  writeFileSync(join(dir, 'assets', 'index.css'), '');
  const module = join(dir, 'mantineStyles.ts');
  writeFileSync(module, styles.map((name) => `import '@mantine/core/styles/${name}.css';\n`).join(''));
  return { dir, module };
}

const mantine = (path: string) => `../../node_modules/@mantine/core/esm/${path}.module.css.mjs`;

describe('the Mantine stylesheets a build needs', () => {
  it('are the CSS modules of every chunk, wherever Mantine keeps them, less those imported', () => {
    const { dir, module } = built(
      [
        [mantine('components/Button/Button'), mantine('components/UnstyledButton/UnstyledButton'), '../../src/main.tsx'],
        [mantine('utils/InlineInput/InlineInput'), mantine('components/Checkbox/Checkbox'), '../../node_modules/@mantine/core/esm/components/Checkbox/Checkbox.mjs'],
      ],
      ['baseline', 'UnstyledButton', 'Button', 'Checkbox'],
    );
    expect(missingMantineStyles(dir, module)).toEqual(['InlineInput']);
  });

  it('are files Mantine has, its global styles first (src/app/mantineStyles.ts)', () => {
    const styles = readFileSync(join(ROOT, 'src/app/mantineStyles.ts'), 'utf8');
    const files = [...styles.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((m) => m[1]);
    expect(files.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    for (const name of files) expect(existsSync(join(ROOT, 'node_modules/@mantine/core/styles', `${name}.css`)), name).toBe(true);
  });
});
