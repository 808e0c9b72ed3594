// ESLint over the whole repository: TypeScript (typescript-eslint), React's hook rules, and the hooks'
// plain JS. Generated output is checked where it is made (the generator), not here. `npm test` runs this
// with --max-warnings=0.
import { includeIgnoreFile } from '@eslint/compat';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What git ignores (builds, data folders, npm start's releases) is nobody's source.
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url))),
  {
    ignores: ['src/generated/**', 'pb_hooks/generated/**', 'pb_migrations/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `const { a: _a, ...rest } = o` leaves a key out of a copy; a leading underscore says "unused on purpose".
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}', 'studio/app/**/*.{ts,tsx}', 'studio/preview/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['generator/**', 'scripts/**', 'tests/**', 'shared/**', 'studio/server/**', 'studio/*.config.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests edit copies of the schemas' JSON at any depth (`j.properties.topic.maxLenght = 5`).
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // PocketBase's JS hooks: CommonJS in its own runtime. Its globals ($app, routerAdd, …) are declared by
    // PocketBase's types.d.ts, which `tsc -p pb_hooks` checks these files against, so no-undef is left to tsc.
    files: ['pb_hooks/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: {} },
    // PocketBase's documented way to point an editor at its types is a `/// <reference path>` line.
    rules: { 'no-undef': 'off', '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/triple-slash-reference': 'off' },
  },
);
