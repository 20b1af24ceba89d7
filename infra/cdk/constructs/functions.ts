import type { ApiRouteName } from '#shared/paths.ts';

/**
 * The function catalogue: every Lambda function of the stack, once, with its handler module,
 * description and sizing (how they are bundled: lambda-build.ts). The constructs create a function
 * by its name here (HouseFunction) and add only its wiring (tables, permissions, triggers); the
 * local twin (infra/local) loads the same handler modules, and the bundle benchmark and budget
 * tests build the same entries. Plain data, no CDK: the local twin and the benchmark read it
 * without loading aws-cdk-lib.
 */

/** One Lambda function: what it runs, what it says it is, and how big it is. */
export interface FunctionSpec {
  /** The handler module (exporting `handler`), relative to the repository root. */
  readonly entry: `lambdas/handlers/${string}.ts`;
  /** The function's description; its role's description adds the catalogue name. */
  readonly description: string;
  /** Between 1 and 900 seconds. */
  readonly timeoutSeconds: number;
  /** An integer between 128 and 10240 MB. */
  readonly memorySize: number;
}

/** API handlers answer well within API Gateway's 30 s limit. */
const API_TIMEOUT_SECONDS = 10;
/** Lambda's CPU share grows with memory; 512 MB keeps cold starts short. */
const MEMORY_SIZE = 512;

/** Every function, by name. An API route's function has the route's name (routeHandler below). */
export const FUNCTIONS = {
  getSubscriber: {
    entry: 'lambdas/handlers/get-subscriber.ts',
    description: 'Reads a subscriber for the unsubscribe and settings pages',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  putSubscriber: {
    entry: 'lambdas/handlers/put-subscriber.ts',
    description: "Updates a subscriber's consent (unsubscribe, preferences)",
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  oneClickUnsubscribe: {
    entry: 'lambdas/handlers/one-click-unsubscribe.ts',
    description: 'RFC 8058 one-click unsubscribe from mail clients',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  requestScorecard: {
    entry: 'lambdas/handlers/request-scorecard.ts',
    description: 'Records a scorecard request (the mailer sends the link)',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  downloadScorecard: {
    entry: 'lambdas/handlers/download-scorecard.ts',
    description: 'Checks a download link and redirects to a short-lived presigned URL',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  signup: {
    entry: 'lambdas/handlers/signup.ts',
    description: 'Records a contact/sign-up (the mailer sends the confirmation)',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  consoleAuth: {
    entry: 'lambdas/handlers/console-auth.ts',
    description: "The console's sign-in: enrolment links, passkeys, sessions",
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  consoleCampaigns: {
    entry: 'lambdas/handlers/console-campaigns.ts',
    description:
      "The console's campaigns for signed-in owners: drafts, import, preview, preflight, test copy, send, schedule, pause, progress and results",
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  consolePosts: {
    entry: 'lambdas/handlers/console-posts.ts',
    description:
      "The console's blog posts for signed-in owners: drafts, revisions, restore, slug check, preview, publish, schedule and unpublish",
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  consoleApi: {
    entry: 'lambdas/handlers/console-screens.ts',
    description: "The console's screens for signed-in owners: leads, people, subscribers, audit log",
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  apiFallback: {
    entry: 'lambdas/handlers/api-fallback.ts',
    description: 'JSON answer for unknown API paths and methods',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  originVerify: {
    entry: 'lambdas/handlers/origin-verify.ts',
    description: 'API authorizer: lets through only requests that carry the CloudFront origin-verify secret',
    // A comparison with the secret, which is read once per cold start.
    timeoutSeconds: 5,
    memorySize: MEMORY_SIZE,
  },
  confirmSubscription: {
    entry: 'lambdas/handlers/confirm-subscription.ts',
    description: 'Confirms a sign-up (double opt-in) and queues the welcome email',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  collectVisit: {
    entry: 'lambdas/handlers/collect-visit.ts',
    description: "Counts a page view from the public pages' beacon under the day's salted visitor hash",
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memorySize: MEMORY_SIZE,
  },
  siteRollup: {
    entry: 'lambdas/handlers/site-rollup.ts',
    description: "Sums each finished day's visits, then deletes its raw visit records and its salt, every hour",
    // Two days' records: a query, one write and a deletion per visitor of the day.
    timeoutSeconds: 300,
    memorySize: MEMORY_SIZE,
  },
  mailer: {
    entry: 'lambdas/handlers/mailer.ts',
    description: 'Sends the emails of new leads from the leads stream',
    // A new lead's emails: two sends and their records, each record retried for up to ~15 s.
    timeoutSeconds: 60,
    memorySize: MEMORY_SIZE,
  },
  mailSweep: {
    entry: 'lambdas/handlers/mail-sweep.ts',
    description: 'Retries the emails leads still owe (MailDue index), every minute',
    // Up to 25 due leads a run; it stops early when its time runs short (the lease outlasts it).
    timeoutSeconds: 120,
    memorySize: MEMORY_SIZE,
  },
  sesEvents: {
    entry: 'lambdas/handlers/ses-events.ts',
    description: "Records SES's events on each email's own record; suppresses bounced and complaining addresses",
    timeoutSeconds: 30,
    memorySize: MEMORY_SIZE,
  },
  campaignWorker: {
    entry: 'lambdas/handlers/campaign-worker.ts',
    description: 'Sends each queued campaign recipient its email, once, at SES rate',
    // One batch of recipients a run (about 1.5 s); the queue's visibility timeout is six times this.
    timeoutSeconds: 60,
    memorySize: MEMORY_SIZE,
  },
  sitePublisher: {
    entry: 'lambdas/handlers/site-publisher.ts',
    description:
      "Publishes the site's newsletter archive and blog from the tables: pages, feeds, sitemaps, edge routes",
    // A scan of the campaigns, a few small objects and one invalidation.
    timeoutSeconds: 60,
    memorySize: MEMORY_SIZE,
  },
} as const satisfies Record<string, FunctionSpec>;
export type FunctionName = keyof typeof FUNCTIONS;

/** Why a function's sizing is outside what Lambda accepts, if it is. */
export function sizingProblem(spec: Pick<FunctionSpec, 'timeoutSeconds' | 'memorySize'>): string | undefined {
  if (!(spec.timeoutSeconds >= 1 && spec.timeoutSeconds <= 900)) return 'timeout must be between 1 and 900 seconds';
  if (!Number.isInteger(spec.memorySize) || spec.memorySize < 128 || spec.memorySize > 10240) {
    return 'memorySize must be an integer between 128 and 10240 MB';
  }
  return undefined;
}

/**
 * The function of an API route is the one of the same name (API_ROUTES in shared/paths.ts): read
 * by the CDK api construct and by the local twin. A route without a function of its name does
 * not compile here.
 */
export const routeHandler = (route: ApiRouteName): FunctionName => route;

/** The function of every other /api path or method (API_FALLBACK_ROUTE). */
export const API_FALLBACK_HANDLER: FunctionName = 'apiFallback';
