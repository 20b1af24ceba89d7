/**
 * Which paths are pages of the site, for the visit counting (docs/decisions/0081-privacy-first-analytics.md):
 * the pages the site's own sitemap lists (`/sitemap.xml`, fetched from the site as any visitor
 * would, kept for SITEMAP_MAX_AGE_MS). A beacon for any other path counts nothing, so a forged one
 * cannot fill the table with made-up pages. The sitemap is what the build writes and what a
 * publisher rewrites when it adds a page (issue 31's posts), so a page published later is counted
 * within minutes without a deploy. Pages left out of it on purpose (the pages reached from an
 * email, which carry a token; the not-found page) are never counted.
 */
import { pagePathOf } from './visit-request';

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
 * The site's pages, from `<siteUrl>/sitemap.xml`: the last good copy while a newer one is fetched,
 * an empty set until the first fetch succeeds.
 */
export const sitePages = (siteUrl: string, fetchText: FetchText, clock: () => number = Date.now) => {
  let pages = new Set<string>();
  let nextFetchAt = 0;
  let fetching: Promise<void> | undefined;
  const refresh = async () => {
    try {
      const answer = await fetchText(`${siteUrl}/sitemap.xml`, AbortSignal.timeout(FETCH_TIMEOUT_MS));
      if (answer.status !== 200) throw new Error(`the sitemap answered ${answer.status}`);
      pages = pagesOfSitemap(await answer.text());
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
