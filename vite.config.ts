import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { reactRouterProductionAliases, treeShakableReactRouter } from './scripts/react-router-production.ts';

// In development the API is PocketBase on :8090; in production PocketBase serves dist/ itself.
export default defineConfig(({ command }) => ({
  // react-router's production build, tree-shakable: see scripts/react-router-production.ts.
  plugins: [react(), treeShakableReactRouter()],
  resolve: {
    alias: [
      ...(command === 'build' ? reactRouterProductionAliases : []),
      // Our texts are plain (schemas/meta/ui.meta.json refuses RJSF's Markdown options), so RJSF core's
      // Markdown renderer is swapped for a plain-text one: see src/theme/vendor/plainMarkdown.tsx.
      { find: 'markdown-to-jsx/react', replacement: fileURLToPath(new URL('./src/theme/vendor/plainMarkdown.tsx', import.meta.url)) },
      // The message parts are ICU ASTs parsed by the generator (src/engine/messageParts.ts), so react-intl's
      // ICU parser is left out, as formatjs documents ("react-intl without parser"): the no-parser build
      // keeps the rest of the package and throws if a text still reaches it. Only the package root is
      // swapped (a regex, so its subpaths resolve as they are).
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      // RJSF resolves $id/$ref URIs with fast-uri only for draft 2020-12 schemas, which our forms never are:
      // a small stand-in that answers as fast-uri does for plain references, see src/theme/vendor/plainUri.ts.
      // Only RJSF imports fast-uri in the browser (AJV, its other user, runs on the server and in tests).
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./src/theme/vendor/plainUri.ts', import.meta.url)) },
      // RJSF's Form merges the theme over a default registry of every field, template and widget core has;
      // ours keeps those a form of ours can reach (the meta-schemas allow flat objects of scalar fields):
      // see src/theme/vendor/formRegistry.ts. Only Form.js imports the registry by this relative path.
      { find: /^\.\.\/getDefaultRegistry\.js$/, replacement: fileURLToPath(new URL('./src/theme/vendor/formRegistry.ts', import.meta.url)) },
      // RJSF merges a schema's allOf with @x0k/json-schema-merge, set up when its module loads; no form has an
      // allOf (the meta-schemas refuse it), so a stand-in that throws: see src/theme/vendor/noAllOfMerge.ts.
      { find: /^\.\/shallowAllOfMerge\.js$/, replacement: fileURLToPath(new URL('./src/theme/vendor/noAllOfMerge.ts', import.meta.url)) },
    ],
  },
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:8090', '/_': 'http://127.0.0.1:8090' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // A screen's chunks are fetched by the browser's module loader as it imports them, not announced
    // beforehand by Vite's preload helper: the helper adds a <link rel="modulepreload"> per chunk from
    // script, and on a phone those 16–19 appends were one long task of ~60 ms at full speed (~240 ms at
    // Lighthouse's 4× CPU) right after the app started. The loader finds a chunk's imports in one step
    // (Rolldown hoists transitive imports), so a screen costs one round trip more and no main-thread work.
    // The entry's own imports keep their links in index.html (the after-paint script's data-preload).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry's chunk: left to itself, Rolldown
        // split it into ten files (the router, react-intl, a few shared Mantine parts), each one more
        // request before a phone could run the app, for modules every page loads anyway.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
}));
