import './app/mantineStyles.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { localeFor } from './app/locale.tsx';
import { AppRoutes, prepareRoute } from './app/routes.tsx';
import { SiteProviders } from './app/SiteProviders.tsx';
import { canHydrate, holdsPrerendered } from './prerender/marker.ts';

const container = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <SiteProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SiteProviders>
  </StrictMode>
);

/** Loads what the screen needs, then takes over the prerendered page or renders afresh. */
function start(): void {
  const { pathname, search } = window.location;
  const locale = localeFor(search);
  const hydrating = canHydrate(container, { pathname, locale, routerState: (window.history.state as { usr?: unknown } | null)?.usr });
  const ready = prepareRoute(pathname, locale);

  if (hydrating) {
    // The page's HTML was rendered by the build (src/prerender/). React takes it over once the screen's
    // code and texts (a form's included) are here, so the first render matches it; as a transition,
    // hydration yields to the browser every few milliseconds instead of holding a phone's main thread
    // for the whole form.
    ready.then(
      () => startTransition(() => void hydrateRoot(container, app)),
      () => createRoot(container).render(app), // the screen shows its own load error
    );
  } else if (holdsPrerendered(container)) {
    // A prerendered page React may not take over (in another language than the visitor's, or a visit with
    // router state) stays on screen until the screen's code and texts are here; then the app replaces it
    // in one commit, with no loader in between.
    const render = () => startTransition(() => createRoot(container).render(app));
    ready.then(render, render); // on a load error, the screen reports it
  } else {
    ready.catch(() => {}); // the screen reports its own load error
    createRoot(container).render(app);
  }
}

// In a task of its own: matching the route and starting its loads (Vite adds a <link> per chunk of the
// screen, and each starts a fetch) took ~110 ms at 4× CPU slowdown on top of evaluating this bundle,
// which made one long task of both.
setTimeout(start, 0);
