/**
 * What a page says about itself in <head>: the prerender writes these tags into the HTML,
 * and the client updates title/description on in-app navigation.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL (decoded, no trailing slash), e.g. `/about`. */
  path: string;
  /** The title social sites show (Open Graph), when it is not `title` (a post's social title). */
  ogTitle?: string;
  /** Absolute or site-relative URL of the Open Graph image (1200×630). */
  ogImage?: string;
  ogType?: 'website' | 'article';
  /** Subscriber pages are personal: keep them out of search results. */
  noindex?: boolean;
  /** Structured data (e.g. BlogPosting), written as application/ld+json. */
  jsonLd?: Record<string, unknown>;
}

/** `${siteUrl}${path}` with the path percent-encoded where URLs require it (apostrophes stay). */
export function absoluteUrl(pathOrUrl: string, siteUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${encodeURI(pathOrUrl)}`;
}
