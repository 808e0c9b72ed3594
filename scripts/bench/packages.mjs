// Section 1 of `npm run bench` (scripts/bench/run.mjs): which packages a route's JavaScript is made of.
// Each file the route loaded is split by its source map (the build writes one beside every chunk) into
// the code each source contributed; a source under node_modules counts for its package, ours for
// "(ours)" or, the generated modules, "(generated)". Each package's code is then gzipped on its own,
// so a figure says what leaving the package out would save, roughly: the parts sum to a little less
// than the files' own gzip, which also compresses across packages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

/** `node_modules/@scope/name/…` → "@scope/name"; our own sources → "(ours)" / "(generated)". */
function packageOf(source) {
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (dep) return dep[1];
  return /(^|\/)src\/generated\//.test(source) ? '(generated)' : '(ours)';
}

/**
 * `files`: paths of the route's JS files in the built site. Returns [package, gzip bytes] pairs,
 * largest first; code no mapping covers (the bundler's glue) is "(unmapped)".
 */
export function jsByPackage(files) {
  const code = new Map();
  const add = (pkg, text) => (code.get(pkg) ?? code.set(pkg, []).get(pkg)).push(text);
  for (const file of files) {
    if (!existsSync(file)) continue; // not served from the build (none today)
    const src = readFileSync(file, 'utf8');
    const map = `${file}.map`;
    if (!existsSync(map)) {
      add('(unmapped)', src);
      continue;
    }
    const lines = src.split('\n');
    const segments = [];
    new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))).eachMapping((m) => segments.push(m));
    // A segment's code runs to the next segment on its line (mappings come in generated order).
    segments.forEach((m, i) => {
      const next = segments[i + 1];
      const line = lines[m.generatedLine - 1] ?? '';
      const text = next?.generatedLine === m.generatedLine ? line.slice(m.generatedColumn, next.generatedColumn) : line.slice(m.generatedColumn);
      add(m.source ? packageOf(m.source) : '(unmapped)', text);
    });
  }
  return [...code].map(([pkg, parts]) => [pkg, gzipSync(parts.join(''), { level: 9 }).length]).sort((a, b) => b[1] - a[1]);
}

/** The built site's file for a URL the browser loaded (…/assets/x.js → <out>/assets/x.js). */
export const builtFile = (out, url) => join(out, new URL(url).pathname);
