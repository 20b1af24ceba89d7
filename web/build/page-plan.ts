import { ARCHIVE_FILES } from '#shared/newsletter-archive.ts';
import { DYNAMIC_PAGES, NOT_FOUND_PAGE, SUBSCRIBER_ID_PATTERN } from '#shared/paths.ts';
import type { RouteHandle } from '#web/src/app/route-handle.ts';

/** A route as the build sees it: the URL pattern and its static facts. */
export interface RouteInfo {
  path: string;
  handle: RouteHandle;
}

/**
 * One HTML file the prerender writes: `page` is a public page listed in _routes.json and the
 * sitemap, `shell` serves every id of a subscriber page, `not-found` is the 404 page.
 */
export interface PlannedPage {
  kind: 'page' | 'shell' | 'not-found';
  /** The URL rendered (decoded). */
  url: string;
  /** Output file relative to dist, with forward slashes. */
  file: string;
  handle: RouteHandle;
}

/**
 * A well-formed id for the shells' render: a page may check the id's shape while rendering,
 * and the shell must look like what any real id hydrates into (the data loads afterwards).
 */
export const SHELL_RENDER_ID = 'A'.repeat(22);
if (!SUBSCRIBER_ID_PATTERN.test(SHELL_RENDER_ID)) throw new Error('SHELL_RENDER_ID no longer matches the id pattern');

/** `/` -> `index.html`, `/about` -> `about/index.html`. */
export const pageFile = (url: string) => (url === '/' ? 'index.html' : `${url.replace(/^\/|\/$/g, '')}/index.html`);

export function planPages(routes: RouteInfo[]): PlannedPage[] {
  return routes.map(({ path, handle }): PlannedPage => {
    if (path === '*') return { kind: 'not-found', url: '/404', file: NOT_FOUND_PAGE.slice(1), handle };
    const dynamic = DYNAMIC_PAGES.find((page) => page.pattern === path);
    if (dynamic) {
      return { kind: 'shell', url: dynamic.prefix + SHELL_RENDER_ID, file: pageFile(dynamic.shellPath), handle };
    }
    if (path.includes(':') || path.includes('*')) throw new Error(`No prerender rule for the route pattern ${path}`);
    return { kind: 'page', url: path, file: pageFile(path), handle };
  });
}

/** dist/_routes.json: the public page paths (decoded, no trailing slash) for the edge and local server. */
export function routesManifest(pages: PlannedPage[]): { pages: string[] } {
  return { pages: pages.filter((page) => page.kind === 'page').map((page) => page.url) };
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** sitemap.xml: every public, indexable page; never the subscriber shells or the 404 page. */
export function sitemapXml(pages: PlannedPage[], siteUrl: string): string {
  const urls = pages
    .filter((page) => page.kind === 'page' && !page.handle.meta.noindex)
    .map((page) => {
      const lastmod = page.handle.post ? `<lastmod>${page.handle.post.isoDate}</lastmod>` : '';
      return `  <url><loc>${escapeXml(siteUrl + encodeURI(page.url))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: everything may be crawled. The subscriber pages are not disallowed on purpose:
 * a crawler must fetch them to read their noindex (and GET never changes a subscription).
 * Two sitemaps: the build's pages, and the newsletter archive's, which its publisher writes
 * after the build (docs/decisions/0052-newsletter-archive.md).
 */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\nSitemap: ${siteUrl}${ARCHIVE_FILES.sitemap.path}\n`;
}
