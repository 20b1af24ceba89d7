/**
 * The paths a CloudFront invalidation names for one object the publisher wrote or deleted: the
 * paths visitors ask for it by and its own key's path, since the viewer-request function rewrites
 * one to the other (`/newsletter/<slug>` → `…/index.html`) and "we recommend that you invalidate
 * both URIs" (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/invalidation-specifying-objects.html).
 */

/**
 * As a browser sends it: "If the path includes non-ASCII characters or unsafe characters as
 * defined in RFC 1738, URL-encode those characters. Do not URL-encode any other characters in the
 * path, or CloudFront will not invalidate the old version of the updated file" (the same page).
 * RFC 1738's unsafe characters: space < > " # % { } | \ ^ ~ [ ] `.
 */
const asSent = (path: string) =>
  path.replace(/[^\x21-\x7e]|[<>"#%{}|\\^~[\]`]/gu, (c) =>
    [...Buffer.from(c)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );

/**
 * As the viewer-request function forwards a page's path (infra/cdk/edge/viewer-request.js,
 * `encodePath`: every segment encoded strictly, `'` as `%27`), the URI CloudFront then caches it
 * under. Differs from `asSent` only for a slug with an apostrophe (two of the seed posts).
 */
const asForwarded = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');

export const invalidationPaths = (key: string, paths: readonly string[]): string[] => [
  ...new Set([...paths, `/${key}`].flatMap((path) => [asSent(path), asForwarded(path)])),
];
