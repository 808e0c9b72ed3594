/**
 * Routes come from the generated registry: one per form variant, staff list and page, plus sign-in.
 * Each screen is its own chunk, so an applicant's page never loads the staff screens.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { registry } from '../generated/registry.ts';
import { paths } from '../config/paths.ts';
import { ScreenLoader } from '../components/ScreenLoader.tsx';
import { pagePart, STAFF_PART } from '../engine/messageParts.ts';
import { MessagePart } from './locale.tsx';
import Root from './Root.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

const loadServiceFormPage = () => import('../features/forms/ServiceFormPage.tsx');
const loadPageView = () => import('../features/pages/PageView.tsx');
const ServiceFormPage = lazy(loadServiceFormPage);
const PageView = lazy(loadPageView);
const NotFound = lazy(() => import('../features/pages/NotFound.tsx'));
const ServicesIndex = lazy(() => import('../features/pages/ServicesIndex.tsx'));
const SignInPage = lazy(() => import('../features/staff/SignInPage.tsx'));
const AdminListPage = lazy(() => import('../features/staff/AdminListPage.tsx'));
const RequireStaff = lazy(() => import('../features/staff/RequireStaff.tsx'));
const StaffShell = lazy(() => import('../features/staff/StaffShell.tsx'));
const DashboardPage = lazy(() => import('../features/staff/DashboardPage.tsx'));
const TrashPage = lazy(() => import('../features/staff/TrashPage.tsx'));
const AuditPage = lazy(() => import('../features/staff/AuditPage.tsx'));
const ApplicationStatusPage = lazy(() => import('../features/application/ApplicationStatusPage.tsx'));
const RetentionPage = lazy(() => import('../features/staff/RetentionPage.tsx'));
const StaffAccountsPage = lazy(() => import('../features/staff/StaffAccountsPage.tsx'));

/** What a route's screen will load (its chunk, its form module), for preloadRoute. */
interface RouteHandle {
  preload: () => Promise<unknown>;
}
const preloads = (...loads: (() => Promise<unknown>)[]): RouteHandle => ({ preload: () => Promise.all(loads.map((load) => load())) });

const screen = (node: ReactNode) => <Suspense fallback={<ScreenLoader />}>{node}</Suspense>;
/** A screen whose texts are in a part of the catalogue of their own (engine/messageParts.ts). */
const screenWith = (part: string, node: ReactNode) => <MessagePart name={part}>{screen(node)}</MessagePart>;

/** Every staff screen: signed-in staff only, inside the staff navigation. */
function staffRoutes(): RouteObject {
  const children: RouteObject[] = [
    { path: paths.dashboard, element: screen(<DashboardPage />) },
    { path: paths.trash, element: screen(<TrashPage />) },
    { path: paths.audit, element: screen(<AuditPage />) },
    { path: paths.staff, element: screen(<StaffAccountsPage />) },
    { path: paths.retention, element: screen(<RetentionPage />) },
  ];
  for (const service of registry.services) {
    for (const path of [service.admin.route, ...service.admin.aliases])
      children.push({ path, element: screen(<AdminListPage key={service.id} service={service} />) });
  }
  return {
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
  const children: RouteObject[] = [staffRoutes()];
  for (const service of registry.services) {
    for (const variant of service.forms) {
      children.push({
        path: variant.route,
        handle: preloads(loadServiceFormPage, variant.load),
        element: screen(<ServiceFormPage key={`${service.id}/${variant.id}`} service={service} variant={variant} />),
      });
    }
  }
  for (const page of registry.pages) {
    children.push({ path: page.route, handle: preloads(loadPageView), element: screenWith(pagePart(page.id), <PageView key={page.id} page={page} />) });
  }
  if (!children.some((r) => r.path === '/')) children.push({ path: '/', element: screen(<ServicesIndex />) });
  children.push({ path: paths.signIn, element: screenWith(STAFF_PART, <SignInPage />) });
  children.push({ path: paths.application, element: screen(<ApplicationStatusPage />) });
  children.push({ path: '*', element: screen(<NotFound />) });
  return [{ element: <Root />, children }];
}

const routes = buildRoutes();

/**
 * Starts loading what the screen at `pathname` needs while the language's messages load, rather than
 * one after the other (messages → screen chunk → form module): on a slow phone network each step of
 * that chain was a round trip before the form could show. Dynamic imports are cached, so the screen's
 * own later import() gets the same module.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) void (match.route.handle as RouteHandle | undefined)?.preload().catch(() => {}); // the screen reports its own failure
}

/**
 * The site's screens, in react-router's declarative mode (<BrowserRouter> + useRoutes): the data-router
 * API (loaders, actions, fetchers) would add ~18 KB gzip to every page, and no screen of ours uses it.
 * A screen that throws shows RouteError (app/RouteErrorBoundary.tsx) until the address changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
