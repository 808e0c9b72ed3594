/**
 * pb_hooks/lib/prerendered.js `isSiteRoute`: which addresses the site has a screen for, matched as
 * react-router matches them, so the server never answers 404 for a page the browser would show, nor 200
 * for one it would call "not found". Evaluated as CommonJS in a fresh V8 context, as the hooks load it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(fileURLToPath(new URL('../../../pb_hooks/lib/prerendered.js', import.meta.url)), 'utf8');
const module = { exports: {} as { isSiteRoute(path: string, routes: string[]): boolean } };
vm.runInNewContext(SOURCE, { module, exports: module.exports });
const { isSiteRoute } = module.exports;

const ROUTES = ['/', '/creditrepair', '/success/:amount', '/application/:service', '/application/:service/:token', '/admin/trash'];

describe('isSiteRoute', () => {
  it.each([
    ['/', true],
    ['/creditrepair', true],
    ['/CreditRepair/', true],
    ['/success/499', true],
    ['/application/creditrepair', true],
    ['/application/creditrepair/abc', true],
    ['/admin/trash', true],
    ['/admin', false],
    ['/success', false],
    ['/success/499/more', false],
    ['/creditrepair/extra', false],
    ['/no-such-page', false],
    ['/assets/index.js', false],
  ])('%s → %s, as react-router matches it', (path, expected) => {
    expect(isSiteRoute(path, ROUTES)).toBe(expected);
    const routerMatches = (matchRoutes(ROUTES.map((route) => ({ path: route })), path) ?? []).length > 0;
    expect(routerMatches).toBe(expected);
  });
});
