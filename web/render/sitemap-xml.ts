/** One sitemap document (sitemaps.org 0.9): the build's pages' (sitemap.xml) and the blog's (blog-sitemap.xml). */
import { escapeXml } from '#shared/escape-html.ts';

export interface SitemapEntry {
  /** Absolute URL, not yet XML-escaped. */
  loc: string;
  /** ISO date of the last change, where known. */
  lastmod?: string;
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
    return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
