import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSender } from '../cdk/site/sender';
import { FaultSpecError, parseFaultSpec, type FaultSpec } from './faults/fault-switch';
import { LOCAL_MAILING_ADDRESS } from '#shared/mailing-address.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** Reads a port from the environment, failing with the variable's name when it is not a port. */
function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0–65535), got "${raw}"`);
  }
  return value;
}

/** Reads a duration in seconds (fractions allowed) from the environment, failing with the variable's name. */
function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a number of seconds above 0, got "${raw}"`);
  return value;
}

/** An endpoint the caller chose for a service (AWS_ENDPOINT_URL_*), or undefined to start an emulator. */
function endpoint(name: string): string | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/$/, '');
}

/**
 * LOCAL_IAM_ENFORCEMENT: `on` (the default) holds each function to its role; `off` lets every
 * call through, only for the bench's measure of what enforcement costs (test/bench/iam-overhead.ts).
 */
function iamEnforced(): boolean {
  const raw = process.env.LOCAL_IAM_ENFORCEMENT ?? 'on';
  if (raw !== 'on' && raw !== 'off') throw new Error(`LOCAL_IAM_ENFORCEMENT must be on or off, got "${raw}"`);
  return raw === 'on';
}

/** LOCAL_FAULTS: faults set from the start, as JSON (one fault or an array), same shape as POST /_local/faults. */
function faultsAtStart(): FaultSpec[] {
  const raw = process.env.LOCAL_FAULTS;
  if (raw === undefined || raw === '') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return (Array.isArray(parsed) ? parsed : [parsed]).map(parseFaultSpec);
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof FaultSpecError)
      throw new Error(`LOCAL_FAULTS: ${error.message}`);
    throw error;
  }
}

/** The local console's owner when CONSOLE_OWNERS is not set (docs/owners.md, "Signing in"). */
export const LOCAL_CONSOLE_OWNER = 'owner@console.test';

/** The local stack's settings: ports from the environment, identities from cdk.json's context. */
export function localConfig() {
  const context = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context as Record<string, string>;
  const sitePort = port('PORT', 3000);
  const dataDir = process.env.LOCAL_DATA_DIR ?? path.join(REPO_ROOT, '.local', 'dynamodb');
  return {
    sitePort,
    sesPort: port('SES_PORT', 8005),
    dynamoPort: port('DYNAMODB_PORT', 8000),
    host: process.env.HOST ?? '127.0.0.1',
    siteUrl: process.env.SITE_URL ?? `http://localhost:${sitePort}`,
    // cdk.json may name a domain (the advised sender): the From address is then hello@ the domain.
    senderEmail: parseSender(context.senderEmail).fromAddress,
    notificationEmail: context.notificationEmail,
    /**
     * MAILING_ADDRESS, else a stand-in plainly not an address: the console's preflight flags it
     * (cdk.json's is the firm's real one).
     */
    mailingAddress: process.env.MAILING_ADDRESS?.trim() || LOCAL_MAILING_ADDRESS,
    /** cdk.json's `mailingAddress`: what `npm run deploy` gives the functions. */
    deployedMailingAddress: context.mailingAddress,
    /**
     * Who may sign in to the local console: CONSOLE_OWNERS (comma separated), else one local
     * owner whose enrolment links land in the local inbox (cdk.json's `owners` are real people).
     */
    consoleOwners: process.env.CONSOLE_OWNERS?.trim() || LOCAL_CONSOLE_OWNER,
    /** Caller-provided endpoints are used as they are: no emulator is started for them. */
    externalEndpoints: { dynamodb: endpoint('AWS_ENDPOINT_URL_DYNAMODB'), ses: endpoint('AWS_ENDPOINT_URL_SES') },
    faultsAtStart: faultsAtStart(),
    iamEnforced: iamEnforced(),
    /**
     * How often expired items are deleted (ttl-purge.ts): AWS takes up to a few days, the twin,
     * on its compressed clock (compressed-clock.ts), a minute.
     */
    ttlPurgeSeconds: seconds('TTL_PURGE_SECONDS', 60),
    dataDir,
    distDir: path.join(REPO_ROOT, 'web', 'dist'),
    /**
     * The twin's site bucket: the build uploaded as the stack's BucketDeployments upload it
     * (site-upload.ts), and what the site's publisher writes after; served behind the edge
     * functions. Beside the data directory, so the owners' posts and images outlive a restart and
     * every rebuild, as they outlive a deploy.
     */
    siteBucketDir: `${dataDir}-site-bucket`,
    scorecard: {
      bucket: 'local-scorecard-documents',
      key: 'human-relations-scorecard.pdf',
      file: path.join(REPO_ROOT, 'infra', 'cdk', 'assets', 'scorecard', 'human-relations-scorecard.pdf'),
    },
  };
}
