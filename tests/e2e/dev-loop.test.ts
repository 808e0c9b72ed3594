/**
 * `npm run dev`, the content editor's live preview, on a copy of the project (the repo's schemas are
 * never touched): started on a free port, it serves a form from Vite with the API proxied to its own
 * PocketBase; a label edited in the copy's schemas shows in chromium without a reload by hand (the time
 * it takes is printed: the edit-to-preview figure); a schema mistake shows in the page, in Vite's error
 * overlay, with the generator's own text of the problem, and in the terminal; fixing it clears the overlay.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaError } from '../../generator/errors.ts';
import { generate } from '../../generator/pipeline.ts';
import { label, launchBrowser } from '../support/browser.ts';
import { freePort, ROOT } from '../support/pocketbase.ts';
import { copyProject, type ProjectCopy } from '../support/project-copy.ts';

const TEXTS = 'services/ticket/i18n/en.json';
const KEY = 'fields.name.label';

describe('npm run dev', () => {
  let copy: ProjectCopy;
  let child: ChildProcess;
  let output = '';
  let url = '';
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    copy = copyProject();
    // The copy is a project of its own: its package.json says its sources are ES modules (vite.config.ts).
    cpSync(join(ROOT, 'package.json'), join(copy.root, 'package.json'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // Its own process group, so the dev server, its PocketBase and Mailpit are stopped together.
    child = spawn('npm', ['run', 'dev', '--', '--root', copy.root, '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 240_000;
    while (!output.includes('Formwork dev server') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
    if (!output.includes('Formwork dev server')) throw new Error(`npm run dev did not start:\n${output}`);
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    copy?.remove();
  });

  const overlay = () => page.locator('vite-error-overlay');
  // The overlay draws in its shadow root, which CSS locators enter (textContent on the host would not).
  const overlayText = async () => ((await overlay().count()) > 0 ? ((await overlay().locator('.window').textContent()) ?? '') : '');
  const setLabel = (text: string) => copy.edit(TEXTS, (json) => void (json[KEY] = text));

  it('prints where the page, the staff sign-in and the dev PocketBase are, on the port asked for', async () => {
    expect(output).toContain(`site:             ${url}/`);
    expect(output).toMatch(/staff sign-in: +http:\/\/127\.0\.0\.1:\d+\/staff\/sign-in/);
    expect(output).toContain(`data:             ${join(copy.root, 'pb_data.dev')}`);
    // The API is the dev PocketBase's, through Vite's proxy.
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('shows a label edited in the schemas, without a reload by hand', async () => {
    await page.goto(`${url}/ticket`);
    await page.getByText(label('Full name')).first().waitFor({ timeout: 120_000 });
    // Vite may reload the page once when it has optimized a dependency it met late; let that pass.
    await page.waitForLoadState('networkidle');
    const times: number[] = [];
    for (const text of ['Your full name', 'Full name as on your ID', 'Full name']) {
      const edited = Date.now();
      setLabel(text);
      await page.getByText(label(text)).first().waitFor({ timeout: 60_000 });
      times.push(Date.now() - edited);
    }
    // The generator's share of it, as the dev server reports each run.
    const runs = [...output.matchAll(/regenerated in (\d+) ms/g)].map((m) => m[1]).slice(-times.length);
    console.log(`edit → visible in chromium: ${times.join(' ms, ')} ms (median ${[...times].sort((a, b) => a - b)[1]} ms); the generator's runs: ${runs.join(' ms, ')} ms`);
    expect(pageErrors).toEqual([]);
  });

  it("shows a schema mistake in the page with the generator's text, and clears it once fixed", async () => {
    const good = readFileSync(join(copy.schemasDir, TEXTS), 'utf8');
    // A trailing comma, the commonest slip in hand-written JSON.
    const broken = good.replace(/"\n}\s*$/, '",\n}\n');
    expect(broken).not.toBe(good);
    writeFileSync(join(copy.schemasDir, TEXTS), broken);
    // What the generator says about it, from its API (the wording is the generator's business).
    const problem = await generate({ root: copy.root }).then(
      () => null,
      (err: unknown) => (err instanceof SchemaError ? err.problems[0] : null),
    );
    if (!problem) throw new Error('the broken file gave no schema problem');
    expect(problem.file).toBe(`schemas/${TEXTS}`);
    await expect.poll(overlayText, { timeout: 60_000 }).toContain(problem.message);
    expect(await overlayText()).toContain(`schemas/${TEXTS}`);
    expect(output).toContain(problem.message);
    // The page keeps its last good state under the overlay.
    await expect(page.getByText(label('Full name')).first().isVisible()).resolves.toBe(true);
    // A page opened meanwhile (or reloaded) is shown the problem too.
    const other = await browser.newPage();
    await other.goto(`${url}/ticket`);
    await expect.poll(async () => ((await other.locator('vite-error-overlay').count()) > 0 ? await other.locator('vite-error-overlay .window').textContent() : ''), { timeout: 60_000 }).toContain(problem.message);
    await other.close();

    writeFileSync(join(copy.schemasDir, TEXTS), good);
    await expect.poll(() => overlay().count(), { timeout: 60_000 }).toBe(0);
    await page.getByText(label('Full name')).first().waitFor({ timeout: 60_000 });
    expect(pageErrors).toEqual([]);
  });
});
