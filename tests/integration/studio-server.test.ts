/**
 * `npm run studio` itself: it listens on 127.0.0.1 at the port it is given, prints its address, serves the
 * studio's pages through Vite (the app at any path, the preview at /preview.html) and refuses another
 * host name; it will not listen on any other address.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort } from '../support/pocketbase.ts';
import { copyProject, type ProjectCopy } from '../support/project-copy.ts';

let copy: ProjectCopy;
let child: ChildProcess;
let port: number;
let printed = '';

beforeAll(async () => {
  copy = copyProject();
  port = await freePort();
  child = spawn('npm', ['run', '-s', 'studio', '--', '--root', copy.root, '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the studio did not start: ${printed}`)), 60_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Formwork Studio: http')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the studio exited (${code}): ${printed}`)));
  });
});
afterAll(() => {
  // Its whole process group: npm, tsx and the server.
  if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  copy?.remove();
});

/** A GET with the Host header given (fetch would not send another). */
const get = (path: string, host = `127.0.0.1:${port}`) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('npm run studio', () => {
  it('prints its loopback address and serves the app and the preview pages', async () => {
    expect(printed).toContain(`Formwork Studio: http://127.0.0.1:${port}/`);
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<script type="module" src="/app/main.tsx"></script>');
    // react-router's addresses are the app's page too.
    expect((await get('/services/contact')).body).toContain('/app/main.tsx');
    expect((await get('/preview.html')).body).toContain('<script type="module" src="/preview/main.tsx"></script>');
    expect(JSON.parse((await get('/studio-api/services')).body).services.length).toBeGreaterThan(0);
    expect((await get('/studio-api/services', 'localhost:' + port)).status).toBe(200);
  });

  it('refuses another host name, for the app as for the API', async () => {
    expect((await get('/', `attacker.example:${port}`)).status).toBe(403);
    expect((await get('/studio-api/services', `attacker.example:${port}`)).status).toBe(403);
  });

  it('listens on no other address', () => {
    const run = spawnSync('npx', ['tsx', 'studio/server/main.ts', '--root', copy.root, '--host', '0.0.0.0'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--host 0.0.0.0: the studio listens on 127.0.0.1 only');
  });
});
