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

/**
 * A staff frame's mark (src/prerender/entry.tsx renderFrame): the role, language and path it was rendered
 * for. It never matches prerenderedMark: a frame is hydrated only by canHydrateFrame.
 */
export const frameMark = (role: string, locale: string, pathname: string): string => `frame ${role} ${locale} ${pathname}`;

/**
 * The cookie that names the signed-in staff member's role: src/features/staff/frameHint.ts writes it, the
 * server picks a frame by it (pb_hooks/lib/prerendered.js, under the same name), src/main.tsx reads it.
 */
export const STAFF_FRAME_COOKIE = 'formwork.staff';

/**
 * Whether the browser may hydrate a staff frame: it is this screen's, in this language, for the role of
 * the session this browser holds, and the visit carries no router state. `role` is the staff cookie once
 * the session store has loaded, which keeps the cookie in step with the stored session (frameHint.ts): so
 * a session that has ended, or whose role changed since the server read the cookie, is rendered afresh.
 */
export function canHydrateFrame(container: Element, visit: { pathname: string; locale: string; role: string | null; routerState: unknown }): boolean {
  return (
    visit.role !== null && container.getAttribute(PRERENDERED_ATTRIBUTE) === frameMark(visit.role, visit.locale, visit.pathname) && visit.routerState == null
  );
}

/** The role the staff cookie names, if any. */
export function staffCookieRole(cookies: string): string | null {
  for (const cookie of cookies.split(';')) {
    const [name, value] = cookie.trim().split('=');
    if (name === STAFF_FRAME_COOKIE && value) return value;
  }
  return null;
}

/** Whether the build rendered what the container holds, hydratable or not. */
export const holdsPrerendered = (container: Element): boolean => container.hasAttribute(PRERENDERED_ATTRIBUTE);
