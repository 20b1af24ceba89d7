/**
 * The site's security headers, defined once. The CloudFront response-headers policy is built
 * from `securityHeaderPolicy(hashes)` and the local server sends `securityHeaders(hashes)`,
 * derived from the same values, so the cloud and the local twin cannot drift. `hashes` are the
 * CSP sources of the pages' and the console shell's inline elements, computed once by the web build
 * and read from its output (`readCspHashes(distDir)`, web/build/csp-hashes.ts): the header
 * always allows exactly the inline elements the deployed pages carry
 * (docs/decisions/0060-critical-css-and-csp-hash.md).
 * Plain data, no CDK types, so the local server can import it without loading aws-cdk-lib.
 */
import { assertCspHashes, type CspHashes } from '#web/build/csp-hashes.ts';

/** Two years: the minimum the HSTS preload list accepts is one year; two is its recommendation. */
const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 3600;

/**
 * Everything from our own origin only. No 'unsafe-inline' anywhere: the app's code loads from
 * files; the two inline elements of every page (its stylesheet, and the boot script that
 * starts the app after the first paint) and the console shell's two (its stylesheet and its
 * script, docs/decisions/0066-console-inline-script.md) are allowed by their sha256 hashes only.
 * `data:` images cover inlined SVG placeholders. `connectTo`: other origins the pages may send
 * requests to: in AWS the site bucket's regional host, where the console's browser POSTs an
 * image upload (decision 0053); the twin's S3 is the site's own origin, so the twin needs none.
 */
export function contentSecurityPolicy(hashes: CspHashes, connectTo: readonly string[] = []): string {
  const { styles, scripts } = assertCspHashes(hashes);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    ["connect-src 'self'", ...connectTo].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** A marketing site needs none of these powerful features; deny them to any embedded code. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** The response-headers policy for a build whose inline elements have these CSP hashes. */
export const securityHeaderPolicy = (hashes: CspHashes, connectTo: readonly string[] = []) =>
  ({
    strictTransportSecurity: { maxAgeSeconds: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: true },
    contentSecurityPolicy: contentSecurityPolicy(hashes, connectTo),
    contentTypeOptions: 'nosniff',
    frameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: PERMISSIONS_POLICY,
  }) as const;

/** Header name -> value, exactly as CloudFront renders the policy above. */
export function securityHeaders(hashes: CspHashes): Readonly<Record<string, string>> {
  const policy = securityHeaderPolicy(hashes);
  const hsts = policy.strictTransportSecurity;
  return {
    'Strict-Transport-Security': [
      `max-age=${hsts.maxAgeSeconds}`,
      ...(hsts.includeSubDomains ? ['includeSubDomains'] : []),
      ...(hsts.preload ? ['preload'] : []),
    ].join('; '),
    'Content-Security-Policy': policy.contentSecurityPolicy,
    'X-Content-Type-Options': policy.contentTypeOptions,
    'X-Frame-Options': policy.frameOptions,
    'Referrer-Policy': policy.referrerPolicy,
    'Permissions-Policy': policy.permissionsPolicy,
  };
}

export { readCspHashes, type CspHashes } from '#web/build/csp-hashes.ts';
