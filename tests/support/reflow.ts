/**
 * WCAG 1.4.10 Reflow, as the end-to-end tests check it: at 320 CSS px wide (a 1280 px screen at 400 %
 * zoom) nothing may need scrolling sideways.
 */
import type { Page } from 'playwright-core';

/**
 * What makes the page wider than the screen, once it has laid itself out again: [] when nothing does.
 * Names the elements (innermost first, the page's frames around <main> left out) whose box or content
 * reaches past the right edge; if none can be named, says how much wider the page is. A page that hides
 * what sticks out (`overflow-x` other than visible on <html> or <body>) is reported too: it cuts content
 * off instead of reflowing it.
 */
export async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const found: string[] = [];
            for (const el of [document.documentElement, document.body]) {
              const overflow = getComputedStyle(el).overflowX;
              if (overflow !== 'visible') found.push(`<${el.tagName.toLowerCase()}> overflow-x: ${overflow}`);
            }
            const width = document.documentElement.clientWidth;
            const pageWidth = document.documentElement.scrollWidth;
            if (pageWidth <= width + 1) return resolve(found);
            const main = document.querySelector('main');
            const describe = (el: Element, right: number) =>
              `<${el.tagName.toLowerCase()}${el.className ? ` class="${String(el.className).slice(0, 60)}"` : ''}> ${Math.round(right)} px: "${(el.textContent ?? '').trim().slice(0, 40)}"`;
            // An element's box, or its content spilling out of it (a long word in a paragraph).
            const reach = (el: HTMLElement) => Math.max(el.getBoundingClientRect().right, el.getBoundingClientRect().left + el.scrollWidth);
            const sticking = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
              (el) => reach(el) > width + 1 && !el.closest('.sr-only') && !(main && el.contains(main)),
            );
            const innermost = sticking.filter((el) => !sticking.some((other) => other !== el && el.contains(other)));
            found.push(...innermost.slice(0, 5).map((el) => describe(el, reach(el))));
            if (innermost.length === 0) found.push(`the page is ${pageWidth} px wide on a ${width} px screen`);
            resolve(found);
          }),
        ),
      ),
  );
}
