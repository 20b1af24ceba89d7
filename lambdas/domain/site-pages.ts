/**
 * Which paths are pages of the site, for the visit counting (docs/decisions/0081-privacy-first-analytics.md):
 * the pages the site's own sitemaps list (SITE_SITEMAPS: the build's pages, and the blog's, which
 * the site's publisher rewrites whenever a post is published or taken down), fetched from the site
 * as any visitor would and kept for SITEMAP_MAX_AGE_MS. A beacon for any other path counts nothing,
 * so a forged one cannot fill the table with made-up pages, and a post published later is counted
 * within minutes without a deploy. Pages left out of them on purpose (the pages reached from an
 * email, which carry a token; the not-found page) are never counted.
 */
import { BLOG_FILES } from '#shared/blog-site.ts';
import { pagePathOf } from './visit-request';

/** The sitemaps whose pages count: the build's (`/sitemap.xml`) and the blog's. */
export const SITE_SITEMAPS = ['/sitemap.xml', BLOG_FILES.sitemap.path] as const;

/** How long a fetched sitemap is used before it is fetched again. */
export const SITEMAP_MAX_AGE_MS = 5 * 60_000;
/** After a failed fetch, how long before the next try (beacons meanwhile count nothing new). */
const RETRY_AFTER_MS = 30_000;
const FETCH_TIMEOUT_MS = 3000;

export type FetchText = (url: string, signal: AbortSignal) => Promise<{ status: number; text: () => Promise<string> }>;

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };

/** The page paths a sitemap lists (its `<loc>` addresses' paths, as pagePathOf names them). */
export const pagesOfSitemap = (xml: string): Set<string> => {
  const pages = new Set<string>();
  for (const [, loc] of xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)) {
    try {
      const address = loc!.replace(/&(amp|apos|quot|lt|gt);/g, (_whole, name: string) => ENTITIES[name]!);
      const path = pagePathOf(new URL(address).pathname);
      if (path) pages.add(path);
    } catch {
      // Not an address: not a page.
    }
  }
  return pages;
};

/**
 * The site's pages, from its sitemaps: the last good copy while a newer one is fetched, an empty
 * set until the first fetch of them all succeeds.
 */
export const sitePages = (siteUrl: string, fetchText: FetchText, clock: () => number = Date.now) => {
  let pages = new Set<string>();
  let nextFetchAt = 0;
  let fetching: Promise<void> | undefined;
  const refresh = async () => {
    try {
      const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
      const sitemaps = await Promise.all(
        SITE_SITEMAPS.map(async (sitemap) => {
          const answer = await fetchText(`${siteUrl}${sitemap}`, signal);
          if (answer.status !== 200) throw new Error(`${sitemap} answered ${answer.status}`);
          return pagesOfSitemap(await answer.text());
        }),
      );
      pages = new Set(sitemaps.flatMap((found) => [...found]));
      nextFetchAt = clock() + SITEMAP_MAX_AGE_MS;
    } catch {
      nextFetchAt = clock() + RETRY_AFTER_MS;
    } finally {
      fetching = undefined;
    }
  };
  return async (path: string): Promise<boolean> => {
    if (clock() >= nextFetchAt) {
      fetching ??= refresh();
      // The first time there is nothing to go on: wait for it. Later, the copy in hand answers.
      if (pages.size === 0) await fetching;
    }
    return pages.has(path);
  };
};
