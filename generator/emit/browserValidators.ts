/**
 * Each form's validator, compiled here rather than in the browser: @rjsf/validator-ajv8's precompiled
 * validator code (compileSchemaValidatorsCode), bundled into one self-contained ES module per form.
 * The browser then ships a few KB of plain functions instead of AJV's schema compiler (~40 KB gzip),
 * and needs no `new Function`, so the site's Content-Security-Policy can forbid 'unsafe-eval'.
 */
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';
import { buildSync } from 'esbuild';
import { addDateKeyword } from './dateKeyword.ts';
import { resolve } from 'node:path';
import { memoByJson } from '../memo.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The `$id` a form's browser schema carries: the key of its root validator in the compiled module
 * (an ES export name, hence an identifier). A translated copy of the schema keeps it, so the same
 * validator serves every language.
 */
export const formSchemaId = (moduleName: string) => `form_${moduleName.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * ES module source whose default export holds one validate function per schema RJSF may validate (root
 * first), keyed as RJSF looks them up: the schema's `$id`, or for a sub-schema (a condition's branch)
 * its hash, which may start with a digit and so cannot be an ES export name: AJV writes CommonJS, which
 * esbuild turns into the module's default export.
 */
export const browserValidatorSource = memoByJson((schema: RJSFSchema, moduleName: string): string => {
  // The same AJV options RJSF's runtime validator uses, without line breaks in the generated code.
  // extenderFn: the x-date keyword (relative date limits), the same the server's validators have.
  const code = compileSchemaValidatorsCode(schema, { ajvOptionsOverrides: { code: { esm: false, lines: false, source: true } }, extenderFn: addDateKeyword });
  // AJV's standalone code still `require`s a runtime helper or two (ucs2length for maxLength): bundled
  // in, so the module imports nothing.
  const bundle = buildSync({
    stdin: { contents: code, resolveDir: PROJECT_ROOT, sourcefile: `${moduleName}.validate.js`, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    minifySyntax: true,
    // Paths in the output (module comments and keys) stay node_modules/…, even where node_modules is a link.
    preserveSymlinks: true,
  });
  return bundle.outputFiles[0]?.text ?? '';
});
