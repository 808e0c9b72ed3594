/**
 * React.lazy for a screen, that renders at once when the screen's module is already here (loaded by
 * prepareRoute, or by an earlier visit): React resolves a lazy component synchronously when the thenable
 * its factory returns calls back at once. So a prerendered page hydrates in one pass, without its
 * screens suspending, and a screen seen before shows without its loader.
 */
import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { whenEngaged } from './whenEngaged.ts';

export interface LazyScreen<P> {
  Screen: LazyExoticComponent<ComponentType<P>>;
  /** Loads the module (once; later calls share it). */
  load: () => Promise<unknown>;
  /**
   * From now until the visitor's first focus, tap or key (app/whenEngaged.ts), rendering the screen
   * waits rather than loads it: React leaves a prerendered page's HTML of it in place meanwhile and
   * takes it over when the code has come (src/main.tsx, for code a page needs only once it is used).
   */
  holdUntilEngaged: () => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are checked where the screen is used
export function lazyScreen<P = any>(importer: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let module: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let held: Promise<void> | undefined;
  let release = () => {};
  const load = () => {
    release(); // a render held until engagement takes the module loaded for another reason (a visit) too
    return (pending ??= importer().then(
      (m) => (module = m),
      (error: unknown) => {
        pending = undefined; // a failed chunk may load on the next try
        throw error;
      },
    ));
  };
  const Screen = lazy(() => {
    const loaded = module;
    if (!loaded) return held ? held.then(load) : load();
    // A thenable that resolves synchronously: what React.lazy reads as "already loaded".
    return {
      then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(loaded),
    } as unknown as Promise<{ default: ComponentType<P> }>;
  });
  const holdUntilEngaged = () =>
    void (held ??= new Promise<void>((resolve) => {
      release = resolve;
      whenEngaged(resolve);
    }));
  return { Screen, load, holdUntilEngaged };
}

/**
 * Loads a screen that opens on a click (a dialog) at the visitor's first focus, tap or key, so the
 * click seldom waits for it, and the page's first load never does. A failed fetch here is tried again
 * when the screen renders.
 */
export function usePreloadWhenEngaged(screen: Pick<LazyScreen<unknown>, 'load'>): void {
  useEffect(() => whenEngaged(() => void screen.load().catch(() => undefined)), [screen]);
}
