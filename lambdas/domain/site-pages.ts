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
/** After a sitemap did not answer, how long before the next try. */
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

/** One sitemap's pages, or undefined when it did not answer (in time, or with 200). */
const readSitemap = async (url: string, fetchText: FetchText, signal: AbortSignal) => {
  try {
    const answer = await fetchText(url, signal);
    return answer.status === 200 ? pagesOfSitemap(await answer.text()) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The site's pages, from its sitemaps: each fetched again every SITEMAP_MAX_AGE_MS. One that does
 * not answer keeps the pages it listed last (none, before it ever answered) and is asked again
 * after RETRY_AFTER_MS, so a post's sitemap down for a moment stops no other page from counting.
 */
export const sitePages = (siteUrl: string, fetchText: FetchText, clock: () => number = Date.now) => {
  const listed = new Map<string, Set<string>>();
  let pages = new Set<string>();
  let nextFetchAt = 0;
  let fetching: Promise<void> | undefined;
  const refresh = async () => {
    const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    const answers = await Promise.all(
      SITE_SITEMAPS.map((sitemap) => readSitemap(`${siteUrl}${sitemap}`, fetchText, signal)),
    );
    SITE_SITEMAPS.forEach((sitemap, index) => {
      if (answers[index]) listed.set(sitemap, answers[index]);
    });
    pages = new Set([...listed.values()].flatMap((found) => [...found]));
    nextFetchAt = clock() + (answers.every(Boolean) ? SITEMAP_MAX_AGE_MS : RETRY_AFTER_MS);
    fetching = undefined;
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
