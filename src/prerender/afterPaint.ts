/**
 * The only script a prerendered page names (scripts/build-site.mjs puts it in place of the app's entry).
 * The page reads without JavaScript, so the app's code is fetched only once the browser has painted it:
 * on a slow phone network the HTML and the stylesheet then have the connection to themselves, instead of
 * sharing it with ~200 KB of script the first paint does not need. The app then loads and hydrates as
 * before (src/main.tsx); until it has, the form waits, disabled, in UntilHydrated.
 *
 * The build writes the entry's address into `data-app`, and the modules the entry imports (Vite's
 * modulepreload list) into `data-preload`, so they are fetched side by side, not one after the other.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app]');
let started = false;

function loadApp(): void {
  if (started || !script?.dataset.app) return;
  started = true;
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  void import(/* @vite-ignore */ script.dataset.app);
}

// "After the first paint" as the browser reports it: its first-contentful-paint entry, dispatched once
// the frame is on screen. A hidden tab paints nothing, and a browser without paint timing cannot say: the
// app loads at once there. Should no paint be reported, the page's load event (all its stylesheets and
// images in) starts it a second later.
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  loadApp();
} else {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    loadApp();
  }).observe({ type: 'paint', buffered: true });
  addEventListener('load', () => setTimeout(loadApp, 1000), { once: true });
}
