/**
 * The build's server-side entry (scripts/build-site.mjs bundles it for Node): renders a route, in a
 * language, to the HTML the browser later hydrates. The tree is the browser's (src/main.tsx) with a
 * StaticRouter in place of the BrowserRouter; everything the screen shows is loaded first (prepareRoute),
 * so the render has no loader in it.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, prepareRoute, prerenderedPaths, routePatterns } from '../app/routes.tsx';
import { SiteProviders } from '../app/SiteProviders.tsx';
import { registry } from '../generated/registry.ts';
import { prerenderedTitle } from '../hooks/useDocumentTitle.ts';
import type { Locale } from '../engine/types.ts';

export { PRERENDERED_ATTRIBUTE, prerenderedMark } from './marker.ts';

export const languages: readonly Locale[] = registry.languages;
export const defaultLanguage: Locale = registry.defaultLanguage;
export const paths = prerenderedPaths;
export const routes = routePatterns;

export interface RenderedPage {
  html: string;
  title: string | null;
}

export async function renderPage(pathname: string, locale: Locale): Promise<RenderedPage> {
  await prepareRoute(pathname, locale);
  prerenderedTitle.current = null;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <SiteProviders>
      <StaticRouter location={`${pathname}?lang=${locale}`}>
        <AppRoutes />
      </StaticRouter>
    </SiteProviders>,
    // One piece: larger boundaries would otherwise be sent after the shell, completed by inline scripts
    // (React's progressive chunking), which the Content-Security-Policy forbids and a phone need not run.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw new Error(`prerendering ${pathname} (${locale}) failed: ${String(errors[0])}`, { cause: errors[0] });
  const html = Buffer.concat(chunks).toString('utf8');
  // A boundary left to the browser (<!--$?-->, <!--$!-->) or an inline script would not be a page that
  // shows without its script, under a policy that forbids inline scripts.
  const partial = /<!--\$[?!]-->|<script/.exec(html);
  if (partial) throw new Error(`prerendering ${pathname} (${locale}) left ${partial[0]} in the page: something suspended that prepareRoute did not load`);
  return { html, title: prerenderedTitle.current };
}
