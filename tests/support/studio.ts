/**
 * `npm run studio` on a throw-away project tree, as an editor starts it: its own process (group) on a free
 * loopback port, ready once it prints its address; stopped with the whole group (tsx, Vite).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { freePort, ROOT } from './pocketbase.ts';

export interface StudioProcess {
  /** http://127.0.0.1:<port>/ as the studio printed it. */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function startStudioOn(root: string, timeoutMs = 120_000): Promise<StudioProcess> {
  const port = await freePort();
  // detached: its own process group, so stop() ends npm, tsx and the server together.
  const child: ChildProcess = spawn('npm', ['run', 'studio', '--', '--root', root, '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async () => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  while (!url && Date.now() < deadline && child.exitCode === null) {
    url = /Formwork Studio: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
    if (!url) await new Promise((r) => setTimeout(r, 100));
  }
  if (!url) {
    await stop();
    throw new Error(`npm run studio did not start:\n${output}`);
  }
  if (url !== `http://127.0.0.1:${port}/`) throw new Error(`the studio took ${url}, not the port asked for (${port})`);
  return { url, output: () => output, stop };
}

/**
 * Until the draft's check has answered: the problems button is aria-busy while one is pending, and a Save
 * planned before it would plan the draft's previous state.
 */
export async function checked(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(No problems|\d+ problems?)$/ }).and(page.locator('[aria-busy="false"]')).waitFor();
}

/** When a test fails, the page as a screen reader has it (its ARIA snapshot) is printed, to show where it stopped. Call inside the describe. */
export function showOnFailure(page: () => Page | undefined): void {
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const snapshot = await page()?.locator('body').ariaSnapshot().catch((e: Error) => e.message);
    console.error(`where "${task.name}" stopped:\n${snapshot}`);
  });
}

/** A journey told in several tests: once one fails, the rest would fail for its reason, so they are skipped. */
export function journey(page: () => Page | undefined): void {
  let failed = false;
  beforeEach((context) => {
    if (failed) context.skip();
  });
  afterEach(({ task }) => {
    failed ||= task.result?.state === 'fail';
  });
  showOnFailure(page);
}
