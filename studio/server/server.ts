/**
 * The studio's HTTP server: the JSON API (routes.ts) and the app itself, served by Vite in middleware mode
 * with the studio's own config (studio/vite.config.ts), on the same port so the app calls its API
 * same-origin. Loopback only, and every request passes guard.ts first (the assets too: they are the
 * project's source).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { Analyser } from './analysis.ts';
import { API_BASE } from './api.ts';
import { refusal } from './guard.ts';
import { apiHandler } from './routes.ts';

export const LOOPBACK = '127.0.0.1';

export interface StudioOptions {
  /** The project tree whose schemas/ the studio edits (the generator's --root). */
  root: string;
  /** 0 (the default): a free port. */
  port?: number;
  /** false: the API alone, without Vite (the API's tests). */
  app?: boolean;
}

export interface Studio {
  url: string;
  port: number;
  close(): Promise<void>;
}

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve((server.address() as AddressInfo).port));
  });

export async function startStudio({ root, port = 0, app = true }: StudioOptions): Promise<Studio> {
  const analyser = new Analyser(root);
  const api = apiHandler(root, analyser);
  let vite: ViteDevServer | undefined;
  let served = 0;
  const server = createServer((req, res) => {
    const why = refusal(req, served);
    if (why) {
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: `refused: ${why}` }));
      return;
    }
    if (req.url === API_BASE || req.url?.startsWith(`${API_BASE}/`)) {
      void api(req, res);
      return;
    }
    if (!vite) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found');
      return;
    }
    vite.middlewares(req, res);
  });
  if (app) {
    const { createServer: createVite } = await import('vite');
    vite = await createVite({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      // Hot updates over the studio's own server and port, so the page needs no second origin.
      server: { middlewareMode: true, ws: { server } },
    });
  }
  served = await listen(server, port);
  analyser.warm();
  return {
    url: `http://${LOOPBACK}:${served}/`,
    port: served,
    close: async () => {
      await vite?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      analyser.close();
    },
  };
}
