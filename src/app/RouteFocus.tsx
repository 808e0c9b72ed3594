import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_ID } from '../components/LanguageTabs.tsx';
import { focusQuietly } from './whenEngaged.ts';

/** How long a new screen may take (its chunk, its content) before its heading is no longer awaited. */
const WAIT_MS = 10_000;

/**
 * A new screen is announced as a page load is: on a client-side change of route (not the first load,
 * and not a change of ?lang= or of a list's filters), focus moves to the screen's <h1>, so a screen
 * reader reads its title and the next Tab starts from the top of the new content, not from <body> or
 * from the link that led here. The heading appears when the screen's code has come; until then it is
 * awaited, unless the visitor has moved focus meanwhile. Generic: any screen with an <h1> in <main>.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  // Where the focus was when the address changed, read while rendering: before the new screen's own
  // effects run, so a screen that puts the focus somewhere itself keeps it there.
  const before = useRef<Element | null>(null);
  if (shown.current !== pathname && typeof document !== 'undefined') before.current = document.activeElement;
  useEffect(() => {
    if (shown.current === pathname) return; // the first load (also when StrictMode runs this twice)
    shown.current = pathname;
    return focusHeadingWhenShown(before.current);
  }, [pathname]);
  return null;
}

/** Focuses the <h1> of <main> once it is there, unless the focus moved from `before`; returns what stops waiting. */
function focusHeadingWhenShown(before: Element | null): () => void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return () => undefined;
  const focus = (): boolean => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    const now = document.activeElement;
    if (now === before || now === null || now === document.body) {
      // Focusable by script only (not in the Tab order); the heading is no control, so no focus ring.
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.style.outline = 'none';
      focusQuietly(heading, { preventScroll: true }); // ScrollReset (or the browser, going back) decides the position
    }
    return true;
  };
  if (focus()) return () => undefined;
  const observer = new MutationObserver(() => focus() && stop());
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
