/**
 * Deployment settings the pages need (cdk.json context, overridable by env at build time).
 * web/build/site-config.ts resolves them once and esbuild's `define` inlines them as
 * __SITE_CONFIG__, so the client never fetches configuration.
 */
export interface SiteConfig {
  /** Absolute origin of the site without a trailing slash, e.g. https://www.example.ca */
  siteUrl: string;
  /** The external candidate application (opens in a new tab). */
  candidateAppUrl: string;
  /** The external booking page for a discovery call. */
  bookCallUrl: string;
}

declare const __SITE_CONFIG__: SiteConfig;

/**
 * Jest runs this file unbundled, so nothing replaced __SITE_CONFIG__: read the same cdk.json
 * context the build uses. In bundles NODE_ENV is "production" and esbuild drops this branch.
 */
const unbundledConfig = (): SiteConfig => {
  const { siteUrl, candidateAppUrl, bookCallUrl } = require('../../cdk.json').context as SiteConfig;
  return { siteUrl, candidateAppUrl, bookCallUrl };
};

export const siteConfig: SiteConfig = process.env.NODE_ENV === 'test' ? unbundledConfig() : __SITE_CONFIG__;
