/** axe-core in the browser: the bundle to put into each document, and its WCAG A/AA violations on a page. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core in every document of the context, ahead of the site's scripts. An init script rather than a
 * <script> tag (page.addScriptTag): the site's Content-Security-Policy rightly refuses inline scripts, and
 * bypassing CSP for the context would hide the site's own breaches from the tests' console checks.
 */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: AXE_SOURCE });
}

/**
 * Until the page's transitions and finite animations have ended: axe reads colours as they are at that
 * moment, and midway (a modal opening; a prerendered control's colour easing from "disabled" once the
 * script enables it) they are neither the one before nor the one after. Endless ones (a skeleton's pulse)
 * are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

interface AxeResult {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[];
}

/** axe's WCAG A/AA violations on the page once its animations have settled, one readable line per offending element. */
export async function violations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const found = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, summary: n.failureSummary })),
    }));
  }, AXE_TAGS);
  return found.flatMap((v) =>
    v.nodes.map((n) => {
      const html = n.html.replace(/\s+/g, ' ').slice(0, 160);
      const why = (n.summary ?? '').split('\n').slice(1).join(' ').trim().slice(0, 200);
      return `${v.id} [${v.impact ?? '?'}] ${v.help} — ${JSON.stringify(n.target)} — ${html}${why ? ` — ${why}` : ''}`;
    }),
  );
}
