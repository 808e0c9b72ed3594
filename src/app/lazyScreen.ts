/**
 * A screen whose code is a chunk of its own: it renders at once when the module is already here (loaded
 * by prepareRoute, or by an earlier visit), so a prerendered page hydrates in one pass without its
 * screens suspending, and a screen seen before shows without its loader; else it suspends until the
 * module has come. Like React.lazy, but a chunk that failed to load is tried again: after a pause (a
 * phone's connection drops for a moment), and when the screen is rendered again (another visit to the
 * address: RouteErrorBoundary), where React.lazy keeps the failure until the page is reloaded.
 */
import { createElement, use, useEffect, type ComponentType } from 'react';

export interface LazyScreen<P> {
  Screen: ComponentType<P>;
  /** Loads the module (once; later calls share it). */
  load: () => Promise<unknown>;
}

/** Pauses before the second and third try of a chunk that failed to load. */
const RETRY_AFTER_MS = [1000, 3000];
/** How long a render sees a chunk's failure before it tries the chunk again. */
const KEEP_FAILURE_MS = 5000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are checked where the screen is used
export function lazyScreen<P = any>(importer: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  type Module = { default: ComponentType<P> };
  let module: Module | undefined;
  let pending: Promise<Module> | undefined;
  const tries = async (): Promise<Module> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await importer();
      } catch (error) {
        if (attempt >= RETRY_AFTER_MS.length) throw error;
        await pause(RETRY_AFTER_MS[attempt] ?? 0);
      }
    }
  };
  const load = () =>
    (pending ??= tries().then(
      (m) => (module = m),
      (error: unknown) => {
        pending = undefined; // a failed chunk may load on the next try
        throw error;
      },
    ));
  // What a render waits for: one promise while it is pending (React asks for it on every try). A failure
  // stands for a while (React renders once more at once after an error, which must see it, not start
  // over), then a later render (another visit to the address) loads the chunk again.
  let rendering: Promise<Module> | undefined;
  let failedAt = 0;
  const whenLoaded = (): Promise<Module> => {
    if (failedAt && Date.now() - failedAt > KEEP_FAILURE_MS) {
      rendering = undefined;
      failedAt = 0;
    }
    return (rendering ??= load().then(
      () => module as Module,
      (error: unknown) => {
        failedAt = Date.now();
        throw error;
      },
    ));
  };
  function Screen(props: P) {
    const { default: Component } = module ?? use(whenLoaded());
    return createElement(Component as ComponentType<object>, props as object);
  }
  return { Screen, load };
}

/**
 * Loads a screen that opens on a click (a dialog) once the screen offering it has shown, so the click
 * seldom waits for it and the first render never does. A failed fetch here is tried again when the
 * screen renders.
 */
export function usePreload(screen: Pick<LazyScreen<unknown>, 'load'>): void {
  useEffect(() => void screen.load().catch(() => undefined), [screen]);
}
