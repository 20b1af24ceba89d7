/**
 * Where posts live. Posts sit at the site root (docs/spec/site-spec.md#2-screens-and-routes), so a
 * post's path is its slug, decoded, as React Router and PageMeta take it. Absolute URLs come from
 * the app's `absoluteUrl`, so canonical tags, the feed and the sitemap spell them the same way.
 */
export const postPath = (slug: string): string => `/${slug}`;

/** The blog's RSS 2.0 feed (written by the build, announced in <head>). */
export const BLOG_FEED_PATH = '/rss.xml';
