import { Suspense, type ReactNode } from 'react';
import type { RouteHandle } from '../route-handle';
import { Layout } from './Layout';
import { PageErrorBoundary } from './PageErrorBoundary';

/**
 * What surrounds every page: the layout and, inside it, the boundaries a page may fail or suspend
 * in. The app (./App.tsx) renders each route's page in it, and so does the blog's renderer
 * (web/render/blog-pages.tsx) for a post or /blog, so the publisher's HTML is what the client hydrates.
 */
export function PageFrame({
  handle,
  pathname,
  children,
}: {
  handle: RouteHandle | undefined;
  pathname: string;
  children: ReactNode;
}) {
  return (
    <Layout handle={handle}>
      <PageErrorBoundary pathname={pathname}>
        <Suspense fallback={null}>{children}</Suspense>
      </PageErrorBoundary>
    </Layout>
  );
}
