/**
 * Deployment settings the pages need (cdk.json context, overridable by env at build time).
 * web/build/site-config.ts resolves them once and esbuild's `define` inlines them as
 * __SITE_CONFIG__, so the client never fetches configuration. A page renders them through
 * `useSiteConfig()`, so a render outside the site's bundles (the blog's renderer in the publisher,
 * web/render/blog-site.tsx) can provide the settings the deployed client was built with.
 */
import { createContext, useContext } from 'react';
import { DEPLOY_TIME_SITE_ORIGIN } from '#shared/deploy-site-origin.ts';

export interface SiteConfig {
  /** Absolute origin of the site without a trailing slash, e.g. https://www.example.ca */
  siteUrl: string;
  /** The external candidate application (opens in a new tab). */
  candidateAppUrl: string;
  /** The external booking page for a discovery call. */
  bookCallUrl: string;
}

/** Absent where Node runs the source (jest, tsx, a Lambda bundle): only the site's bundles define it. */
declare const __SITE_CONFIG__: SiteConfig | undefined;

/**
 * Jest runs this file unbundled, so nothing replaced __SITE_CONFIG__: the settings of the
 * deployable build (web/build/site-config.ts without SITE_URL), whose origin the deployment
 * replaces (cdk.json has no siteUrl). In bundles NODE_ENV is "production" and esbuild drops this branch.
 */
const unbundledConfig = (): SiteConfig => {
  const { candidateAppUrl, bookCallUrl } = require('../../cdk.json').context as SiteConfig;
  return { siteUrl: DEPLOY_TIME_SITE_ORIGIN, candidateAppUrl, bookCallUrl };
};

/**
 * The settings of this bundle. Elsewhere (tsx, a Lambda) it is undefined and never read: the blog's
 * renderer provides the render kit's settings to every component that renders one.
 */
export const siteConfig: SiteConfig =
  process.env.NODE_ENV === 'test'
    ? unbundledConfig()
    : typeof __SITE_CONFIG__ === 'undefined'
      ? (undefined as unknown as SiteConfig)
      : __SITE_CONFIG__;

const SiteConfigContext = createContext<SiteConfig>(siteConfig);

/** Provides the settings a render outside the site's bundles was given (the render kit's). */
export const SiteConfigProvider = SiteConfigContext.Provider;

/** In render: the settings of the client that will hydrate this markup. */
export const useSiteConfig = () => useContext(SiteConfigContext);
