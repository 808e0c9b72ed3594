#!/usr/bin/env -S npx tsx
// The studio's live preview: how long an edit takes to be on screen in the preview iframe, in chromium.
//
//   npx tsx scripts/bench/studio-preview.mts [--edits=8] [--service=contact]
//
// Starts `npm run studio` on a free port (loopback), opens the service, types into its English title in
// the Texts tab and waits for the preview's form heading to show it. Prints per edit the panel's own figure
// (from the change to the iframe's "painted" answer: studio/app/preview/usePreviewFrame.ts) and the server's
// share (POST /studio-api/preview: the generator's checks on the draft and studio/server/preview.ts), then the
// median. Nothing is saved. Figures are only comparable on an otherwise idle machine (the load is printed).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from '../dev/freePort.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const opt = (name: string, dflt: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const EDITS = Number(opt('edits', '8'));
const SERVICE = opt('service', 'contact');

const port = await freePort();
const server = spawn('npx', ['tsx', 'studio/server/main.ts', '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
const base = await new Promise<string>((ok, fail) => {
  server.stdout.on('data', (chunk: Buffer) => {
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(String(chunk))?.[0];
    if (url) ok(url);
  });
  server.on('exit', (code) => fail(new Error(`the studio stopped (${code})`)));
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(`${base}/services/${SERVICE}`);
  const timing = page.getByRole('region', { name: 'Preview' }).getByTestId('preview-timing');
  await timing.waitFor({ timeout: 120_000 }); // the first load compiles the app and the iframe's modules
  const frame = page.frameLocator('iframe[title="Preview"]');
  await page.getByRole('tab', { name: 'Texts' }).click();
  const title = page.getByLabel('title (English)', { exact: true });
  const original = await title.inputValue();
  const figures: number[] = [];
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (let i = 0; i < EDITS; i++) {
    const mark = `(${i})`;
    await title.fill(`${original} ${mark}`);
    await frame.locator('h1', { hasText: mark }).waitFor({ timeout: 30_000 });
    // The panel's figure follows the iframe's answer, a moment after the heading is on screen.
    await page.waitForFunction((seen) => document.querySelector('[data-testid=preview-timing]')?.getAttribute('data-ms') !== seen, String(figures.at(-1) ?? ''), { timeout: 5000 }).catch(() => {});
    const ms = Number(await timing.getAttribute('data-ms'));
    figures.push(ms);
    console.log(`edit ${i + 1}: visible after ${ms} ms (server ${await timing.getAttribute('data-fetch-ms')} ms)`);
    await page.waitForTimeout(300);
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(`studio preview, edit → visible: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms over ${figures.length} edits (required: < 1000 ms)`);
} finally {
  await browser.close();
  process.kill(-server.pid!, 'SIGTERM');
}
