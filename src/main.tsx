import '@mantine/core/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { localeFor } from './app/locale.tsx';
import { AppRoutes, prepareRoute } from './app/routes.tsx';
import { SiteProviders } from './app/SiteProviders.tsx';
import { canHydrate, canHydrateFrame, holdsPrerendered, staffCookieRole } from './prerender/marker.ts';

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
  const ready = prepareRoute(pathname, locale, { prerendered: hydrating });

  if (hydrating) {
    // The page's HTML was rendered by the build (src/prerender/). React takes it over once the screen's
    // code and texts are here, so the first render matches it; as a transition, hydration yields to the
    // browser every few milliseconds instead of holding a phone's main thread for the whole form. Code
    // the screen needs only once used (a form's) is not waited for: it comes at the visitor's first
    // focus, tap or key, and React takes its part of the page over then.
    ready.then(
      () => startTransition(() => void hydrateRoot(container, app)),
      () => createRoot(container).render(app), // the screen shows its own load error
    );
  } else if (holdsPrerendered(container)) {
    // A staff frame of this screen for the session's role is the screen's own first render, so React takes
    // it over as it does a public page: no second copy of the page built and swapped in, and no layout of
    // the whole page again. Other HTML the browser may not take over (a frame for another role or an ended
    // session, a page in another language than the visitor's) stays on screen until the screen's code and
    // texts are here; then the app replaces it in one commit, with no loader in between. Both as a
    // transition, so React yields to the browser every few milliseconds while it renders.
    const takeOver = () => {
      const role = staffCookieRole(document.cookie); // in step with the stored session once `ready` has loaded it
      const routerState = (window.history.state as { usr?: unknown } | null)?.usr;
      if (canHydrateFrame(container, { pathname, locale, role, routerState })) startTransition(() => void hydrateRoot(container, app));
      else startTransition(() => createRoot(container).render(app));
    };
    ready.then(takeOver, () => startTransition(() => createRoot(container).render(app))); // on a load error, the screen reports it
  } else {
    ready.catch(() => {}); // the screen reports its own load error
    createRoot(container).render(app);
  }
}

// In a task of its own: matching the route and starting its loads (Vite adds a <link> per chunk of the
// screen, and each starts a fetch) took ~110 ms at 4× CPU slowdown on top of evaluating this bundle,
// which made one long task of both.
setTimeout(start, 0);
