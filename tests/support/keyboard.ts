/** Moving through a page as someone without a mouse does: Tab to a control, arrows to an option. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Whether the focus is on what `target` points at. */
export const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Moves the focus with Tab (Shift+Tab with `back`) until it is on `target`; fails when `max` presses do
 * not get there (the control is out of the Tab order, or missing).
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 200 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max && !(await focused(target)); presses++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  if (!(await focused(target))) throw new Error(`${back ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()} in ${max} presses`);
}

/** Picks an option of the focused native <select> with the arrow keys (a closed select changes its value with them). */
export async function chooseByKeys(page: Page, select: Locator, value: string): Promise<void> {
  const values = await select.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  const to = values.indexOf(value);
  if (to < 0) throw new Error(`no option ${value} among ${values.join(', ')}`);
  const from = values.indexOf(await select.inputValue());
  for (let i = from; i !== to; i += to > from ? 1 : -1) await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
  await expect.poll(() => select.inputValue()).toBe(value);
}
