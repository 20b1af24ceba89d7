import { use, type ComponentType } from 'react';

/**
 * A page module imported lazily (`() => import('…')`): esbuild makes it a chunk of its own, so a
 * page downloads only its own code (formik and yup only on form pages). Its default export is the page.
 */
export type LazyPage = () => Promise<{ default: ComponentType }>;

/** What the loader needs of a route (PageRoute in ./routing.tsx): its key and its page. */
interface LoadableRoute {
  path: string;
  page: LazyPage;
}

/**
 * React's `use` returns a promise's value synchronously when the promise carries
 * status 'fulfilled' and its value (the documented contract for caching libraries).
 */
type TrackedPage = Promise<ComponentType> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: ComponentType;
};

const pages = new Map<string, TrackedPage>();

/**
 * Loads a route's page module, once. The prerender and the client entry await this (with the
 * path's data, routing.tsx loadPageFor) before rendering, so a page renders in one pass and
 * hydration sees exactly the prerendered markup. A failed load is forgotten, so the next visit
 * retries (e.g. after a dropped connection).
 */
export function loadPageRoute(route: LoadableRoute): TrackedPage {
  const cached = pages.get(route.path);
  if (cached) return cached;
  const page: TrackedPage = route.page().then((module) => module.default);
  page.status = 'pending';
  page.then(
    (component) => {
      page.status = 'fulfilled';
      page.value = component;
    },
    () => {
      page.status = 'rejected';
      pages.delete(route.path);
    },
  );
  pages.set(route.path, page);
  return page;
}

/** In render: the page component, synchronously once loaded, else suspends until it is. */
export function usePageComponent(route: LoadableRoute): ComponentType {
  const page: Promise<ComponentType> = loadPageRoute(route);
  return use(page);
}
