import { sitePaths } from '#shared/paths.ts';
import { absoluteUrl } from '#web/src/lib/page-meta.ts';
import { postPath } from '#web/src/features/blog/post-links.ts';
import type { PostSummary } from '#web/src/features/blog/types.ts';

export interface SitemapEntry {
  /** Absolute URL, not yet XML-escaped. */
  loc: string;
  /** ISO date of the last change. */
  lastmod: string;
}

/** Sitemap lines for the blog: each post dated by its publication, the index by the newest. */
export function blogSitemapEntries(posts: readonly PostSummary[], siteUrl: string): SitemapEntry[] {
  const origin = siteUrl.replace(/\/+$/, '');
  const postEntries = posts.map((post) => ({ loc: absoluteUrl(postPath(post.slug), origin), lastmod: post.isoDate }));
  const newest = posts.reduce<string | undefined>(
    (latest, post) => (!latest || post.isoDate > latest ? post.isoDate : latest),
    undefined,
  );
  return newest ? [{ loc: absoluteUrl(sitePaths.blog, origin), lastmod: newest }, ...postEntries] : postEntries;
}
