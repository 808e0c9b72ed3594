/**
 * Which prerendered page answers a request for the site (scripts/build-site.mjs writes them to
 * <publicDir>/prerendered/<lang>/<route>.html). The language is the one the browser will show: ?lang=
 * in the address, else the visitor's last choice (the formwork.lang cookie, which the site keeps beside
 * its localStorage entry), else the site's default. The page is only a head start: when the browser
 * finds a different language or address in the page's mark, it renders afresh (src/prerender/marker.ts).
 */
const ROUTE = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;
const LANGUAGE = /^[a-z]{2,3}$/;

/**
 * The page's file inside the public dir, or null when the request is not for one. `languages` is the
 * build's prerendered/languages.json; `asked` the ?lang= value and `remembered` the cookie's (or '').
 */
function prerenderedPage(path, asked, remembered, languages) {
  const lang = ROUTE.test(path) ? pageLanguage(asked, remembered, languages) : null;
  return lang && `prerendered/${lang}${path === '/' ? '/index' : path}.html`;
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

/**
 * What the static route serves for a request in `dir` (the public dir): the prerendered page's file (a
 * path inside `dir`, which may not exist: the route then falls back to the shell) and the language to
 * remember in the formwork.lang cookie, or null for any other request (or a build without prerendering).
 * `asked` is the ?lang= value, `remembered` the cookie's (or ''). Runs in a hook.
 */
function pageFor(dir, path, asked, remembered) {
  let languages;
  try {
    languages = buildFile(dir, 'languages.json');
  } catch {
    return null; // no prerendered/languages.json: a build without prerendering
  }
  const file = prerenderedPage(path, asked, remembered, languages);
  return file ? { file: file, remember: languageToRemember(asked, remembered, languages) } : null;
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

module.exports = { pageFor, isSiteRoute, unknownAddress };
