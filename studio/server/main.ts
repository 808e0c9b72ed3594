/**
 * `npm run studio [-- --root DIR] [--port N]`: Formwork Studio, a local web app that reads and writes the
 * schemas of a project tree (the generator's --root: this repository by default). It listens on
 * 127.0.0.1 only (a free port unless --port names one) and prints its address. Development only: no part
 * of `npm run build`, the site's dist/ or a release.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOOPBACK, startStudio } from './server.ts';

function usage(message: string): never {
  console.error(`${message}\nusage: npm run studio -- [--root DIR] [--port N]`);
  process.exit(2);
}

const args = process.argv.slice(2);
const value = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) usage(`${flag} needs a value`);
  return v;
};
for (const a of args.filter((x) => x.startsWith('--'))) if (!['--root', '--port', '--host'].includes(a)) usage(`unknown option ${a}`);

const root = resolve(value('--root') ?? join(import.meta.dirname, '..', '..'));
if (!existsSync(join(root, 'schemas', 'services'))) usage(`${root} has no schemas/services/: --root names a Formwork project tree`);
const port = Number(value('--port') ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) usage('--port: a port number');
// The studio writes files: it is never reachable from another machine.
const host = value('--host');
if (host !== undefined && host !== LOOPBACK) usage(`--host ${host}: the studio listens on ${LOOPBACK} only`);

const studio = await startStudio({ root, port });
console.log(`Formwork Studio: ${studio.url} (editing ${join(root, 'schemas')}; Ctrl+C stops it)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void studio.close().then(() => process.exit(0));
  });
}
