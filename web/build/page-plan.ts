import { BLOG_FILES } from '#shared/blog-site.ts';
import { ARCHIVE_FILES } from '#shared/newsletter-archive.ts';
import { DYNAMIC_PAGES, NOT_FOUND_PAGE, SUBSCRIBER_ID_PATTERN } from '#shared/paths.ts';
import { sitemapXml as sitemapDocument } from '#web/render/sitemap-xml.ts';
import type { RouteHandle } from '#web/src/app/route-handle.ts';
import { absoluteUrl } from '#web/src/lib/page-meta.ts';

/** A route as the build sees it: the URL pattern and its static facts. */
export interface RouteInfo {
  path: string;
  handle: RouteHandle;
}

/**
 * One HTML file of the site: `page` is a public page the prerender writes, listed in _routes.json
 * and the sitemap; `blog` is /blog, listed in _routes.json, whose file the blog's renderer writes
 * (web/render/blog-site.tsx) and whose sitemap is the blog's; `shell` serves every id of a
 * subscriber page; `not-found` is the 404 page. The posts are no page of the plan: the route that
 * shows them is resolved by data.
 */
export interface PlannedPage {
  kind: 'page' | 'blog' | 'shell' | 'not-found';
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

/**
 * The URL the 404 page is rendered at: two segments, so no route but the catch-all matches it (a
 * one-segment path would be a post's, resolved by data the build does not have).
 */
export const NOT_FOUND_RENDER_URL = '/404/not-found';

export function planPages(routes: RouteInfo[]): PlannedPage[] {
  return routes.flatMap(({ path, handle }): PlannedPage[] => {
    if (path === '*') return [{ kind: 'not-found', url: NOT_FOUND_RENDER_URL, file: NOT_FOUND_PAGE.slice(1), handle }];
    if (handle.blog === 'post') return [];
    const dynamic = DYNAMIC_PAGES.find((page) => page.pattern === path);
    if (dynamic) {
      return [{ kind: 'shell', url: dynamic.prefix + SHELL_RENDER_ID, file: pageFile(dynamic.shellPath), handle }];
    }
    if (path.includes(':') || path.includes('*')) throw new Error(`No prerender rule for the route pattern ${path}`);
    return [{ kind: handle.blog === 'index' ? 'blog' : 'page', url: path, file: pageFile(path), handle }];
  });
}

/** dist/_routes.json: the public page paths (decoded, no trailing slash) for the edge and local server. */
export function routesManifest(pages: PlannedPage[]): { pages: string[] } {
  return { pages: pages.filter((page) => page.kind === 'page' || page.kind === 'blog').map((page) => page.url) };
}

/** sitemap.xml: every public, indexable page of the build; never the subscriber shells, the 404 page or the blog. */
export function sitemapXml(pages: PlannedPage[], siteUrl: string): string {
  return sitemapDocument(
    pages
      .filter((page) => page.kind === 'page' && !page.handle.meta.noindex)
      .map((page) => ({ loc: absoluteUrl(page.url, siteUrl) })),
  );
}

/**
 * robots.txt: everything may be crawled. The subscriber pages are not disallowed on purpose:
 * a crawler must fetch them to read their noindex (and GET never changes a subscription).
 * Three sitemaps: the build's pages, the blog's and the newsletter archive's, which the site's
 * publisher writes after the build (docs/decisions/0052-newsletter-archive.md, 0053).
 */
export function robotsTxt(siteUrl: string): string {
  const sitemaps = ['/sitemap.xml', BLOG_FILES.sitemap.path, ARCHIVE_FILES.sitemap.path];
  return `User-agent: *\nAllow: /\n\n${sitemaps.map((path) => `Sitemap: ${siteUrl}${path}`).join('\n')}\n`;
}
