import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API is PocketBase on :8090; in production PocketBase serves dist/ itself.
export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8090', '/_': 'http://127.0.0.1:8090' },
  },
  build: { outDir: 'dist', sourcemap: true },
});
