import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ApiThrottle } from '../constructs/api-throttling';
import type { CustomDomain } from '../constructs/site';
import { readRouteManifest, ROUTE_MANIFEST_FILE } from '../edge/edge-code';

/**
 * Everything the app takes from outside the code — CDK context, the web build, the scorecard
 * document — read and checked in one place, so a missing input stops synth with a message
 * that says what to do. Only the entry (infra/bin/app.ts) calls these.
 */

/** Context keys the stack cannot be built without (cdk.json or `-c key=value`). */
export const REQUIRED_CONTEXT_KEYS = ['siteUrl', 'senderEmail', 'notificationEmail', 'opsEmail'] as const;

export interface AppContext {
  readonly siteUrl: string;
  readonly senderEmail: string;
  readonly notificationEmail: string;
  readonly opsEmail: string;
  readonly customDomain?: CustomDomain;
  readonly apiThrottle?: ApiThrottle;
  readonly formThrottle?: ApiThrottle;
  readonly subscriberThrottle?: ApiThrottle;
}

/** Reads the app's context through `get` (e.g. `(key) => app.node.tryGetContext(key)`). */
export function parseAppContext(get: (key: string) => unknown): AppContext {
  const text = (key: string): string | undefined => {
    const value = get(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context key "${key}" must be a string`);
    return value.trim();
  };
  const required = (key: (typeof REQUIRED_CONTEXT_KEYS)[number]): string => {
    const value = text(key);
    if (!value) throw new Error(`Missing CDK context key "${key}": set it in cdk.json or pass -c ${key}=...`);
    return value;
  };
  const number = (key: string): number | undefined => {
    const value = get(key);
    if (value === undefined || value === null || value === '') return undefined;
    const parsed = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Context key "${key}" must be a positive number`);
    return parsed;
  };

  const siteUrl = required('siteUrl');
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw new Error(`Context key "siteUrl" must be a URL, got "${siteUrl}"`);
  }
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`Context key "siteUrl" must be an https origin such as https://www.example.ca, got "${siteUrl}"`);
  }

  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context keys "domainName" and "certificateArn" go together: set both or neither');
  }

  /** `<prefix>RateLimit` and `<prefix>BurstLimit`, together or not at all. */
  const throttle = (prefix: 'api' | 'form' | 'subscriber'): ApiThrottle | undefined => {
    const rateLimit = number(`${prefix}RateLimit`);
    const burstLimit = number(`${prefix}BurstLimit`);
    if ((rateLimit === undefined) !== (burstLimit === undefined)) {
      throw new Error(`Context keys "${prefix}RateLimit" and "${prefix}BurstLimit" go together: set both or neither`);
    }
    return rateLimit !== undefined && burstLimit !== undefined ? { rateLimit, burstLimit } : undefined;
  };

  return {
    siteUrl: url.origin,
    senderEmail: required('senderEmail'),
    notificationEmail: required('notificationEmail'),
    opsEmail: required('opsEmail'),
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    apiThrottle: throttle('api'),
    formThrottle: throttle('form'),
    subscriberThrottle: throttle('subscriber'),
  };
}

/** The built website and its page paths; the build must have run (it writes _routes.json). */
export function locateWebBuild(distDir: string): { distDir: string; routes: string[] } {
  if (!existsSync(path.join(distDir, ROUTE_MANIFEST_FILE))) {
    throw new Error('Build the website first: npm run build');
  }
  return { distDir, routes: readRouteManifest(distDir) };
}

/** The one PDF in `dir`: the scorecard document the download link serves. */
export function locateScorecardDocument(dir: string): string {
  const pdfs = existsSync(dir) ? readdirSync(dir).filter((name) => name.toLowerCase().endsWith('.pdf')) : [];
  if (pdfs.length !== 1) {
    throw new Error(`Expected exactly one scorecard PDF in ${dir}, found ${pdfs.length}`);
  }
  return path.join(dir, pdfs[0]);
}
