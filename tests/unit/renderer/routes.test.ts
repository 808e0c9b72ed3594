/** The branch a static address is matched against (src/app/routes.tsx routesFor) matches as all the routes do. */
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildRoutes, prerenderedPaths, routePatterns, routesFor } from '../../../src/app/routes.tsx';
import { paths } from '../../../src/config/paths.ts';

const all = buildRoutes();
const described = (pathname: string, routes = all) =>
  (matchRoutes(routes, pathname) ?? []).map((m) => ({ path: m.route.path, pathname: m.pathname, params: m.params, children: m.route.children?.length ?? 0 }));

/**
 * The staff screens: the addresses without a parameter that are not prerendered (they need a sign-in);
 * the page of a draft's resume link is not prerendered either (it shows what its link's token gives).
 */
const staffPaths = routePatterns().filter((path) => !path.includes(':') && !prerenderedPaths().includes(path) && path !== paths.resumeDraft);

describe('routesFor', () => {
  const staticPaths = [...prerenderedPaths(), ...staffPaths, paths.signIn];

  it('gives every page and staff screen the match all the routes give, from its branch alone', () => {
    expect(staticPaths.length).toBeGreaterThan(30);
    for (const pathname of staticPaths) {
      const branch = routesFor(pathname);
      expect(branch, pathname).not.toBe(routesFor('/no-such-page'));
      const mine = described(pathname, branch);
      const theirs = described(pathname);
      expect(
        mine.map(({ children, ...m }) => m),
        pathname,
      ).toEqual(theirs.map(({ children, ...m }) => m));
      expect(mine.at(-1)!.children, pathname).toBe(0);
      // The layouts of the branch hold their one child; the leaf is the route itself, with its element.
      const leaf = matchRoutes(branch, pathname)!.at(-1)!.route;
      expect(leaf.element, pathname).toBeTruthy();
    }
  });

  it('keeps the same layout elements on every branch, so a navigation keeps them mounted', () => {
    const roots = new Set(staticPaths.map((p) => routesFor(p)[0]!.element));
    expect(roots.size).toBe(1);
    const staff = new Set(staffPaths.map((p) => routesFor(p)[0]!.children![0]!.element));
    expect(staff.size).toBe(1);
  });

  it('leaves every other address to all the routes', () => {
    const everything = routesFor('/no-such-page');
    for (const pathname of ['/application/creditrepair', '/application/creditrepair/abc', '/loan/', '/LOAN', '/no-such-page']) {
      expect(routesFor(pathname), pathname).toBe(everything);
      expect(described(pathname, everything)).toEqual(described(pathname));
    }
    expect(described('/no-such-page').at(-1)!.path).toBe('*');
  });
});
