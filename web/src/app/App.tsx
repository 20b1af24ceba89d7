import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { PageErrorBoundary } from './layout/PageErrorBoundary';
import { matchPageRoute, ROUTE_OBJECTS } from './routing';

/**
 * The whole site inside a router (BrowserRouter in the browser, StaticRouter in the prerender).
 * Navigation runs in a transition, so while the next page's chunk loads the current page
 * stays on screen; the Suspense fallback only shows if a page was not loaded up front.
 */
export function App() {
  const { pathname } = useLocation();
  const page = useRoutes(ROUTE_OBJECTS);
  return (
    <Layout handle={matchPageRoute(pathname)?.handle}>
      <PageErrorBoundary pathname={pathname}>
        <Suspense fallback={null}>{page}</Suspense>
      </PageErrorBoundary>
    </Layout>
  );
}
