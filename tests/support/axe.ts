/** axe-core in the browser: the bundle to put into each document, and its WCAG A/AA violations on a page. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core in every document of the context, ahead of the site's scripts. */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: AXE_SOURCE });
}

/**
 * axe's WCAG A/AA violations on the page once its transitions (a modal opening) have ended, one line
 * per offending element.
 */
export async function violations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; help: string; nodes: { html: string }[] }[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.html.slice(0, 160)}`));
  }, AXE_TAGS);
}
