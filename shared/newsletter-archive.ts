/**
 * Where the public newsletter archive lives on the site (docs/decisions/0052-newsletter-archive.md):
 * the publisher writes these objects, the edge routes these paths to them, CloudFront's cache of
 * them is invalidated after each change. Every path is under ARCHIVE_PREFIX but the sitemap's:
 * ARCHIVE_KEY_PATTERNS are the only keys of the site bucket the publisher may write and the web
 * build's deployment leaves alone.
 */
export const ARCHIVE_PREFIX = '/newsletter';

/** An issue's page: `/newsletter/<slug>` (a campaign slug: lower case, digits, hyphens). */
export const archivePagePath = (slug: string) => `${ARCHIVE_PREFIX}/${slug}`;

/** The object a page path is stored as (`newsletter/<slug>/index.html`, as the build's pages are). */
export const archivePageKey = (pagePath: string) => `${pagePath.slice(1)}/index.html`;

export const ARCHIVE_FILES = {
  index: { path: ARCHIVE_PREFIX, key: archivePageKey(ARCHIVE_PREFIX), contentType: 'text/html; charset=utf-8' },
  feed: {
    path: `${ARCHIVE_PREFIX}/feed.xml`,
    key: 'newsletter/feed.xml',
    contentType: 'application/rss+xml; charset=utf-8',
  },
  stylesheet: {
    path: `${ARCHIVE_PREFIX}/archive.css`,
    key: 'newsletter/archive.css',
    contentType: 'text/css; charset=utf-8',
  },
  /**
   * The archive's own sitemap (the build's sitemap.xml is written before any issue exists), named
   * by robots.txt. At the site root: a sitemap may list only URLs under its own folder
   * (https://www.sitemaps.org/protocol.html#location), and the index `/newsletter` is not under
   * `/newsletter/`.
   */
  sitemap: {
    path: '/newsletter-sitemap.xml',
    key: 'newsletter-sitemap.xml',
    contentType: 'application/xml; charset=utf-8',
  },
} as const;

/** The S3 key pattern of the archive's folder. */
export const ARCHIVE_KEY_PATTERN = `${ARCHIVE_PREFIX.slice(1)}/*`;

/** Every key the publisher may write (its grant) and the deployment must not prune. */
export const ARCHIVE_KEY_PATTERNS = [ARCHIVE_KEY_PATTERN, ARCHIVE_FILES.sitemap.key] as const;

/**
 * The value of each published issue's key (its slug) in the edge's KeyValueStore: only the key's
 * presence is read (infra/cdk/edge/viewer-request.js), and a store value may not be empty.
 */
export const ARCHIVE_ISSUE_VALUE = 'published';
