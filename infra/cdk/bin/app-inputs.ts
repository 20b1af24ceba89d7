import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FormLimits } from '../constructs/api';
import type { ApiThrottle } from '../constructs/api-throttling';
import { DEFAULT_MONTHLY_BUDGET_USD } from '../constructs/budget';
import {
  FORM_MAILS_PER_HOUR,
  FORM_MAILS_WINDOW_SECONDS,
  SUBMISSIONS_PER_CLIENT_PER_HOUR,
  SUBMISSIONS_PER_NETWORK_PER_HOUR,
} from '#shared/constants/limits.ts';
import type { CustomDomain } from '../constructs/site';
import { DEPLOY_TIME_SITE_ORIGIN } from '#shared/deploy-site-origin.ts';
import { PLAIN_EMAIL_ADDRESS } from '#shared/schemas/email-address.ts';
import { mailingAddressProblem } from '#shared/mailing-address.ts';
import { readRouteManifest, ROUTE_MANIFEST_FILE } from '../edge/edge-code';
import { readCspHashes, type CspHashes } from '../site/security-headers';
import { parseStage } from './stage';

/**
 * Everything the app takes from outside the code — CDK context, the web build, the scorecard
 * document — read and checked in one place, so a missing input stops synth with a message
 * that says what to do. Only the entry (infra/cdk/bin/app.ts) calls these.
 */

/** Context keys the stack cannot be built without (cdk.json or `-c key=value`). */
export const REQUIRED_CONTEXT_KEYS = ['senderEmail', 'notificationEmail', 'opsEmail'] as const;

/** Why `owners` is refused: the console (docs/decisions/0070-console-sign-in.md) needs its owners' real addresses. */
export const OWNERS_REFUSED =
  'Context key "owners" must list the console owners\' own email addresses, e.g. ["ann@yourfirm.ca"] in cdk.json or -c owners=ann@yourfirm.ca,bob@yourfirm.ca';

/**
 * Why `siteUrl` is refused: the site URL is the custom domain or the distribution's own domain,
 * filled in at deploy time (docs/decisions/0010-site-url-from-distribution.md).
 */
export const SITE_URL_REFUSED =
  'Context key "siteUrl" is not used: the site URL is https://<domainName> with a custom domain, or else the CloudFront distribution\'s own domain, filled in at deploy time. Remove siteUrl (from cdk.json or -c).';

/**
 * Why `mailingAddress` is refused: every campaign email carries the firm's real postal address
 * (CASL identification; shared/mailing-address.ts says what counts as real).
 */
export const mailingAddressRefused = (problem: string) =>
  `Context key "mailingAddress" must be the firm's real postal address, on one line with its postal code, e.g. "Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3" in cdk.json or -c mailingAddress=…: ${problem}`;

/** Domains reserved for examples and tests (RFC 2606, RFC 6761) or left from a template. */
const PLACEHOLDER_DOMAIN = /(^|\.)(example|invalid|test|localhost)$|(^|\.)example\.[a-z]+$|\.cloudfront\.net$/i;

export interface AppContext {
  readonly senderEmail: string;
  /** An SES identity already verified by hand, imported instead of created. */
  readonly existingSenderIdentity?: string;
  readonly notificationEmail: string;
  readonly opsEmail: string;
  /** Who may sign in to the console: each an address that gets enrolment links. */
  readonly owners: readonly string[];
  /** The firm's postal address, in every campaign email (CASL). */
  readonly mailingAddress: string;
  readonly customDomain?: CustomDomain;
  readonly apiThrottle?: ApiThrottle;
  readonly formThrottle?: ApiThrottle;
  readonly subscriberThrottle?: ApiThrottle;
  readonly formLimits: FormLimits;
  /** SES's maximum send rate of the account (emails per second): the campaign sender's pace. */
  readonly campaignSendRate?: number;
  /** Which stack this is (`prod` unless set): it names the stack and tags its resources. */
  readonly stage: string;
  /** The monthly AWS Budgets cost budget in USD, emailed to opsEmail at 80% actual and 100% forecast. */
  readonly monthlyBudgetUsd: number;
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

  if (get('siteUrl') !== undefined) throw new Error(SITE_URL_REFUSED);
  const owners = consoleOwners(get('owners'));
  const addressProblem = mailingAddressProblem(get('mailingAddress'));
  if (addressProblem) throw new Error(mailingAddressRefused(addressProblem));

  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context keys "domainName" and "certificateArn" go together: set both or neither');
  }
  if (domainName && PLACEHOLDER_DOMAIN.test(domainName)) {
    throw new Error(`Context key "domainName" must be the site's real domain, got the placeholder "${domainName}"`);
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
    senderEmail: required('senderEmail'),
    existingSenderIdentity: text('existingSenderIdentity'),
    notificationEmail: required('notificationEmail'),
    opsEmail: required('opsEmail'),
    owners,
    mailingAddress: text('mailingAddress')!,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    apiThrottle: throttle('api'),
    formThrottle: throttle('form'),
    subscriberThrottle: throttle('subscriber'),
    // Named as the handlers' environment variables, which the local stack reads (docs/decisions/0003-abuse-limits.md).
    formLimits: {
      submissionsPerClientPerHour: number('SUBMISSIONS_PER_CLIENT_PER_HOUR') ?? SUBMISSIONS_PER_CLIENT_PER_HOUR,
      submissionsPerNetworkPerHour: number('SUBMISSIONS_PER_NETWORK_PER_HOUR') ?? SUBMISSIONS_PER_NETWORK_PER_HOUR,
      formMailsPerHour: number('FORM_MAILS_PER_HOUR') ?? FORM_MAILS_PER_HOUR,
      formMailWindowSeconds: number('FORM_MAILS_WINDOW_SECONDS') ?? FORM_MAILS_WINDOW_SECONDS,
    },
    campaignSendRate: number('campaignSendRate'),
    stage: parseStage(get('stage')),
    monthlyBudgetUsd: number('monthlyBudgetUsd') ?? DEFAULT_MONTHLY_BUDGET_USD,
  };
}

/**
 * The console's owners: a list of addresses (cdk.json) or a comma-separated one (`-c owners=…`),
 * each a plain address on a real domain, at least one.
 */
function consoleOwners(value: unknown): string[] {
  const listed = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(listed) || !listed.every((owner) => typeof owner === 'string')) throw new Error(OWNERS_REFUSED);
  const owners = listed.map((owner: string) => owner.trim().toLowerCase()).filter(Boolean);
  const unusable = (owner: string) =>
    !PLAIN_EMAIL_ADDRESS.test(owner) || PLACEHOLDER_DOMAIN.test(owner.slice(owner.lastIndexOf('@') + 1));
  if (owners.length === 0 || owners.some(unusable)) throw new Error(OWNERS_REFUSED);
  return owners;
}

/**
 * The built website and its page paths; the build must have run (it writes _routes.json) and
 * for deployment: written with DEPLOY_TIME_SITE_ORIGIN, which the upload replaces. A build for
 * another URL (npm start's http://localhost:3000, a SITE_URL override) would ship its links.
 */
export function locateWebBuild(distDir: string): { distDir: string; routes: string[]; cspHashes: CspHashes } {
  if (!existsSync(path.join(distDir, ROUTE_MANIFEST_FILE))) {
    throw new Error('Build the website first: npm run build');
  }
  if (!readFileSync(path.join(distDir, 'index.html'), 'utf8').includes(DEPLOY_TIME_SITE_ORIGIN)) {
    throw new Error(
      'web/dist was built for another site URL (npm start builds for http://localhost:3000): build it for deployment with npm run build, without SITE_URL',
    );
  }
  return { distDir, routes: readRouteManifest(distDir), cspHashes: readCspHashes(distDir) };
}

/** The one PDF in `dir`: the scorecard document the download link serves. */
export function locateScorecardDocument(dir: string): string {
  const pdfs = existsSync(dir) ? readdirSync(dir).filter((name) => name.toLowerCase().endsWith('.pdf')) : [];
  if (pdfs.length !== 1) {
    throw new Error(`Expected exactly one scorecard PDF in ${dir}, found ${pdfs.length}`);
  }
  return path.join(dir, pdfs[0]);
}
