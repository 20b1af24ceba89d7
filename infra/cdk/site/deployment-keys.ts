/**
 * Which keys of the site bucket the web build's deployment writes and prunes, and which it leaves
 * alone, named once for the stack's BucketDeployments (infra/cdk/constructs/site-deployment.ts) and the
 * twin's upload of the build (infra/local/site-and-edge/site-upload.ts). Plain data: the twin reads it without
 * loading aws-cdk-lib.
 */
import { BLOG_KEY_PATTERNS, POST_UPLOADS_PREFIX } from '#shared/blog-site.ts';
import { ARCHIVE_KEY_PATTERNS } from '#shared/newsletter-archive.ts';
import { NOT_FOUND_PAGE } from '#shared/paths.ts';
import { ROUTE_MANIFEST_FILE } from '../edge/edge-code';

/** Folder of the web build holding content-hashed files (a new build never reuses a name). */
export const HASHED_ASSETS_PREFIX = 'assets/';
export const HASHED_ASSETS_PATTERN = `${HASHED_ASSETS_PREFIX}*`;

/** The 404 page's key, uploaded on its own with the status metadata the viewer-response function reads. */
export const NOT_FOUND_KEY = NOT_FOUND_PAGE.slice(1);

/**
 * Keys written after the deployment, by the site's publisher (the newsletter archive, the blog's
 * pages, data, feed and sitemap) and the image function (the owners' uploads and images): a deploy
 * never uploads them, even when the build has a file there, and never prunes them, so a deploy
 * after a publish leaves every post and image as the owners published it
 * (docs/decisions/0053-blog-posts-from-the-console.md).
 */
export const KEYS_WRITTEN_AFTER_DEPLOY: readonly string[] = [
  ...ARCHIVE_KEY_PATTERNS,
  ...BLOG_KEY_PATTERNS,
  `${POST_UPLOADS_PREFIX}*`,
];

/**
 * What the pages' pass excludes (it uploads and prunes everything else): the hashed assets and
 * the 404 page (their own passes, never pruned), the route manifest (build metadata for the edge
 * function, not published) and the keys written after the deployment. An excluded key already in
 * the bucket is not deleted by `prune` (aws-s3-deployment README, "Exclude and Include Filters").
 */
export const PAGES_EXCLUDE: readonly string[] = [
  HASHED_ASSETS_PATTERN,
  NOT_FOUND_KEY,
  ROUTE_MANIFEST_FILE,
  ...KEYS_WRITTEN_AFTER_DEPLOY,
];
