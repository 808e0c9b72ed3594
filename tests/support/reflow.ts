/**
 * WCAG 1.4.10 Reflow, as the end-to-end tests check it: at 320 CSS px wide (a 1280 px screen at 400 %
 * zoom) nothing may need scrolling sideways.
 */
import type { Page } from 'playwright-core';

/** The outermost elements that reach past the right edge of the screen, once the page has laid itself out again. */
export async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth <= width + 1) return resolve([]);
            const sticking = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.sr-only'));
            const outermost = sticking.filter((el) => !sticking.some((other) => other !== el && other.contains(el) && other !== document.body && !other.contains(document.querySelector('main'))));
            resolve(outermost.slice(0, 5).map((el) => `<${el.tagName.toLowerCase()}${el.className ? ` class="${String(el.className).slice(0, 60)}"` : ''}> ${Math.round(el.getBoundingClientRect().right)} px: "${(el.textContent ?? '').trim().slice(0, 40)}"`));
          }),
        ),
      ),
  );
}
