#!/usr/bin/env node
// `npm run build`: the site for PocketBase to serve (--publicDir). Two steps:
//
// 1. Vite's browser build into the out dir (dist/ unless --outDir=DIR);
// 2. prerendering: the server entry (src/prerender/entry.tsx) is bundled for Node, and every route
//    that needs no parameter and no sign-in is rendered in every language into
//    <out>/prerendered/<lang>/<route>.html: the browser build's index.html with the screen's HTML in
//    #root and its title. pb_hooks/static.pb.js serves those pages; the browser hydrates them
//    (src/main.tsx). A phone then shows the form as soon as the HTML and the stylesheet are in,
//    instead of after the whole script has loaded and run.
//
//   node scripts/build-site.mjs [--outDir=DIR] [--logLevel=warn]
//
// Last, it writes the digest of its sources into the out dir (scripts/site-sources.mjs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Before React loads, here and in the bundle: its production build, as the browser gets.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
const { BUILD_STAMP, siteSourcesDigest } = await import('./site-sources.mjs');

const root = resolve(import.meta.dirname, '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const outDir = resolve(root, arg('outDir') ?? 'dist');
const logLevel = arg('logLevel') ?? 'warn';
const digest = siteSourcesDigest(root);

await build({ root, logLevel, build: { outDir, emptyOutDir: true } });

const serverDir = mkdtempSync(join(tmpdir(), 'formwork-prerender-'));
try {
  await build({
    root,
    logLevel,
    // Bundled whole (no node_modules imports left at run time): the aliases in vite.config.ts then
    // apply as in the browser build, and packages written for bundlers (extensionless deep imports)
    // need not load in Node's own resolver.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender/entry.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      minify: false,
      // An ES module whatever the package.json beside it says (a content editor's tree may have none).
      rollupOptions: { output: { format: 'esm', entryFileNames: 'entry.mjs' } },
    },
  });
  const entry = await import(pathToFileURL(join(serverDir, 'entry.mjs')).href);
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  const started = Date.now();
  let pages = 0;
  for (const locale of entry.languages) {
    for (const path of entry.paths()) {
      const page = await entry.renderPage(path, locale);
      const file = join(outDir, 'prerendered', locale, `${path === '/' ? '/index' : path}.html`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, fill(template, { locale, path, ...page, mark: entry.prerenderedMark(locale, path), attribute: entry.PRERENDERED_ATTRIBUTE }));
      pages += 1;
    }
  }
  writeFileSync(join(outDir, 'prerendered', 'languages.json'), `${JSON.stringify({ default: entry.defaultLanguage, languages: entry.languages })}\n`);
  writeFileSync(join(outDir, BUILD_STAMP), `${digest}\n`);
  if (logLevel !== 'silent') console.log(`prerendered ${pages} pages (${entry.languages.join(', ')}) in ${Date.now() - started} ms`);
} finally {
  rmSync(serverDir, { recursive: true, force: true });
}

/** The browser build's index.html with a rendered screen in it. */
function fill(template, { locale, html, title, mark, attribute }) {
  const replaced = (text, pattern, replacement) => {
    if (!pattern.test(text)) throw new Error(`index.html has no ${pattern}`);
    return text.replace(pattern, () => replacement);
  };
  let page = replaced(template, /<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (title) page = replaced(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  return replaced(page, /<div id="root"><\/div>/, `<div id="root" ${attribute}="${escapeHtml(mark)}">${html}</div>`);
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
