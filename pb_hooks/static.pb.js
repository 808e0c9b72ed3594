/// <reference path="../pb_data/types.d.ts" />
// The built site (the --publicDir, dist/ under `npm start`) as PocketBase's own static route serves it,
// plus what a phone on a slow network needs (Lighthouse's "text compression" and "cache lifetimes"):
//
// - the security headers of a page (lib/csp.js: the Content-Security-Policy and the rest),
// - gzip for every response of this route (Vite's JS and CSS shrink ~4×; PocketBase sends none),
// - the hashed files under /assets/ cached for a year (a new build has new names), and the HTML
//   shell revalidated on every visit, so a deploy is seen at once,
// - for a route the build prerendered, that page in the visitor's language instead of the empty shell
//   (pb_hooks/lib/prerendered.js): the form shows before its script has loaded. A language asked for
//   with ?lang= is remembered in the formwork.lang cookie, as the site's script would. A staff list's
//   address gets the frame of the role the formwork.staff cookie names (no data; a head start only),
// - 404 for an address the site has no file or screen for (the build's prerendered/routes.json; the shell
//   still shows the site's "not found"), and 405 for any other method than GET at a page's address.
//
// The route replaces the default one, which PocketBase only adds when no hook defined "/{path...}"; the
// API (/api/…) and the dashboard (/_/…) have their own routes, untouched: no gzip of uploads or of the
// realtime stream, no page headers on an API answer or an uploaded file (lib/csp.js), and no JS on any
// API request but the hooks of its collection. The flags are read as PocketBase reads them.
(() => {
  const args = [...$os.args];
  const flag = (name) => {
    const i = args.findIndex((a) => a === `--${name}` || a === `-${name}`);
    if (i >= 0) return args[i + 1];
    const hit = args.find((a) => a.startsWith(`--${name}=`) || a.startsWith(`-${name}=`));
    return hit === undefined ? undefined : hit.slice(hit.indexOf('=') + 1);
  };
  const publicDir = flag('publicDir') ?? $filepath.join(args[0], '../pb_public');
  const indexFallback = flag('indexFallback') !== 'false';
  $app.store().set('formwork.publicDir', publicDir); // handlers run in other VMs: no closures
  routerAdd(
    'GET',
    '/{path...}',
    $apis.static($os.dirFS(publicDir), indexFallback),
    (e) => {
      const path = e.request.url.path;
      let immutable = false;
      if (path.startsWith('/assets/') && !path.includes('..')) {
        try {
          immutable = !$os.stat($filepath.join($app.store().get('formwork.publicDir'), path)).isDir();
        } catch {
          // a missing asset gets index.html (the fallback), which must not be kept for a year
        }
      }
      const headers = e.response.header();
      headers.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      require(`${__hooks}/lib/csp.js`).setPageHeaders(headers, e.request);
      return e.next();
    },
    $apis.gzip(),
    (e) => {
      if (e.request.method !== 'GET' && e.request.method !== 'HEAD') return e.next();
      const dir = $app.store().get('formwork.publicDir');
      let page = null;
      let remember = null;
      try {
        const { buildFile, languageToRemember, prerenderedPage, staffFramePage } = require(`${__hooks}/lib/prerendered.js`);
        const languages = buildFile(dir, 'languages.json');
        const cookie = (name) => {
          try {
            return e.request.cookie(name).value;
          } catch {
            return ''; // no cookie: the address or the default decides
          }
        };
        const remembered = cookie('formwork.lang');
        const asked = e.request.url.query().get('lang');
        const path = e.request.url.path;
        // A staff list's frame for the role the browser names, else the route's page; a missing file is
        // not prerendered (no such route, or a build without prerendering): the next, then the static route.
        const files = [
          staffFramePage(path, asked, remembered, cookie('formwork.staff'), e.request.url.rawQuery, languages),
          prerenderedPage(path, asked, remembered, languages),
        ];
        for (const file of files) {
          if (page || !file) continue;
          try {
            page = toString($os.readFile($filepath.join(dir, file)));
          } catch {
            page = null;
          }
        }
        remember = languageToRemember(asked, remembered, languages);
      } catch {
        page = null; // no prerendered/languages.json (a build without prerendering): the static route answers
      }
      if (!page && require(`${__hooks}/lib/prerendered.js`).unknownAddress(dir, e.request.url.path)) {
        // An API address no route has: PocketBase's own answer, as for any other method. Else the shell,
        // which shows the site's "not found" (translated), with the status that says so.
        if (/^\/api(?:\/|$)/.test(e.request.url.path)) throw new NotFoundError();
        return e.html(404, toString($os.readFile($filepath.join(dir, 'index.html'))));
      }
      if (!page) return e.next();
      e.response.header().add('Vary', 'Cookie');
      // As the site's script writes it (src/app/locale.tsx); the value is one of the build's languages.
      if (remember) e.response.header().add('Set-Cookie', `formwork.lang=${remember}; Path=/; Max-Age=31536000; SameSite=Lax`);
      return e.html(200, page);
    },
  );

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
