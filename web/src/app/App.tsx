import { useEffect } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { countVisit } from '../lib/visit-beacon';
import { PageFrame } from './layout/PageFrame';
import { ROUTE_OBJECTS, routeHandleFor } from './routing';

/**
 * The whole site inside a router (BrowserRouter in the browser, StaticRouter in the prerender).
 * Navigation runs in a transition, so while the next page's chunk or data loads the current page
 * stays on screen; the Suspense fallback only shows if a page was not loaded up front. Each page
 * shown is counted once by the visit beacon, but the noindex ones: the pages reached from an email
 * (their path carries a token) and the not-found page.
 */
export function App() {
  const { pathname } = useLocation();
  const page = useRoutes(ROUTE_OBJECTS);
  const handle = routeHandleFor(pathname);
  const counted = handle !== undefined && !handle.meta.noindex;
  useEffect(() => {
    if (counted) countVisit(pathname);
  }, [pathname, counted]);
  return (
    <PageFrame handle={handle} pathname={pathname}>
      {page}
    </PageFrame>
  );
}
