/**
 * `npm run dev`: the live preview for editing schemas. Regenerates once, starts a development PocketBase
 * (its own data dir, pb_data.dev/, so experiments never touch `npm start`'s records) and Mailpit, then
 * Vite's dev server with hot reload, proxying the API to that PocketBase. Each change under schemas/
 * regenerates in this process and updates the page; schema problems are shown in the page and here.
 *
 *   npm run dev                      free ports, printed
 *   npm run dev -- --port 5173       the page on that port (PocketBase and Mailpit still on free ones)
 *   npm run dev -- --root DIR        another project tree (DIR/schemas, DIR/src, …), as the generator's --root
 */
import { join, resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { startBackend, type Backend } from './dev/backend.ts';
import { freePort } from './dev/freePort.ts';
import { regenerate, schemaWatch } from './dev/schemaWatch.ts';
import type { Written } from '../generator/output.ts';

const tools = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const valueOf = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const root = resolve(valueOf('--root') ?? tools);
const portArg = valueOf('--port');
if (portArg !== undefined && !/^\d{1,5}$/.test(portArg)) {
  console.error(`--port takes a port number, not "${portArg}"`);
  process.exit(2);
}
const port = portArg ? Number(portArg) : await freePort();
const pageUrl = `http://127.0.0.1:${port}`;
// Never FORMWORK_DATA_DIR: that is `npm start`'s, and the dev server applies every draft migration at once.
const dataDir = resolve(process.env.FORMWORK_DEV_DATA_DIR ?? join(root, 'pb_data.dev'));

const first = await regenerate(root);
if (first.ok) console.log(`generated in ${first.ms} ms`);
else console.error(`${first.message}\n(${first.problems.length} problem(s): the page shows the last generated state and the problems until they are fixed)`);

let backend: Backend | undefined;
let vite: ViteDevServer | undefined;
async function stop(code: number): Promise<never> {
  await Promise.allSettled([vite?.close(), backend?.stop()]);
  process.exit(code);
}

/**
 * New migrations or hooks are the dev server's business: it restarts with them applied (and again after
 * a failed attempt, once the schemas have changed, whatever the run wrote).
 */
let serverFailed = false;
async function serverFilesChanged(output: Written): Promise<void> {
  const paths = [...output.written, ...output.removed, ...output.migrations];
  if (!serverFailed && !paths.some((p) => p.startsWith('pb_hooks/') || p.startsWith('pb_migrations/'))) return;
  serverFailed = true;
  await backend?.restart();
  serverFailed = false;
  console.log(`dev PocketBase restarted${output.migrations.length ? ` with ${output.migrations.join(', ')} applied` : ''}`);
}

/** PocketBase (and Mailpit), then Vite; a taken --port or a failed migration leaves nothing running. */
async function startAll(): Promise<Backend> {
  try {
    const started = await startBackend({ root, tools, dataDir, port: await freePort(), publicUrl: pageUrl });
    backend = started;
    vite = await createServer({
      root,
      configFile: join(root, 'vite.config.ts'),
      clearScreen: false,
      server: {
        host: '127.0.0.1',
        port,
        strictPort: true,
        proxy: { '/api': started.url, '/_/': started.url },
        // PocketBase's and Mailpit's files change all the time and are nothing the page imports.
        watch: { ignored: [`${dataDir}/**`, '**/pb_data/**'] },
      },
      plugins: [schemaWatch({ root, initial: first, onWritten: serverFilesChanged })],
    });
    await vite.listen();
    return started;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return stop(1);
  }
}
const { url: apiUrl, staff, superuser, mailUi } = await startAll();

console.log(`
Formwork dev server (schemas/ is watched: save a file and the page follows)
  site:             ${pageUrl}/   (e.g. ${pageUrl}/creditrepair)
  staff sign-in:    ${pageUrl}/staff/sign-in   (${staff.email} / ${staff.password})
  PocketBase admin: ${apiUrl}/_/   (${superuser.email} / ${superuser.password})
  data:             ${dataDir}${mailUi ? `\n  mail (Mailpit):   ${mailUi}` : ''}
`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void stop(0);
  });
}
