import { useLocation, useRoutes } from 'react-router-dom';
import { PageFrame } from './layout/PageFrame';
import { ROUTE_OBJECTS, routeHandleFor } from './routing';

/**
 * The whole site inside a router (BrowserRouter in the browser, StaticRouter in the prerender).
 * Navigation runs in a transition, so while the next page's chunk or data loads the current page
 * stays on screen; the Suspense fallback only shows if a page was not loaded up front.
 */
export function App() {
  const { pathname } = useLocation();
  const page = useRoutes(ROUTE_OBJECTS);
  return (
    <PageFrame handle={routeHandleFor(pathname)} pathname={pathname}>
      {page}
    </PageFrame>
  );
}
