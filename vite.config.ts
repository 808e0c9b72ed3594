import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// In development the API is PocketBase on :8090; in production PocketBase serves dist/ itself.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // Our texts are plain (schemas/meta/ui.meta.json refuses RJSF's Markdown options), so RJSF core's
    // Markdown renderer is swapped for a plain-text one: see src/theme/vendor/plainMarkdown.tsx.
    alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./src/theme/vendor/plainMarkdown.tsx', import.meta.url)) },
  },
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:8090', '/_': 'http://127.0.0.1:8090' } },
  build: { outDir: 'dist', sourcemap: true },
});
