/**
 * How a prerendered page is marked (the build sets data-prerendered="<locale> <path>" on #root) and when
 * the browser may hydrate it rather than render afresh: only if the HTML is of the same language and
 * address, and the visit carries no router state (a page reached after a submit shows what that state
 * says, which the build could not know).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export const prerenderedMark = (locale: string, pathname: string): string => `${locale} ${pathname}`;

export function canHydrate(container: Element, visit: { pathname: string; locale: string; routerState: unknown }): boolean {
  return container.getAttribute(PRERENDERED_ATTRIBUTE) === prerenderedMark(visit.locale, visit.pathname) && visit.routerState == null;
}

/** Whether the build rendered what the container holds, hydratable or not. */
export const holdsPrerendered = (container: Element): boolean => container.hasAttribute(PRERENDERED_ATTRIBUTE);
