import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_ID } from '../components/LanguageTabs.tsx';

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
  // Where the focus was when the address changed, read as the change is committed: this component is
  // placed before the screens (Root), so its layout effect runs before theirs and before an autofocus
  // of the new screen, and a screen that puts the focus somewhere itself keeps it there.
  const before = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (shown.current !== pathname) before.current = document.activeElement;
  }, [pathname]);
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
      heading.focus({ preventScroll: true }); // ScrollReset (or the browser, going back) decides the position
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
