/**
 * Headers CloudFront adds to every `/api/*` request it forwards (and the local server adds, as
 * its twin). Lower-case, as API Gateway's payload v2 events carry header names.
 * See docs/decisions/0020-origin-verify.md.
 */

/** The origin-verify secret: proves the request came through our distribution. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The viewer's address as CloudFront saw it, "ip:port" (IPv6 unbracketed, e.g.
 * "2001:db8::1:46532"): the client the per-client limits count. Trusted only because the
 * origin-verify authorizer guarantees CloudFront set it (CloudFront overwrites a viewer's own).
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The viewer's country, ISO 3166-1 alpha-2 (`CA`), as CloudFront places its address: the visit counting's country. */
export const VIEWER_COUNTRY_HEADER = 'cloudfront-viewer-country';
