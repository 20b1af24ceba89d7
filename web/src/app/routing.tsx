import { Navigate, matchRoutes, type RouteObject } from 'react-router-dom';
import { sitePaths } from '../../../shared/paths';
import { loadPageRoute, usePageComponent } from './page-loader';
import { RouteHandleContext } from './route-handle';
import { pageRoutes, type PageRoute } from './route-table';

/** Renders a route's lazily loaded page, with the route's handle available to it. */
function PageView({ route }: { route: PageRoute }) {
  const Page = usePageComponent(route);
  return (
    <RouteHandleContext.Provider value={route.handle}>
      <Page />
    </RouteHandleContext.Provider>
  );
}

export const PAGE_ROUTES: PageRoute[] = pageRoutes();

/** The route objects react-router matches (ranked by specificity, so `*` comes last). */
export const ROUTE_OBJECTS: RouteObject[] = [
  ...PAGE_ROUTES.map((route) => ({ path: route.path, handle: route, element: <PageView route={route} /> })),
  // The old slug of the engagement post (docs/spec/site-spec.md#2-screens-and-routes); the edge
  // answers it with a 301 already.
  { path: sitePaths.legacyEngagementPost, element: <Navigate replace to={sitePaths.engagementPost} /> },
];

/** The page route a path shows, or undefined for a redirect. */
export function matchPageRoute(pathname: string): PageRoute | undefined {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  return matches?.[matches.length - 1]?.route.handle as PageRoute | undefined;
}

/**
 * Loads the page for a path (module and preload) before the first render: the prerender
 * and hydration both call it, so neither ever renders a suspended page (docs/architecture.md#the-website).
 */
export async function loadPageFor(pathname: string): Promise<PageRoute | undefined> {
  const route = matchPageRoute(pathname);
  if (route) await loadPageRoute(route);
  return route;
}
