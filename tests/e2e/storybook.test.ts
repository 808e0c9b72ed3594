/**
 * Every story (one per form variant and staff card, generated from the registry) renders without errors
 * in the built Storybook: the form stories too (they once all crashed with "resolver.parse is not a
 * function", a Vite alias of the site's that gave AJV a URI resolver without `parse`), filled with their
 * schema's examples, in the language the toolbar's switcher sets.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ROOT } from '../support/pocketbase.ts';
import { serveStatic } from '../support/static-server.ts';

// Beside the site's build when FORMWORK_E2E_OUT moves it, so two runs in one checkout keep apart.
const OUT = process.env.FORMWORK_E2E_OUT ? `${process.env.FORMWORK_E2E_OUT}-storybook` : join(ROOT, 'storybook-static');

describe('storybook', () => {
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let stories: { id: string; title: string; name: string }[] = [];

  beforeAll(async () => {
    execFileSync('npx', ['storybook', 'build', '-o', OUT, '--quiet'], { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
    const index = JSON.parse(readFileSync(join(OUT, 'index.json'), 'utf8')) as { entries: Record<string, { id: string; title: string; name: string; type: string }> };
    stories = Object.values(index.entries).filter((e) => e.type === 'story');
    server = await serveStatic(OUT);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('has a story for every form variant and staff card of the registry', async () => {
    const { registry } = await import('../../src/generated/registry.ts');
    const expected = registry.services.flatMap((s) => [...s.forms.map((f) => `${s.id} / ${f.id} form`), `${s.id} / staff card`]);
    // The generated ones; hand-written stories (stories/*.stories.tsx) have titles of their own.
    expect(stories.filter((s) => s.title === 'Services').map((s) => s.name).sort()).toEqual(expected.sort());
  });

  it("fills each form story with its schema's examples", async () => {
    const { registry } = await import('../../src/generated/registry.ts');
    const page = await browser.newPage();
    let checked = 0;
    for (const s of registry.services) {
      for (const variant of s.forms) {
        const form = await variant.load();
        const first = form.steps?.[0]?.fields ?? Object.keys(form.schema.properties ?? {});
        // A plain text field of the first screen with an example: its input shows the example as written.
        const field = first.find((name) => {
          const prop = form.schema.properties?.[name] as { type?: string; enum?: unknown; format?: string; examples?: unknown[] } | undefined;
          const traits = form.traits[name];
          return prop?.type === 'string' && !prop.enum && !prop.format && prop.examples?.length && !traits?.file && !traits?.mask && !traits?.sensitive && !traits?.routeParam;
        });
        if (!field) continue;
        const example = String((form.schema.properties?.[field] as { examples: unknown[] }).examples[0]);
        const story = stories.find((st) => st.title === 'Services' && st.name === `${s.id} / ${variant.id} form`);
        if (!story) throw new Error(`no story for ${s.id} / ${variant.id}`);
        await page.goto(`${server.url}/iframe.html?id=${story.id}&viewMode=story`);
        await expect.poll(() => page.locator(`#root_${field}`).inputValue(), { timeout: 20_000, message: `${story.id}: ${field}` }).toBe(example);
        checked++;
      }
    }
    await page.close();
    expect(checked).toBeGreaterThan(0);
  });

  it("renders a story in the toolbar's language (globals.locale), as ?lang= does on the site", async () => {
    const { registry } = await import('../../src/generated/registry.ts');
    const story = stories.find((st) => st.name.endsWith(' form'));
    if (!story) throw new Error('no form story');
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const headings: string[] = [];
    for (const locale of registry.languages) {
      await page.goto(`${server.url}/iframe.html?id=${story.id}&viewMode=story&globals=locale:${locale}`);
      await page.locator('#storybook-root form').first().waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      headings.push((await page.locator('#storybook-root h1').first().textContent()) ?? '');
    }
    await page.close();
    // Each language its own text (uz and ru are real translations, not English).
    expect(new Set(headings).size).toBe(registry.languages.length);
    expect(problems).toEqual([]);
  });

  it("shows the stories in the site's theme: its primary colour and its AA error colour", async () => {
    const { cssVariablesResolver, theme } = await import('../../src/app/theme.ts');
    const { DEFAULT_THEME, mergeMantineTheme } = await import('@mantine/core');
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const shade = typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
    const error = cssVariablesResolver(merged).light['--mantine-color-error'];
    const [story] = stories;
    if (!error || !story) throw new Error('the theme names no error colour, or there is no story');
    const pairs = [
      ['var(--mantine-primary-color-filled)', `var(--mantine-color-${merged.primaryColor}-${shade})`],
      ['var(--mantine-color-error)', error],
    ];
    const page = await browser.newPage();
    await page.goto(`${server.url}/iframe.html?id=${story.id}&viewMode=story`);
    await page.locator('#storybook-root h1, #storybook-root article').first().waitFor({ timeout: 20_000 });
    // Each pair as the story's page computes it: the variable the components use, and the theme's colour.
    const computed = await page.evaluate((colours) => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const out = colours.map((pair) =>
        pair.map((colour) => {
          probe.style.color = colour;
          return getComputedStyle(probe).color;
        }),
      );
      probe.remove();
      return out;
    }, pairs);
    await page.close();
    for (const [used, themed] of computed) expect(used).toBe(themed);
  });

  it('renders each story with content and no console error', async () => {
    const page = await browser.newPage();
    for (const story of stories) {
      const problems: string[] = [];
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      page.removeAllListeners('response');
      // Storybook has no server: a form's question to ours (whether its checkout opens) goes unanswered, as
      // offline, and the form then promises no payment window. Anything else that fails is a problem.
      page.on('response', (r) => r.status() >= 400 && !new URL(r.url()).pathname.startsWith('/api/formwork/') && problems.push(`${r.status()} ${r.url()}`));
      await page.goto(`${server.url}/iframe.html?id=${story.id}&viewMode=story`);
      await page.locator('#storybook-root h1, #storybook-root article').first().waitFor({ timeout: 20_000 });
      // The heading may come before the rest (a form's module and messages load after it).
      await expect.poll(async () => ((await page.locator('#storybook-root').textContent()) ?? '').length, { message: story.id }).toBeGreaterThan(20);
      expect({ story: story.id, problems }).toEqual({ story: story.id, problems: [] });
      // A form story shows its form (not the "not found" page a missing route value would give).
      if (story.name.endsWith(' form')) await page.locator('#storybook-root form').first().waitFor({ timeout: 20_000 });
    }
    await page.close();
  });
});
