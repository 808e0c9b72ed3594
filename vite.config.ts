import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In production PocketBase serves dist/ itself. `npm run dev` (scripts/dev.ts) points the proxy at its own
// development PocketBase; a bare `vite` uses `npm start`'s on :8090. The dashboard is `/_/`, not every
// path starting `/_` (Vite's own `/__open-in-editor`, which the error overlay's file links call).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // The message parts are ICU ASTs parsed by the generator (shared/messageParts.ts), so react-intl's
      // ICU parser is left out, as formatjs documents ("react-intl without parser",
      // https://formatjs.github.io/docs/guides/advanced-usage): the no-parser build keeps the rest of the
      // package and throws if a text still reaches it. Only the package root is swapped (a regex, so its
      // subpaths resolve as they are).
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:8090', '/_/': 'http://127.0.0.1:8090' } },
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
});
