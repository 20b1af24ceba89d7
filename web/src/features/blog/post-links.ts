/**
 * Where posts live. Posts sit at the site root (spec §2), so a post's path is its slug.
 * Paths here are decoded, as React Router and PageMeta take them; absolute URLs (feed,
 * sitemap, structured data) are percent-encoded.
 */
export const postPath = (slug: string): string => `/${slug}`;

/**
 * encodeURIComponent leaves the apostrophe alone, and two slugs carry one
 * ("facets-of-jobs-why-it's-…"). A raw ' breaks single-quoted attributes and some feed
 * readers, so it is encoded as %27 too.
 */
const encodePathSegment = (segment: string): string =>
  encodeURIComponent(segment).replace(/'/g, '%27');

/** `absoluteUrl('https://example.ca/', "/it's")` -> `https://example.ca/it%27s`. */
export const absoluteUrl = (siteUrl: string, path: string): string =>
  siteUrl.replace(/\/+$/, '') + path.split('/').map(encodePathSegment).join('/');

export const absolutePostUrl = (siteUrl: string, slug: string): string =>
  absoluteUrl(siteUrl, postPath(slug));
