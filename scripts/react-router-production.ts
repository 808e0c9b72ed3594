/**
 * react-router in the browser build: its production files, and only the parts the site uses.
 *
 * - Its package exports name only the development build, so a bundler takes that one for production too
 *   (remix-run/react-router#14102), and its dev-only warnings ship and print in visitors' consoles. The
 *   production build beside it differs only in that switch; the aliases give a build both of its entries
 *   (they share chunks, so they must come from the same directory).
 * - Its components are built with `forwardRef(…)` calls that lack the pure annotation its `createElement`
 *   calls carry, and each gets its `displayName` by a statement of its own, so a bundler must keep them
 *   whether used or not: `Link`, `NavLink` and `Form` keep framework mode's route prefetching (manifests,
 *   `<link>` descriptors) in every page, although declarative mode can never run it (1.3 KB gzip; 3.9 KB
 *   with the site's links no longer react-router's `Link`: src/app/Link.tsx).
 *   `treeShakableReactRouter` marks those calls pure and drops the `displayName` statements (names for
 *   React's developer tools, which a production build does not serve).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias, Plugin } from 'vite';

const reactRouterProductionDir = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');

export const reactRouterProductionAliases: Alias[] = [
  { find: /^react-router$/, replacement: join(reactRouterProductionDir, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterProductionDir, 'dom-export.mjs') },
];

const FORWARD_REF = /(=\s*)([\w$]+\.forwardRef\()/g;
/** A top-level statement naming a component or context for developer tools. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** A chunk's code with its components tree-shakable (tests/unit/renderer/react-router-production.test.ts checks the effect). */
function treeShakableChunk(code: string): string {
  return code.replace(FORWARD_REF, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
}

export function treeShakableReactRouter(): Plugin {
  return {
    name: 'formwork:tree-shakable-react-router',
    apply: 'build',
    transform: {
      filter: { id: /react-router[/\\]dist[/\\]production[/\\]chunk-[^/\\]+\.mjs$/ },
      // Lines are kept (a dropped statement leaves its line empty), so the module's source map still holds.
      handler: (code) => ({ code: treeShakableChunk(code), map: null }),
    },
  };
}
