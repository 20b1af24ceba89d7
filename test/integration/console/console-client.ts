/**
 * Drives the console's functions in-process the way API Gateway does (payload 2.0, cookies
 * apart from the headers), as a browser on the site's own origin would, with a software passkey.
 */
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CONSOLE_AUTH_ROUTES } from '#shared/console/sign-in.ts';
import { SESSION_COOKIE } from '#shared/console/common.ts';
import { type AuditEntry, AUDIT_ROUTES } from '#shared/console/audit.ts';
import { API_ROUTES } from '#shared/paths.ts';
import type { RouteCall } from '#shared/route-key.ts';
import { matchApiRoute } from '#infra/local/api/api-routes-matcher.ts';
import { handler as consoleApiHandler } from '#lambdas/handlers/console-screens.ts';
import { handler as consoleAuthHandler } from '#lambdas/handlers/console-auth.ts';
import { handler as consoleCampaignsHandler } from '#lambdas/handlers/console-campaigns.ts';
import { handler as consolePostsHandler } from '#lambdas/handlers/console-posts.ts';
import { apiEvent, lambdaContext } from '#test/support/api-events.ts';
import { createPasskey, signIn, type SoftwarePasskey } from '../../support/software-passkey';
import { capturedEmailsTo, siteUrl } from '../support/local-aws';
import { asFunction } from '#test/support/twin-iam.ts';

const consoleApi = asFunction('consoleApi', consoleApiHandler);
const consoleAuth = asFunction('consoleAuth', consoleAuthHandler);
const consoleCampaigns = asFunction('consoleCampaigns', consoleCampaignsHandler);
const consolePosts = asFunction('consolePosts', consolePostsHandler);

export const SITE_ORIGIN = new URL(siteUrl).origin;
/** The origin the handlers take as the site's when called: a test may point SITE_URL at a local site. */
const originNow = () => new URL(process.env.SITE_URL ?? siteUrl).origin;

/**
 * A viewer address of its own (CloudFront-Viewer-Address) in a network of its own, so the
 * per-client limits count apart: the sign-in's limits count per network (an IPv6 /48), and 40
 * random bits of a unique-local /48 keep the test files of every worker, which share one table
 * and may share a process, out of each other's networks.
 */
export const newClient = () => {
  const network = randomBytes(5).toString('hex');
  return `[fd${network.slice(0, 2)}:${network.slice(2, 6)}:${network.slice(6)}::7]:443`;
};
/** Another address in the same /48 as a newClient() viewer. */
export const neighbourOf = (viewer: string, host: number) => viewer.replace(/::\d+\]:443$/, `::${host}]:443`);

export interface Call {
  method?: string;
  json?: unknown;
  /** The session token to send as the cookie. */
  session?: string;
  origin?: string;
  /** CloudFront-Viewer-Address: who the per-client limits count. */
  viewer?: string;
  query?: Record<string, string>;
  /** More request headers, e.g. the console's background marker. */
  headers?: Record<string, string>;
}

export interface Answer {
  statusCode: number;
  /** The body parsed, when it is JSON. */
  json: any;
  body: string;
  headers: Record<string, string | number | boolean>;
  /** Set-Cookie values. */
  cookies: string[];
}

const call = async (handler: unknown, routeKey: string, path: string, options: Call): Promise<Answer> => {
  const event = apiEvent({
    routeKey,
    method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
    path,
    headers: {
      origin: options.origin ?? originNow(),
      'cloudfront-viewer-address': options.viewer ?? '203.0.113.50:443',
      // API Gateway's payload 2.0 gives header names in lower case.
      ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
      ...(options.json !== undefined && { 'content-type': 'application/json' }),
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  if (options.session !== undefined) event.cookies = [`${SESSION_COOKIE}=${options.session}`];
  if (options.query) event.queryStringParameters = options.query;
  const result = (await (handler as (e: unknown, c: unknown) => Promise<APIGatewayProxyStructuredResultV2>)(
    event,
    lambdaContext,
  )) as APIGatewayProxyStructuredResultV2;
  const headers = result.headers ?? {};
  const isJson = String(headers['content-type'] ?? 'application/json').startsWith('application/json');
  return {
    statusCode: result.statusCode ?? 0,
    json: isJson ? JSON.parse(result.body ?? 'null') : undefined,
    body: result.body ?? '',
    headers,
    cookies: result.cookies ?? [],
  };
};

type AuthRoute = keyof typeof CONSOLE_AUTH_ROUTES;

/** A sign-in route (consoleAuth). */
export const auth = (route: AuthRoute, options: Call = {}) => {
  const { method, path } = CONSOLE_AUTH_ROUTES[route];
  return call(consoleAuth, API_ROUTES.consoleAuth, path, { method, ...options });
};

const SIGNED_IN_FUNCTIONS = { consoleApi, consoleCampaigns, consolePosts } as const;

/**
 * Any other console route (a contract's route, its path filled: callOf), to the function the gateway routes it to
 * (consoleCampaigns for the campaigns, consolePosts for the posts, else consoleApi), as the local
 * twin matches it.
 */
export const api = ({ method, path }: RouteCall, options: Call = {}) => {
  const routeName = matchApiRoute(method, path)?.routeName;
  const name = routeName === 'consoleCampaigns' || routeName === 'consolePosts' ? routeName : 'consoleApi';
  return call(SIGNED_IN_FUNCTIONS[name], API_ROUTES[name], path, { method, ...options });
};

/** The session token a sign-in answer set. */
export const sessionOf = (answer: Answer): string | undefined =>
  answer.cookies.map((cookie) => new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(cookie)?.[1]).find(Boolean);

/** The enrolment token of the last sign-in link that reached the address. */
export const enrolmentTokenFor = async (owner: string): Promise<string> => {
  const mails = (await capturedEmailsTo(owner)).filter((mail) => mail.subject.includes('sign-in link'));
  const token = /\/admin\/enrol#([A-Za-z0-9_-]{22})/.exec(mails.at(-1)?.body.text ?? '')?.[1];
  if (!token) throw new Error(`No sign-in link reached ${owner}`);
  return token;
};

/** Registers a software passkey with an enrolment token: the passkey, and the registration's answer. */
export const registerPasskey = async (token: string, options: Call = {}) => {
  const creation = await auth('registrationOptions', { ...options, json: { token } });
  const { passkey, response } = createPasskey(creation.json, SITE_ORIGIN);
  const answer = await auth('registration', { ...options, json: { token, response } });
  return { passkey, answer };
};

/** Asks for a link, opens it from the inbox and registers a passkey: what an owner does once per device. */
export const enrol = async (owner: string) => {
  const viewer = newClient();
  await auth('enrolmentLink', { json: { email: owner }, viewer });
  return registerPasskey(await enrolmentTokenFor(owner), { viewer });
};

/** Signs in with a passkey; `options.session` is a cookie the browser already held. */
export const signInWith = async (passkey: SoftwarePasskey, options: Call = {}) => {
  const request = await auth('authenticationOptions', { ...options, json: {} });
  return auth('authentication', { ...options, json: { response: signIn(passkey, request.json, SITE_ORIGIN) } });
};

/**
 * The audit log's entries that `keep` keeps, newest first: every page read (50 entries a page),
 * since the other test files running meanwhile write to the same log.
 */
export const auditEntriesWhere = async (session: string, keep: (entry: AuditEntry) => boolean) => {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = (await api(AUDIT_ROUTES.page, { session, ...(cursor !== undefined && { query: { cursor } }) }))
      .json as { items: AuditEntry[]; next?: string };
    entries.push(...page.items.filter(keep));
    cursor = page.next;
  } while (cursor !== undefined);
  return entries;
};

/** The audit log's entries about `target` (a campaign, a lead, a person's reference). */
export const auditOf = (session: string, target: string) =>
  auditEntriesWhere(session, (entry) => entry.target === target);
