import { DYNAMIC_PAGES, sitePaths } from '../../../shared/paths';
import { PAGE_META, type PageCopyMeta } from '../../content/pages/meta';
import { POSTS } from '../../.generated/blog/posts';
import { preloadPostBody } from '../features/blog/post-body';
import { postPath } from '../features/blog/post-links';
import { postMeta } from '../features/blog/post-meta';
import { siteConfig } from '../config';
import type { RouteHandle } from './route-handle';
import { organizationJsonLd } from './structured-data';

/** One page of the site: its URL pattern, its static facts, and data to load with its module. */
export interface PageRoute {
  path: string;
  handle: RouteHandle;
  /** Awaited with the page module, on navigation and before hydration (e.g. a post body). */
  preload?: () => Promise<void>;
}

/** The path of the catch-all route that renders the not-found page. */
export const NOT_FOUND_PATH = '*';

const page = (path: string, name: RouteHandle['page'], copy: PageCopyMeta, extra: Partial<RouteHandle> = {}): PageRoute => ({
  path,
  handle: { page: name, meta: { ...copy, path }, ...extra },
});

type DynamicPattern = (typeof DYNAMIC_PAGES)[number]['pattern'];

/** Which form each subscriber page shows (checked against DYNAMIC_PAGES by the compiler). */
const SUBSCRIBER_FORMS: Record<DynamicPattern, NonNullable<RouteHandle['subscriber']>> = {
  '/unsubscribe/candidate/:id': { form: 'unsubscribe', audience: 'candidate' },
  '/unsubscribe/employer/:id': { form: 'unsubscribe', audience: 'employer' },
  '/candidate/setting/:id': { form: 'settings', audience: 'candidate' },
  '/employer/setting/:id': { form: 'settings', audience: 'employer' },
};

/** The subscriber pages: one shell per pattern; personal, so never indexed. */
const subscriberRoutes = (): PageRoute[] =>
  DYNAMIC_PAGES.map(({ pattern, prefix }) => {
    const subscriber = SUBSCRIBER_FORMS[pattern];
    const meta = { ...PAGE_META[subscriber.form], path: prefix.replace(/\/$/, ''), noindex: true };
    return { path: pattern, handle: { page: 'subscriber', meta, subscriber } };
  });

const postRoutes = (): PageRoute[] =>
  POSTS.map((post) => ({
    path: postPath(post.slug),
    handle: { page: 'blog-post', meta: postMeta(post, siteConfig.siteUrl), post },
    preload: () => preloadPostBody(post.id),
  }));

/** Every page of the spec (§2) in menu order, then the blog posts, subscriber pages and 404. */
export function pageRoutes(): PageRoute[] {
  return [
    {
      path: sitePaths.home,
      handle: {
        page: 'home',
        meta: { ...PAGE_META.home, path: sitePaths.home, jsonLd: organizationJsonLd(siteConfig.siteUrl) },
      },
    },
    page(sitePaths.about, 'about', PAGE_META.about),
    page(sitePaths.candidate, 'candidate', PAGE_META.candidate),
    page(sitePaths.employer, 'employer', PAGE_META.employer),
    page(sitePaths.scorecardForm, 'scorecard-form', PAGE_META.scorecardForm, { hideFooter: true }),
    page(sitePaths.contact, 'contact', PAGE_META.contact),
    page(sitePaths.privacy, 'privacy', PAGE_META.privacy),
    page(sitePaths.terms, 'terms', PAGE_META.terms),
    page(sitePaths.blog, 'blog-index', PAGE_META.blog),
    ...postRoutes(),
    ...subscriberRoutes(),
    {
      path: NOT_FOUND_PATH,
      handle: { page: 'not-found', meta: { ...PAGE_META.notFound, path: '/404', noindex: true } },
    },
  ];
}
