import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};
const FRAME = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/**
 * Controls that stay disabled until the page's script has taken them over. A prerendered form shows
 * before its script runs, and text typed into it then would stay on screen without reaching React's
 * state (hydration keeps an input's text but reports no change), so it would silently not be sent.
 * The fieldset is disabled in the prerendered HTML and in the hydrating render, and enabled right after
 * (only it re-renders: its children are the same elements); a screen rendered in the browser alone
 * starts enabled. React hydrates the content of a Suspense boundary in a later pass than the page around
 * it, so each boundary of a prerendered page has one of its own (routes.tsx `screen`, Blocks).
 */
/**
 * False while React renders for the build's HTML or takes that HTML over, true from the render after;
 * true from the start where the browser renders on its own.
 */
const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    // Once the script runs, only a frame: not a group screen readers should announce. Before, a busy
    // group (what the end-to-end tests wait on as on any loader).
    <fieldset disabled={!hydrated} {...(hydrated ? { role: 'presentation' } : { 'aria-busy': true })} style={FRAME}>
      {children}
    </fieldset>
  );
}

/**
 * A Suspense boundary for content a page may have prerendered: React hydrates what is inside it in a
 * pass of its own, after the page around it, so it holds its own UntilHydrated. Use it, not a bare
 * <Suspense>, around anything a prerendered screen shows.
 */
export function HydratingSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <UntilHydrated>{children}</UntilHydrated>
    </Suspense>
  );
}
