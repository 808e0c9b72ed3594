/// <reference path="../bin/pocketbase-types.d.ts" />
// The built site (the --publicDir, dist/ under `npm start`) is served by PocketBase's own static handler,
// `$apis.static`, on the directory and with the index fallback PocketBase parsed from its flags. PocketBase
// adds that route itself unless a hook defines "/{path...}"; this one does, to put in front of the handler
// what a phone on a slow network and the prerendered pages need (Lighthouse's "text compression" and
// "cache lifetimes"):
//
// - the security headers of a page (lib/csp.js: the Content-Security-Policy and the rest),
// - gzip (Vite's JS and CSS shrink ~4×; PocketBase's static handler sends none),
// - the hashed files under /assets/ cached for a year (a new build has new names), and the rest
//   revalidated on every visit, so a deploy is seen at once,
// - for a route the build prerendered, the page in the visitor's language instead of the empty shell:
//   lib/prerendered.js picks the file, the static handler serves it. A language asked for with ?lang= is
//   remembered in the formwork.lang cookie, as the site's script would,
// - 404 for an address the site has no file or screen for (the build's prerendered/routes.json; the shell
//   still shows the site's "not found"), and 405 for any other method than GET at a page's address.
//
// The API (/api/…) and the dashboard (/_/…) have their own routes, untouched: no gzip of uploads or of the
// realtime stream, no page headers on an API answer or an uploaded file (lib/csp.js), and no JS on any API
// request but the hooks of its collection. (Behind a reverse proxy, the proxy may do the gzip and the
// caching instead; the pages and the statuses still come from here.)
(() => {
  const flags = $app.rootCmd.persistentFlags();
  const publicDir = flags.lookup('publicDir').value.string();
  const indexFallback = flags.lookup('indexFallback').value.string() === 'true';
  $app.store().set('formwork.publicDir', publicDir); // handlers run in other VMs: no closures
  routerAdd('GET', '/{path...}', $apis.static(publicDir, indexFallback), $apis.gzip(), (e) => {
    const site = require(`${__hooks}/lib/prerendered.js`);
    const { language } = require(`${__hooks}/generated/contract.js`).cookies;
    const dir = $app.store().get('formwork.publicDir');
    const path = e.request.url.path;
    // An API address no route has: PocketBase's own answer.
    if (/^\/api(?:\/|$)/.test(path)) throw new NotFoundError();
    const headers = e.response.header();
    require(`${__hooks}/lib/csp.js`).setPageHeaders(headers, e.request);
    if (site.unknownAddress(dir, path)) {
      // The shell, which shows the site's "not found" (translated), with the status that says so.
      headers.set('Cache-Control', 'no-cache');
      return e.html(404, toString($os.readFile($filepath.join(dir, 'index.html'))));
    }
    headers.set('Cache-Control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    let remembered = '';
    try {
      remembered = e.request.cookie(language).value;
    } catch {
      // no cookie: the address or the default decides
    }
    const page = site.pageFor(dir, path, e.request.url.query().get('lang'), remembered);
    if (page) {
      e.request.setPathValue('path', page.file); // what the static handler serves
      headers.add('Vary', 'Cookie');
      // Always the whole page: every language's page has the same date, so a browser's copy of another
      // language's page would otherwise be confirmed as fresh (304).
      e.request.header.del('If-Modified-Since');
      // As the site's script writes it (src/app/locale.tsx); the value is one of the build's languages.
      if (page.remember) headers.add('Set-Cookie', `${language}=${page.remember}; Path=/; Max-Age=31536000; SameSite=Lax`);
    }
    return e.next();
  });

  // Any other method at a page's address (a form is never sent there: the API takes it): 405 with the
  // methods that are allowed. An address with no page, and the API's and the dashboard's unknown routes,
  // keep PocketBase's 404.
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    routerAdd(method, '/{path...}', (e) => {
      const path = e.request.url.path;
      if (/^\/(?:api|_)(?:\/|$)/.test(path)) throw new NotFoundError();
      if (require(`${__hooks}/lib/prerendered.js`).unknownAddress($app.store().get('formwork.publicDir'), path)) throw new NotFoundError();
      e.response.header().set('Allow', 'GET, HEAD');
      return e.json(405, { status: 405, message: 'Method Not Allowed.', data: {} });
    });
  }
})();
