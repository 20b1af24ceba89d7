import { Navigate, matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { DYNAMIC_PAGES, sitePaths, type EmailPageForm } from '#shared/paths.ts';
import { PAGE_META, type PageCopyMeta } from '#web/content/pages/meta.ts';
import { siteConfig } from '../config';
import { peekPostPage, preloadCatalog, preloadPostPage } from '../features/blog/blog-data';
import { POST_ROUTE_PATTERN, postSlugOf } from '../features/blog/post-links';
import { postMeta } from '../features/blog/post-meta';
import type { PostPageData } from '../features/blog/types';
import type { PageMeta } from '../lib/page-meta';
import { loadPageRoute, usePageComponent, type LazyPage } from './page-loader';
import { BLOG_PAGE_SOURCES, RouteHandleContext, type PageSource, type RouteHandle } from './route-handle';
import { organizationJsonLd } from './structured-data';

/**
 * One page of the site: its URL pattern, its page module imported lazily, and its static facts
 * (`handle.source` names the file `page` imports: the build preloads that file's chunks).
 */
export interface PageRoute {
  path: string;
  page: LazyPage;
  handle: RouteHandle;
  /** The data a path of this route shows (a post's, the blog's catalog): loaded with the page module. */
  preload?: (pathname: string) => Promise<void>;
  /**
   * The handle of one path once its data has loaded, where it depends on the data (a post's
   * <head>, or the 404 page's for a slug no post has); `handle` otherwise.
   */
  handleFor?: (pathname: string) => RouteHandle;
}

/** The path of the catch-all route that renders the not-found page. */
export const NOT_FOUND_PATH = '*';

/**
 * A route of the table. Its lazy import names a feature's page module when the page is one
 * feature's own. The modules in ./routes/ are pages the app composes: they read the route's handle
 * (blog-post, subscriber, confirm: one module serves many routes) or put two features together
 * (candidate, contact: a landing page and the sign-up form), which a feature may not do itself
 * (docs/architecture.md#layers-and-import-directions).
 */
const pageRoute = (
  path: string,
  page: LazyPage,
  source: PageSource,
  meta: PageMeta,
  extra: Omit<Partial<RouteHandle>, 'source' | 'meta'> = {},
): PageRoute => ({ path, page, handle: { source, meta, ...extra } });

/** A page with its own copy (title, description) at its own path. */
const staticPage = (
  path: string,
  page: LazyPage,
  source: PageSource,
  copy: PageCopyMeta,
  extra?: Omit<Partial<RouteHandle>, 'source' | 'meta'>,
) => pageRoute(path, page, source, { ...copy, path }, extra);

/** What each page reached from an email shows; its URLs come from DYNAMIC_PAGES. */
const EMAIL_PAGE_VIEWS: Record<EmailPageForm, { page: LazyPage; source: PageSource; copy: PageCopyMeta }> = {
  unsubscribe: {
    page: () => import('./routes/subscriber'),
    source: 'web/src/app/routes/subscriber.tsx',
    copy: PAGE_META.unsubscribe,
  },
  settings: {
    page: () => import('./routes/subscriber'),
    source: 'web/src/app/routes/subscriber.tsx',
    copy: PAGE_META.settings,
  },
  confirm: {
    page: () => import('./routes/confirm'),
    source: 'web/src/app/routes/confirm.tsx',
    copy: PAGE_META.confirm,
  },
};

/** The pages reached from an email (subscriber, confirmation): one shell per pattern; personal, so never indexed. */
const emailPageRoutes = (): PageRoute[] =>
  DYNAMIC_PAGES.map(({ form, audience, pattern, prefix }) => {
    const { page, source, copy } = EMAIL_PAGE_VIEWS[form];
    const view = form === 'confirm' ? { confirmation: { audience } } : { subscriber: { form, audience } };
    return pageRoute(pattern, page, source, { ...copy, path: prefix.replace(/\/$/, ''), noindex: true }, view);
  });

const NOT_FOUND_ROUTE = pageRoute(
  NOT_FOUND_PATH,
  () => import('../features/not-found/NotFoundPage'),
  'web/src/features/not-found/NotFoundPage.tsx',
  { ...PAGE_META.notFound, path: '/404', noindex: true },
);

const postHandles = new WeakMap<PostPageData, RouteHandle>();

/** A loaded post's handle (one object per data file, so the document's <head> is set once per post). */
function postHandle(data: PostPageData): RouteHandle {
  let handle = postHandles.get(data);
  if (!handle) {
    handle = { source: BLOG_PAGE_SOURCES.post, meta: postMeta(data.post, siteConfig.siteUrl), blog: 'post' };
    postHandles.set(data, handle);
  }
  return handle;
}

/**
 * Every post, at the site's root: one route resolved by data, since the posts are the owners' and
 * published long after a build (docs/decisions/0053-blog-posts-from-the-console.md). Its path is
 * any one segment the site's own pages do not take (react-router ranks those first); a slug with no
 * published post shows the 404 page.
 */
const POST_ROUTE: PageRoute = {
  ...pageRoute(
    POST_ROUTE_PATTERN,
    () => import('./routes/blog-post'),
    BLOG_PAGE_SOURCES.post,
    { ...PAGE_META.blog, path: sitePaths.blog },
    { blog: 'post' },
  ),
  preload: (pathname) => preloadPostPage(postSlugOf(pathname)),
  handleFor: (pathname) => {
    const data = peekPostPage(postSlugOf(pathname));
    if (data === undefined) return POST_ROUTE.handle;
    return data === null ? NOT_FOUND_ROUTE.handle : postHandle(data);
  },
};

/**
 * The route table: every page of the spec (docs/spec/site-spec.md#2-screens-and-routes) in menu
 * order, then the blog's posts, the pages reached from emails and 404.
 */
export const PAGE_ROUTES: PageRoute[] = [
  pageRoute(sitePaths.home, () => import('../features/home/HomePage'), 'web/src/features/home/HomePage.tsx', {
    ...PAGE_META.home,
    path: sitePaths.home,
    jsonLd: organizationJsonLd(siteConfig.siteUrl),
  }),
  staticPage(
    sitePaths.about,
    () => import('../features/about/AboutPage'),
    'web/src/features/about/AboutPage.tsx',
    PAGE_META.about,
  ),
  staticPage(
    sitePaths.candidate,
    () => import('./routes/candidate'),
    'web/src/app/routes/candidate.tsx',
    PAGE_META.candidate,
  ),
  staticPage(
    sitePaths.employer,
    () => import('../features/employer/EmployerPage'),
    'web/src/features/employer/EmployerPage.tsx',
    PAGE_META.employer,
  ),
  staticPage(
    sitePaths.scorecardForm,
    () => import('../features/scorecard/ScorecardPage'),
    'web/src/features/scorecard/ScorecardPage.tsx',
    PAGE_META.scorecardForm,
    { hideFooter: true },
  ),
  staticPage(sitePaths.contact, () => import('./routes/contact'), 'web/src/app/routes/contact.tsx', PAGE_META.contact),
  staticPage(
    sitePaths.privacy,
    () => import('../features/legal/PrivacyPage'),
    'web/src/features/legal/PrivacyPage.tsx',
    PAGE_META.privacy,
  ),
  staticPage(
    sitePaths.terms,
    () => import('../features/legal/TermsPage'),
    'web/src/features/legal/TermsPage.tsx',
    PAGE_META.terms,
  ),
  {
    ...staticPage(
      sitePaths.blog,
      () => import('../features/blog/BlogIndexPage'),
      BLOG_PAGE_SOURCES.index,
      PAGE_META.blog,
      { blog: 'index' },
    ),
    preload: () => preloadCatalog(),
  },
  POST_ROUTE,
  ...emailPageRoutes(),
  NOT_FOUND_ROUTE,
];

/**
 * Renders a route's lazily loaded page, with the route's handle available to it. The path's data
 * is asked for with the module (a post after a Previous/Next click), not after it.
 */
function PageView({ route }: { route: PageRoute }) {
  const { pathname } = useLocation();
  // The page reads it, and shows a failure to load it (the error boundary): nothing to do here.
  route.preload?.(pathname).catch(() => undefined);
  const Page = usePageComponent(route);
  return (
    <RouteHandleContext.Provider value={route.handle}>
      <Page />
    </RouteHandleContext.Provider>
  );
}

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

/** The handle of the page a path shows (its data's, once loaded), or undefined for a redirect. */
export function routeHandleFor(pathname: string): RouteHandle | undefined {
  const route = matchPageRoute(pathname);
  return route?.handleFor ? route.handleFor(pathname) : route?.handle;
}

/**
 * Loads the page for a path (module and data) before the first render: the prerender and
 * hydration both call it, so neither ever renders a suspended page (docs/architecture.md#the-website).
 */
export async function loadPageFor(pathname: string): Promise<PageRoute | undefined> {
  const route = matchPageRoute(pathname);
  if (route) await Promise.all([loadPageRoute(route), route.preload?.(pathname)]);
  return route;
}
