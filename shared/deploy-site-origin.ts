/**
 * The site origin a deployable web build is written with. The real origin — the custom domain,
 * or the CloudFront distribution's own domain, which exists only once the stack is deployed —
 * replaces it in every uploaded file at deploy time (infra/cdk/constructs/site-deployment.ts).
 * `.invalid` is reserved (RFC 2606): a file that escaped the substitution links nowhere real.
 * See docs/decisions/0010-site-url-from-distribution.md.
 */
export const DEPLOY_TIME_SITE_ORIGIN = 'https://site-origin.deploy-time.invalid';
