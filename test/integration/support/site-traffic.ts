/**
 * Synthetic visitors for the site's visit counting (docs/decisions/0081-privacy-first-analytics.md):
 * each a browser with its own address and user agent whose beacons reach the collectVisit function
 * as CloudFront forwards them (CloudFront-Viewer-Address, CloudFront-Viewer-Country, the body as
 * sendBeacon sends it), and the site's sitemap as the function fetches it. A test file mocks the
 * handlers' clock (lambdas/runtime/clock.ts) to days of its own, far ahead and random, so the
 * table's days are its alone.
 */
import { randomBytes } from 'node:crypto';
import { BLOG_FILES } from '#shared/blog-site.ts';
import { firmTime } from '#shared/firm-day.ts';
import { API_ROUTES } from '#shared/paths.ts';
import type { VisitBeacon } from '#shared/site-visits.ts';
import { apiEvent, invoke, type ApiAnswer } from '#test/support/api-events.ts';
import { siteUrl } from './local-aws';

export const USER_AGENTS = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
} as const;

/** The pages the site's sitemaps list in these tests: the build's fixed pages, then the blog's (/blog and two posts). */
export const SITE_PAGES = ['/', '/about', '/employer', '/employer/form', '/contact'];
export const BLOG_PAGES = ['/blog', '/quiet-quitting', '/hiring-for-the-holidays'];

/** The sitemap the site serves, as the build writes it. */
export const sitemapOf = (pages: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages
    .map((page) => `  <url><loc>${siteUrl.replace(/\/$/, '')}${page}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

/**
 * The site as the collectVisit function fetches it (global fetch): `/sitemap.xml` lists `pages`,
 * `/blog-sitemap.xml` `blogPages`; `fetches()` counts their fetches; any other address is fetched
 * as usual (the SES emulator's inbox). `restore()` puts fetch back.
 */
export const serveSitemap = (pages: readonly string[] = SITE_PAGES, blogPages: readonly string[] = BLOG_PAGES) => {
  let fetches = 0;
  const realFetch = globalThis.fetch;
  const origin = siteUrl.replace(/\/$/, '');
  const sitemaps: Record<string, readonly string[]> = {
    [`${origin}/sitemap.xml`]: pages,
    [`${origin}${BLOG_FILES.sitemap.path}`]: blogPages,
  };
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const listed = sitemaps[String(input instanceof Request ? input.url : input)];
    if (!listed) return realFetch(input, init);
    fetches += 1;
    return new Response(sitemapOf(listed), { status: 200, headers: { 'content-type': 'application/xml' } });
  });
  return { fetches: () => fetches, restore: () => spy.mockRestore() };
};

/** A day of the firm far ahead, different on every run (the table's data may outlive a run). */
export const farDay = (): string => {
  const date = new Date(Date.UTC(2100 + Math.floor(Math.random() * 700), 0, 1));
  date.setUTCDate(date.getUTCDate() + Math.floor(Math.random() * 360));
  return date.toISOString().slice(0, 10);
};

/** Unix seconds at a firm day's wall-clock time (America/Edmonton). */
export const at = (day: string, time: string) => firmTime(day, time);

/** A random address of the documentation and benchmarking ranges, unique to a run. */
export const randomAddress = () => {
  const [a, b, c] = randomBytes(3);
  return `198.${18 + (a! % 2)}.${b}.${(c! % 250) + 1}`;
};

/** A browser: where it is and what it says it is. */
export interface Browser {
  address: string;
  userAgent: string;
  country?: string;
}

/** The headers CloudFront forwards for this browser. */
export const headersOf = (browser: Browser): Record<string, string> => ({
  'cloudfront-viewer-address': `${browser.address.includes(':') ? `[${browser.address}]` : browser.address}:51234`,
  'user-agent': browser.userAgent,
  ...(browser.country && { 'cloudfront-viewer-country': browser.country }),
});

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

/** The beacon of one page view, as sendBeacon sends it (text/plain JSON). */
export const sendBeacon = (collect: Handler, browser: Browser, beacon: VisitBeacon | string): Promise<ApiAnswer> =>
  invoke(
    collect,
    apiEvent({
      routeKey: API_ROUTES.collectVisit,
      path: '/api/visits',
      headers: { ...headersOf(browser), 'content-type': 'text/plain;charset=UTF-8' },
      body: typeof beacon === 'string' ? beacon : JSON.stringify(beacon),
    }),
  );
