/**
 * `npm run lint` checks our source only: what git ignores — builds, data folders, the releases `npm
 * start` serves (copies of the hooks and migrations) — is left out, so starting the product before
 * `npm test` cannot make the lint fail on copies.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/pocketbase.ts';

const eslint = new ESLint({ cwd: ROOT });

describe('the lint', () => {
  it.each(['.release/0123456789abcdef/pb_migrations/1_created_x.js', '.release/0123456789abcdef/pb_hooks/lib/submit.js', 'pb_data.dev/x.js', 'dist/assets/index.js', 'storybook-static/x.js', '.scratch/x.ts'])(
    'leaves out %s, which git ignores',
    async (path) => expect(await eslint.isPathIgnored(path)).toBe(true),
  );

  it.each(['src/main.tsx', 'pb_hooks/lib/submit.js', 'generator/cli.ts', 'scripts/dev.ts', 'tests/support/pocketbase.ts'])('checks %s', async (path) =>
    expect(await eslint.isPathIgnored(path)).toBe(false),
  );
});
