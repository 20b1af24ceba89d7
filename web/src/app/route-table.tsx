import { DYNAMIC_PAGES, sitePaths, type EmailPageForm } from '../../../shared/paths';
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

const page = (
  path: string,
  name: RouteHandle['page'],
  copy: PageCopyMeta,
  extra: Partial<RouteHandle> = {},
): PageRoute => ({
  path,
  handle: { page: name, meta: { ...copy, path }, ...extra },
});

/** What each page reached from an email shows; its URLs come from DYNAMIC_PAGES. */
const EMAIL_PAGE_VIEWS: Record<EmailPageForm, { page: RouteHandle['page']; copy: PageCopyMeta }> = {
  unsubscribe: { page: 'subscriber', copy: PAGE_META.unsubscribe },
  settings: { page: 'subscriber', copy: PAGE_META.settings },
  confirm: { page: 'confirm', copy: PAGE_META.confirm },
};

/** The pages reached from an email (subscriber, confirmation): one shell per pattern; personal, so never indexed. */
const dynamicRoutes = (): PageRoute[] =>
  DYNAMIC_PAGES.map(({ form, audience, pattern, prefix }) => {
    const { page: name, copy } = EMAIL_PAGE_VIEWS[form];
    const view = form === 'confirm' ? { confirmation: { audience } } : { subscriber: { form, audience } };
    return {
      path: pattern,
      handle: { page: name, ...view, meta: { ...copy, path: prefix.replace(/\/$/, ''), noindex: true } },
    };
  });

const postRoutes = (): PageRoute[] =>
  POSTS.map((post) => ({
    path: postPath(post.slug),
    handle: { page: 'blog-post', meta: postMeta(post, siteConfig.siteUrl), post },
    preload: () => preloadPostBody(post.id),
  }));

/**
 * Every page of the spec (docs/spec/site-spec.md#2-screens-and-routes) in menu order, then the blog
 * posts, the pages reached from emails and 404.
 */
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
    ...dynamicRoutes(),
    {
      path: NOT_FOUND_PATH,
      handle: { page: 'not-found', meta: { ...PAGE_META.notFound, path: '/404', noindex: true } },
    },
  ];
}
