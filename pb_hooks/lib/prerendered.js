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
  if (!ROUTE.test(path)) return null;
  const known = (lang) => isBuilt(lang, languages);
  const lang = known(asked) ? asked : known(remembered) ? remembered : languages && languages.default;
  if (!known(lang)) return null;
  return `prerendered/${lang}${path === '/' ? '/index' : path}.html`;
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

module.exports = { prerenderedPage, languageToRemember };
