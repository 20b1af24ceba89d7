import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY_TIME_SITE_ORIGIN } from '#shared/deploy-site-origin.ts';
import type { SiteConfig } from '#web/src/config.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** Each setting: its cdk.json context key and the environment variable that overrides it. */
const SETTINGS: Record<keyof SiteConfig, string> = {
  siteUrl: 'SITE_URL',
  candidateAppUrl: 'CANDIDATE_APP_URL',
  bookCallUrl: 'BOOK_CALL_URL',
};

function absoluteUrl(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new Error(`Site setting ${name} is missing (cdk.json context or env).`);
  try {
    return new URL(value).href.replace(/\/$/, '');
  } catch {
    throw new Error(`Site setting ${name} is not an absolute URL: ${value}`);
  }
}

/**
 * The deployment settings the web build injects: cdk.json context, overridden by env
 * (the local stack builds with SITE_URL=http://localhost:<port>). siteUrl loses its
 * trailing slash so `${siteUrl}${path}` is always a valid URL. Without SITE_URL the build is
 * the deployable one, written for DEPLOY_TIME_SITE_ORIGIN, which the deployment replaces with
 * the custom domain or the distribution's domain (docs/decisions/0010-site-url-from-distribution.md);
 * cdk.json has no siteUrl.
 */
export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const context = {
    ...JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context,
    siteUrl: DEPLOY_TIME_SITE_ORIGIN,
  };
  const entries = Object.entries(SETTINGS).map(([key, envName]) => [
    key,
    absoluteUrl(`${key} / ${envName}`, env[envName] || context[key]),
  ]);
  return Object.fromEntries(entries) as SiteConfig;
}
