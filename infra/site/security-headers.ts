/**
 * The site's security headers, defined once. The CloudFront response-headers policy is built
 * from `SECURITY_HEADER_POLICY` and the local server sends `SECURITY_HEADERS`, which is derived
 * from the same values, so the cloud and the local twin cannot drift.
 * Plain data, no CDK types, so the local server can import it without loading aws-cdk-lib.
 */

/** Two years: the minimum the HSTS preload list accepts is one year; two is its recommendation. */
const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 3600;

/**
 * Everything from our own origin only. No 'unsafe-inline' anywhere: the prerendered pages load
 * their scripts and styles from files. `data:` images cover inlined SVG placeholders.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "media-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** A marketing site needs none of these powerful features; deny them to any embedded code. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export const SECURITY_HEADER_POLICY = {
  strictTransportSecurity: { maxAgeSeconds: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: true },
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: PERMISSIONS_POLICY,
} as const;

const hsts = SECURITY_HEADER_POLICY.strictTransportSecurity;

/** Header name -> value, exactly as CloudFront renders the policy above. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': [
    `max-age=${hsts.maxAgeSeconds}`,
    ...(hsts.includeSubDomains ? ['includeSubDomains'] : []),
    ...(hsts.preload ? ['preload'] : []),
  ].join('; '),
  'Content-Security-Policy': SECURITY_HEADER_POLICY.contentSecurityPolicy,
  'X-Content-Type-Options': SECURITY_HEADER_POLICY.contentTypeOptions,
  'X-Frame-Options': SECURITY_HEADER_POLICY.frameOptions,
  'Referrer-Policy': SECURITY_HEADER_POLICY.referrerPolicy,
  'Permissions-Policy': SECURITY_HEADER_POLICY.permissionsPolicy,
};
