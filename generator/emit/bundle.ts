/**
 * Bundles generated CommonJS for PocketBase's JS runtime (goja: ES2017-ish, CommonJS, no Node APIs),
 * resolving runtime helpers (AJV's, handlebars') from this project's node_modules wherever the
 * schemas live.
 */
import { buildSync } from 'esbuild';
import { resolve } from 'node:path';
import { memoByJson } from '../memo.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

export const bundleForPocketBase = memoByJson((contents: string, sourcefile: string): string => {
  const bundle = buildSync({
    stdin: { contents, resolveDir: PROJECT_ROOT, sourcefile, loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'es2017',
    write: false,
    legalComments: 'none',
    minifySyntax: true,
    // Paths in the output (module comments and keys) stay node_modules/…, even where node_modules is a link.
    preserveSymlinks: true,
  });
  return bundle.outputFiles[0]?.text ?? '';
});
