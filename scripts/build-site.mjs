#!/usr/bin/env node
// `npm run build`: the site for PocketBase to serve (--publicDir). Two steps:
//
// 1. Vite's browser build into the out dir (dist/ unless --outDir=DIR);
// 2. prerendering: the server entry (src/prerender/entry.tsx) is bundled for Node, and every route
//    that needs no parameter and no sign-in is rendered in every language into
//    <out>/prerendered/<lang>/<route>.html: the browser build's index.html with the screen's HTML in
//    #root and its title, and the app's script loaded after the first paint (appAfterPaint).
//    pb_hooks/static.pb.js serves those pages; the browser hydrates them (src/main.tsx). A phone then
//    shows the form as soon as the HTML and the stylesheet are in, instead of after the whole script
//    has loaded and run.
//
//   node scripts/build-site.mjs [--outDir=DIR] [--logLevel=warn]
//
// Last, it writes the digest of its sources into the out dir (scripts/site-sources.mjs), and puts back
// the previous build's assets for a day (scripts/retired-assets.mjs: pages loaded before still ask for them).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Before React loads, here and in the bundle: its production build, as the browser gets.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
const { BUILD_STAMP, siteSourcesDigest } = await import('./site-sources.mjs');
const { keepRetired, takeAssets } = await import('./retired-assets.mjs');
const { missingMantineStyles } = await import('./mantine-styles.mjs');

const root = resolve(import.meta.dirname, '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const outDir = resolve(root, arg('outDir') ?? 'dist');
const logLevel = arg('logLevel') ?? 'warn';
const digest = siteSourcesDigest(root);
const previousAssets = takeAssets(outDir);

await build({ root, logLevel, build: { outDir, emptyOutDir: true } });
const unstyled = missingMantineStyles(outDir, join(root, 'src/app/mantineStyles.ts'));
if (unstyled.length) throw new Error(`src/app/mantineStyles.ts imports no stylesheet for these Mantine components the site uses: ${unstyled.join(', ')}`);
const afterPaintFile = await buildAfterPaint();

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
  const template = appAfterPaint(readFileSync(join(outDir, 'index.html'), 'utf8'), afterPaintFile);
  const started = Date.now();
  let pages = 0;
  for (const locale of entry.languages) {
    for (const path of entry.paths()) {
      const file = join(outDir, 'prerendered', locale, `${path === '/' ? '/index' : path}.html`);
      const page = await entry.renderPage(path, locale);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, fill(template, { locale, ...page, mark: entry.prerenderedMark(locale, path), attribute: entry.PRERENDERED_ATTRIBUTE }));
      pages += 1;
    }
  }
  writeFileSync(join(outDir, 'prerendered', 'languages.json'), `${JSON.stringify({ default: entry.defaultLanguage, languages: entry.languages })}\n`);
  // Every address the site has a screen for: the server answers any other with 404 (pb_hooks/static.pb.js).
  writeFileSync(join(outDir, 'prerendered', 'routes.json'), `${JSON.stringify({ routes: entry.routes() })}\n`);
  keepRetired(outDir, previousAssets); // after every step that reads the build's own scripts
  writeFileSync(join(outDir, BUILD_STAMP), `${digest}\n`);
  if (logLevel !== 'silent') console.log(`prerendered ${pages} pages (${entry.languages.join(', ')}) in ${Date.now() - started} ms`);
} finally {
  rmSync(serverDir, { recursive: true, force: true });
}

/**
 * The script a prerendered page starts the app with (src/prerender/afterPaint.ts), built on its own (it
 * imports nothing, and as a second entry of Vite's build it would change how the app's chunks are cut)
 * into assets/ under a name with its content's hash, as Vite names the other assets.
 */
async function buildAfterPaint() {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    entryPoints: [join(root, 'src/prerender/afterPaint.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].contents;
  const file = `assets/after-paint-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(outDir, file), code);
  return file;
}

/**
 * index.html as a prerendered page needs it: the app's entry script and the modulepreload links Vite
 * wrote for it are replaced by the after-paint script, which fetches them once the page has painted
 * (src/prerender/afterPaint.ts). Fetched from <head>, they shared a phone's connection with the
 * stylesheet the first paint waits for (Lighthouse, slow 4G: first paint 1.7 s with them, 1.1 s without).
 */
function appAfterPaint(template, afterPaintFile) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('index.html has no module script');
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const hrefs = [...template.matchAll(preload)].map((m) => m[1]);
  if (hrefs.some((href) => /[\s"]/.test(href))) throw new Error('a modulepreload address has a space or a quote');
  return template
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="[^"]+">\n?/g, '')
    .replace(entry[0], () => `<script type="module" crossorigin src="/${afterPaintFile}" data-app="${entry[1]}" data-preload="${hrefs.join(' ')}"></script>`);
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
