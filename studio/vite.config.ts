import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The studio's own Vite config, used only by `npm run studio` (studio/server/vite.ts runs it in
 * middleware mode): never by `npm run build`. Two pages: index.html (the app, studio/app/) and
 * preview.html (the preview iframe, studio/preview/), which renders the site's own components from src/.
 * Unlike the site's config, react-intl keeps its ICU parser: the studio formats its own texts from
 * studio/i18n/*.json at run time, and the preview formats texts the editor is typing, which no
 * generator has parsed yet.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // Apart from the site's dev server's, so neither invalidates the other's pre-bundled dependencies.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite-studio', import.meta.url)),
  // Every path that is not a file is the app's (react-router's /services/:id), preview.html aside.
  appType: 'spa',
  server: { host: '127.0.0.1' },
});
