/**
 * Which prerendered page answers a request for the site (scripts/build-site.mjs writes them to
 * <publicDir>/prerendered/<lang>/<route>.html). The language is the one the browser will show: ?lang=
 * in the address, else the visitor's last choice (the formwork.lang cookie, which the site keeps beside
 * its localStorage entry), else the site's default. The page is only a head start: when the browser
 * finds a different language or address in the page's mark, it renders afresh (src/prerender/marker.ts).
 */
const ROUTE = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;
const LANGUAGE = /^[a-z]{2,3}$/;
const ROLE = /^[a-z]{1,32}$/;

/**
 * The page's file inside the public dir, or null when the request is not for one. `languages` is the
 * build's prerendered/languages.json; `asked` the ?lang= value and `remembered` the cookie's (or '').
 */
function prerenderedPage(path, asked, remembered, languages) {
  const lang = ROUTE.test(path) ? pageLanguage(asked, remembered, languages) : null;
  return lang && `prerendered/${lang}${path === '/' ? '/index' : path}.html`;
}

/**
 * The staff frame that answers a request, or null: for a browser whose formwork.staff cookie names a
 * role (`role`; src/features/staff/frameHint.ts), the page around a staff list as that role sees it
 * before the records arrive (<publicDir>/prerendered/frames/<role>/<lang>/<route>.html; a route the build
 * framed no file for is answered as before). Only for a list as it opens: an address with a query of its
 * own beyond ?lang= (a search, a page) gets the shell, so a frame never shows other filters than the
 * address's. `rawQuery` is the address's query string. The cookie is a hint, not a credential: a frame
 * holds no data.
 */
function staffFramePage(path, asked, remembered, role, rawQuery, languages) {
  if (!ROUTE.test(path) || path === '/' || !ROLE.test(role)) return null;
  const names = rawQuery ? rawQuery.split('&').map((pair) => pair.split('=')[0]) : [];
  if (names.some((name) => name !== 'lang')) return null;
  const lang = pageLanguage(asked, remembered, languages);
  return lang && `prerendered/frames/${role}/${lang}${path}.html`;
}

/** The language the browser will show: ?lang= if built, else the cookie's if built, else the default. */
function pageLanguage(asked, remembered, languages) {
  const known = (lang) => isBuilt(lang, languages);
  const lang = known(asked) ? asked : known(remembered) ? remembered : languages && languages.default;
  return known(lang) ? lang : null;
}

/**
 * The language to remember from a request for a prerendered page, or null: the ?lang= value when it is
 * one of the site's and not already the cookie's. The page's script stores the language it shows, but a
 * visitor may follow a link before that script has run (it loads after the first paint), and the next
 * page must still be in the language they were reading.
 */
function languageToRemember(asked, remembered, languages) {
  return isBuilt(asked, languages) && asked !== remembered ? asked : null;
}

/** Whether `lang` is one of the languages the build prerendered (its prerendered/languages.json). */
function isBuilt(lang, languages) {
  return !!languages && Array.isArray(languages.languages) && LANGUAGE.test(lang) && languages.languages.indexOf(lang) >= 0;
}

/** Parsed build files, per JS runtime (each keeps its own copy of this module), by the text they were read from. */
const parsed = {};

/**
 * The build's prerendered/<name> (languages.json, routes.json), parsed. Read from disk once per process
 * (a build is served as it was made) and kept as text in the app's store, which the hooks' runtimes
 * share; parsed once per runtime. Throws if the build has no such file. Runs in a hook.
 */
function buildFile(dir, name) {
  const key = 'formwork.build.' + name;
  let text = $app.store().get(key);
  if (!text) {
    text = toString($os.readFile($filepath.join(dir, 'prerendered', name)));
    $app.store().set(key, text);
  }
  if (!parsed[name] || parsed[name].text !== text) parsed[name] = { text: text, value: JSON.parse(text) };
  return parsed[name].value;
}

const segments = (path) => path.toLowerCase().split('/').filter((segment) => segment !== '');

/**
 * Whether the site has a screen for `path`: one of `routes` (the build's prerendered/routes.json, react-router
 * patterns) matches it as react-router would (letter case and a trailing slash aside, `:name` any one
 * segment). An address none matches is answered 404 (the shell still shows the site's "not found").
 */
function isSiteRoute(path, routes) {
  const asked = segments(path);
  return routes.some((route) => {
    const pattern = segments(route);
    return pattern.length === asked.length && pattern.every((segment, i) => segment.charAt(0) === ':' || segment === asked[i]);
  });
}

/**
 * Whether `path` names nothing the site in `dir` (the public dir) has: no screen and no file. The static
 * route would answer it 200 with the shell; its page says "not found", and so should its status. Without
 * the build's prerendered/routes.json (a build without prerendering) nothing is unknown. Runs in a hook.
 */
function unknownAddress(dir, path) {
  // A ".." segment (sent encoded: the router does not clean it) would make the look-up below a test of
  // any file on the server; the static route serves none of them either.
  if (path.split('/').indexOf('..') >= 0) return true;
  try {
    if (isSiteRoute(path, buildFile(dir, 'routes.json').routes)) return false; // in memory: before the disk
  } catch {
    return false;
  }
  try {
    return $os.stat($filepath.join(dir, path)).isDir(); // a file of the site: the static route answers
  } catch {
    return true; // neither a screen nor a file
  }
}

module.exports = { buildFile, prerenderedPage, staffFramePage, languageToRemember, isSiteRoute, unknownAddress };
