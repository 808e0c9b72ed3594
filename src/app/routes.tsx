/**
 * Routes come from the generated registry: one per form variant, staff list, application page and page,
 * plus sign-in. Each screen is its own chunk, so an applicant's page never loads the staff screens. The
 * public screens sit in the site's layout (PublicLayout), the staff screens in the staff console's own
 * full-width frame (StaffShell).
 */
import type { ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { MAIN_ID } from '../components/LanguageTabs.tsx';
import { registry } from '../generated/registry.ts';
import { paths } from '../config/paths.ts';
import { ScreenLoader } from '../components/ScreenLoader.tsx';
import { HydratingSuspense } from '../components/UntilHydrated.tsx';
import { agreementsPart, pagePart, STAFF_PART } from '../../shared/messageParts.ts';
import type { Locale, PageEntry } from '../engine/types.ts';
import { lazyScreen } from './lazyScreen.ts';
import { loadForm, loadMessages, loadPage } from './loaded.ts';
import { MessagePart } from './locale.tsx';
import PublicLayout from './PublicLayout.tsx';
import Root from './Root.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

const serviceFormPage = lazyScreen(() => import('../features/forms/ServiceFormPage.tsx'));
const servicesIndex = lazyScreen(() => import('../features/pages/ServicesIndex.tsx'));
const signInPage = lazyScreen(() => import('../features/staff/SignInPage.tsx'));
const resetPasswordPage = lazyScreen(() => import('../features/staff/ResetPasswordPage.tsx'));
const ServiceFormPage = serviceFormPage.Screen;
const ServicesIndex = servicesIndex.Screen;
const SignInPage = signInPage.Screen;
const NotFound = lazyScreen(() => import('../features/pages/NotFound.tsx')).Screen;
const adminListPage = lazyScreen(() => import('../features/staff/AdminListPage.tsx'));
const requireStaff = lazyScreen(() => import('../features/staff/RequireStaff.tsx'));
const staffShell = lazyScreen(() => import('../features/staff/StaffShell.tsx'));
const AdminListPage = adminListPage.Screen;
const RequireStaff = requireStaff.Screen;
const StaffShell = staffShell.Screen;
const applicationPage = lazyScreen(() => import('../features/staff/application/ApplicationPage.tsx'));
const printPage = lazyScreen(() => import('../features/staff/application/PrintPage.tsx'));
const dashboardPage = lazyScreen(() => import('../features/staff/DashboardPage.tsx'));
const trashPage = lazyScreen(() => import('../features/staff/TrashPage.tsx'));
const auditPage = lazyScreen(() => import('../features/staff/AuditPage.tsx'));
const retentionPage = lazyScreen(() => import('../features/staff/RetentionPage.tsx'));
const statusPage = lazyScreen(() => import('../features/staff/StatusPage.tsx'));
const staffAccountsPage = lazyScreen(() => import('../features/staff/StaffAccountsPage.tsx'));
const ApplicationStatusPage = lazyScreen(() => import('../features/application/ApplicationStatusPage.tsx')).Screen;
const ResumePage = lazyScreen(() => import('../features/forms/drafts/ResumePage.tsx')).Screen;

/**
 * What a route's screen needs before it can show: its code (the screen's chunk, the form's module) and
 * the parts of the messages beyond the core. prepareRoute loads them; a route with a handle and no
 * parameters is also one the build prerenders (src/prerender/entry.tsx).
 */
interface RouteHandle {
  preload: () => Promise<unknown>;
  parts: string[];
}
const needs = (parts: string[], ...loads: (() => Promise<unknown>)[]): RouteHandle => ({ parts, preload: () => Promise.all(loads.map((load) => load())) });
/** Loads a staff screen's code only for a stored staff session: signed out, the visit ends at the sign-in page. */
const whenSignedIn =
  (...loads: (() => Promise<unknown>)[]) =>
  (): Promise<unknown> =>
    import('../features/staff/session.ts').then((session): Promise<unknown> =>
      session.sessionState() === 'signed-in' ? Promise.all(loads.map((load) => load())) : Promise.resolve(),
    );

const screen = (node: ReactNode) => <HydratingSuspense fallback={<ScreenLoader />}>{node}</HydratingSuspense>;
/** A screen whose texts are in a part of the catalogue of their own (shared/messageParts.ts). */
const screenWith = (part: string, node: ReactNode) => <MessagePart name={part}>{screen(node)}</MessagePart>;

/**
 * A page's screen: the view every page shares, given this page's content (its own module, like a form's),
 * both loaded before it renders: a page never shows without its content, and on a visit from another screen
 * the screen's loader stands in until both are here.
 */
const pageScreen = (page: PageEntry) =>
  lazyScreen(async () => {
    const [{ default: PageView }, content] = await Promise.all([import('../features/pages/PageView.tsx'), loadPage(page)]);
    return { default: () => <PageView page={page} content={content} /> };
  });

/** A staff screen's needs: the shell and its own code, for a stored session. */
const staffScreen = (load: () => Promise<unknown>): RouteHandle => needs([], whenSignedIn(staffShell.load, load));

/**
 * An application's print view: signed-in staff only, on a page of its own (no navigation around it, so
 * the paper holds the application alone).
 */
function printRoutes(): RouteObject {
  return {
    handle: needs([STAFF_PART], requireStaff.load),
    element: screenWith(
      STAFF_PART,
      <RequireStaff>
        <main id={MAIN_ID}>
          <Outlet />
        </main>
      </RequireStaff>,
    ),
    children: registry.services.map((service) => ({
      path: paths.staffApplicationPrint(service.admin.route),
      handle: needs([], whenSignedIn(printPage.load)),
      element: screen(<printPage.Screen key={service.id} service={service} />),
    })),
  };
}

/** Every staff screen: signed-in staff only, inside the staff console's frame. */
function staffRoutes(): RouteObject {
  const children: RouteObject[] = [
    { path: paths.dashboard, handle: staffScreen(dashboardPage.load), element: screen(<dashboardPage.Screen />) },
    { path: paths.trash, handle: staffScreen(trashPage.load), element: screen(<trashPage.Screen />) },
    { path: paths.audit, handle: staffScreen(auditPage.load), element: screen(<auditPage.Screen />) },
    { path: paths.staff, handle: staffScreen(staffAccountsPage.load), element: screen(<staffAccountsPage.Screen />) },
    { path: paths.retention, handle: staffScreen(retentionPage.load), element: screen(<retentionPage.Screen />) },
    { path: paths.serverStatus, handle: staffScreen(statusPage.load), element: screen(<statusPage.Screen />) },
  ];
  for (const service of registry.services) {
    for (const path of [service.admin.route, ...service.admin.aliases])
      children.push({ path, handle: staffScreen(adminListPage.load), element: screen(<AdminListPage key={service.id} service={service} />) });
    children.push({
      path: paths.staffApplication(service.admin.route),
      handle: staffScreen(applicationPage.load),
      element: screen(<applicationPage.Screen key={service.id} service={service} />),
    });
  }
  return {
    // Loaded alongside the messages, not one after the other (a staff list was six round trips deep);
    // the shell and a list's code only for a stored session (signed out, the sign-in page follows).
    handle: needs([STAFF_PART], requireStaff.load),
    element: screenWith(
      STAFF_PART,
      <RequireStaff>
        <StaffShell />
      </RequireStaff>,
    ),
    children,
  };
}

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const service of registry.services) {
    // The agreement documents a service's forms show (features/forms/Agreements.tsx asks for them too).
    const parts = service.agreements ? [agreementsPart(service.messages)] : [];
    for (const variant of service.forms) {
      children.push({
        path: variant.route,
        handle: needs(parts, serviceFormPage.load, () => loadForm(variant)),
        element: screen(<ServiceFormPage key={`${service.id}/${variant.id}`} service={service} variant={variant} />),
      });
    }
  }
  for (const page of registry.pages) {
    const view = pageScreen(page);
    children.push({ path: page.route, handle: needs([pagePart(page.id)], view.load), element: screenWith(pagePart(page.id), <view.Screen key={page.id} />) });
  }
  if (!children.some((r) => r.path === '/')) children.push({ path: '/', handle: needs([], servicesIndex.load), element: screen(<ServicesIndex />) });
  children.push({ path: paths.signIn, handle: needs([STAFF_PART], signInPage.load), element: screenWith(STAFF_PART, <SignInPage />) });
  children.push({ path: paths.resetPassword, handle: needs([STAFF_PART], resetPasswordPage.load), element: screenWith(STAFF_PART, <resetPasswordPage.Screen />) });
  children.push({ path: paths.application, element: screen(<ApplicationStatusPage />) });
  children.push({ path: paths.applicationWithTokenInPath, element: screen(<ApplicationStatusPage />) });
  children.push({ path: paths.resumeDraft, element: screen(<ResumePage />) });
  children.push({ path: '*', element: screen(<NotFound />) });
  return [{ element: <Root />, children: [staffRoutes(), printRoutes(), { element: <PublicLayout />, children }] }];
}

const routes = buildRoutes();

/**
 * The routes to match an address against: for the path of a route without parameters (every page and
 * staff screen), just that route's branch (its layouts and itself); else all of them. react-router
 * flattens and ranks every route on every match (49 routes: ~8 ms on a slow phone the first time, ~30 ms at
 * Lighthouse's 4×), and a visit matched twice before its first paint (prepareRoute, then useRoutes). The
 * branch gives the same match, with the same layout elements, so React keeps them across navigations; an
 * address that is not exactly such a path (a parameter, a trailing slash, other letter case, an unknown
 * one) is matched against all the routes, as before.
 */
export const routesFor = (() => {
  const branches = new Map<string, RouteObject[]>();
  const collect = (list: RouteObject[], wrap: (leaf: RouteObject) => RouteObject[]) => {
    for (const route of list) {
      if (route.children) collect(route.children, (leaf) => wrap({ ...route, children: [leaf] }));
      else if (route.path && !/[:*]/.test(route.path) && !branches.has(route.path)) branches.set(route.path, wrap(route));
    }
  };
  collect(routes, (leaf) => [leaf]);
  return (pathname: string): RouteObject[] => branches.get(pathname) ?? routes;
})();

/**
 * Loads what the screen at `pathname` needs in `locale` (the core messages, the route's own parts, its
 * chunk and form module) all at once, rather than one after the other (messages → screen chunk → form
 * module): on a slow phone network each step of that chain was a round trip before the form could
 * show. A prerendered page waits for it before hydrating (src/main.tsx), and the build before rendering.
 * Loads are cached, so the screen's own later loads get the same modules.
 */
export function prepareRoute(pathname: string, locale: Locale): Promise<unknown> {
  const handles = (matchRoutes(routesFor(pathname), pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined).filter((h) => !!h);
  const parts = handles.flatMap((handle) => handle.parts);
  return Promise.all([loadMessages(locale), ...parts.map((part) => loadMessages(locale, part)), ...handles.map((handle) => handle.preload())]);
}

/**
 * The routes the build renders to HTML ahead of time: those that need no parameter and no sign-in (the
 * site's own routes with what they need declared; staff screens sit under the sign-in's layout route).
 */
export function prerenderedPaths(): string[] {
  const publicRoutes = routes[0]?.children?.find((route) => route.element && (route.element as { type?: unknown }).type === PublicLayout);
  return (publicRoutes?.children ?? []).filter((route) => route.handle && route.path && !route.path.includes(':')).map((route) => route.path as string);
}

/**
 * Every address pattern the site has a screen for (react-router's, `:name` a parameter), but the catch-all
 * "not found": the build writes them out (prerendered/routes.json) for the server, which answers an address
 * none of them matches with 404 (pb_hooks/lib/prerendered.js `isSiteRoute`), not with the page's 200.
 */
export function routePatterns(): string[] {
  const leaves = (list: RouteObject[]): string[] => list.flatMap((route) => [...(route.path && route.path !== '*' && !route.children ? [route.path] : []), ...leaves(route.children ?? [])]);
  return [...new Set(leaves(routes))];
}

/**
 * The site's screens, in react-router's declarative mode (<BrowserRouter> + useRoutes): the data-router
 * API (loaders, actions, fetchers) would add ~18 KB gzip to every page, and no screen of ours uses it.
 * A screen that throws shows RouteError (app/RouteErrorBoundary.tsx) until the address changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routesFor(pathname))}</RouteErrorBoundary>;
}
