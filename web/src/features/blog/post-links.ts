/**
 * Where posts live. Posts sit at the site root (docs/spec/site-spec.md#2-screens-and-routes), so a
 * post's path is its slug, decoded, as React Router and PageMeta take it. Absolute URLs come from
 * the app's `absoluteUrl`, so canonical tags, the feed and the sitemap spell them the same way.
 */
import { BLOG_FILES, postPagePath } from '#shared/blog-site.ts';

export const postPath = postPagePath;

/** The route every post shares: any one-segment path the site's own pages do not take. */
export const POST_ROUTE_PATTERN = postPath(':slug');

/** The slug a post path names (`/quiet-quitting` → `quiet-quitting`), decoded as typed or percent-encoded. */
export function postSlugOf(pathname: string): string {
  const segment = pathname.replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The blog's RSS 2.0 feed (written by the publisher with the posts). */
export const BLOG_FEED_PATH = BLOG_FILES.feed.path;
