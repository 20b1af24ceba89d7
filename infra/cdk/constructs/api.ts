import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  FORM_MAILS_PER_HOUR,
  FORM_MAILS_WINDOW_SECONDS,
  SUBMISSIONS_PER_CLIENT_PER_HOUR,
  SUBMISSIONS_PER_NETWORK_PER_HOUR,
} from '#shared/constants/limits.ts';
import { API_FALLBACK_ROUTE, API_ROUTES, type ApiRouteName } from '#shared/paths.ts';
import { routeOfKey } from '#shared/route-key.ts';
import { checkThrottle, DEFAULT_THROTTLES, routeSettings, type ApiThrottle } from './api-throttling';
import { API_FALLBACK_HANDLER, routeHandler } from './functions';
import { AUDIT_LOG_INDEX } from '#shared/audit-log-index.ts';
import { LEADS_BY_MAILBOX_INDEX } from '#shared/leads-by-mailbox-index.ts';
import { LEADS_BY_TIME_INDEX } from '#shared/leads-by-time-index.ts';
import { POST_LIST_INDEX } from '#shared/post-list-index.ts';
import { SENDS_BY_MAILBOX_INDEX } from '#shared/sends-by-mailbox-index.ts';
import {
  HouseFunction,
  type DocumentBinding,
  type SenderBinding,
  type TableAction,
  type TableBinding,
} from './house-function';
import { OriginVerify } from './origin-verify';
import { bindAnalytics } from './site-analytics';

export interface ApiProps {
  readonly subscribers: TableBinding;
  readonly leads: TableBinding;
  /** The console's own table and the campaigns it shows (docs/decisions/0070-console-sign-in.md). */
  readonly console: TableBinding;
  readonly campaigns: TableBinding;
  /** The blog's posts, the Posts screen's (docs/decisions/0053-blog-posts-from-the-console.md). */
  readonly posts: TableBinding;
  /** The site's visit counting (docs/decisions/0081-privacy-first-analytics.md). */
  readonly analytics: TableBinding;
  /** Who may sign in to the console (context `owners`). */
  readonly owners: readonly string[];
  /** The firm's postal address: campaign previews and test copies, evidence packs (context `mailingAddress`). */
  readonly mailingAddress: string;
  readonly scorecardDocument: DocumentBinding;
  /**
   * The stage's default route throttling (a cap on cost), for routes not in a group below.
   * @default 10 requests/s, bursts of 20 — far above a consultancy site's real traffic
   */
  readonly throttle?: ApiThrottle;
  /** Each form route's own throttling (api-throttling.ts). @default 5 requests/s, bursts of 10 */
  readonly formThrottle?: ApiThrottle;
  /** Each subscriber route's own throttling (api-throttling.ts). @default 10 requests/s, bursts of 20 */
  readonly subscriberThrottle?: ApiThrottle;
  /** @default one year */
  readonly accessLogRetention?: logs.RetentionDays;
  /**
   * The forms' abuse limits (docs/decisions/0003-abuse-limits.md).
   * @default 10 submissions per client per hour, 200 form emails per hour-long window
   */
  readonly formLimits?: FormLimits;
}

export interface FormLimits {
  /** Accepted form submissions one client (viewer address) may make per hour. */
  readonly submissionsPerClientPerHour: number;
  /**
   * Accepted form submissions one network block (IPv4 /24, IPv6 /48) may make per hour.
   * @default SUBMISSIONS_PER_NETWORK_PER_HOUR
   */
  readonly submissionsPerNetworkPerHour?: number;
  /** Form emails to addresses that are not confirmed subscribers per window; past it they wait their turn. */
  readonly formMailsPerHour: number;
  /** The form-mail budget's window. */
  readonly formMailWindowSeconds: number;
}

/**
 * The console's own table for a signed-in screen: its sessions, challenges and audit log are
 * created, changed and deleted (manage), and each request reads its session and its owner in one
 * BatchGetItem (lambdas/console/sign-in/sessions.ts).
 */
const SIGNED_IN: readonly TableAction[] = ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'];
/**
 * An unsubscribe moves the "unsubscribed since" counters of the person's campaigns, found by
 * mailbox (the SendsByMailbox index): counters are updated, nothing is read item by item.
 */
const COUNT_UNSUBSCRIBE: readonly TableAction[] = ['UpdateItem'];

/**
 * The grants and variables a route's function needs, and nothing more. The function is the one
 * of the route's name (routeHandler in functions.ts, as in the local twin), with its description
 * and sizing from the catalogue.
 */
type RouteWiring = (fn: HouseFunction) => void;

/**
 * The HTTP API behind CloudFront's `/api/*` behaviour: one Lambda per route of shared/paths
 * (API_ROUTES), every route behind the origin-verify authorizer (only CloudFront gets through),
 * an explicit `$default` stage (so paths keep their `/api` prefix, exactly as CloudFront
 * forwards them) with per-group throttling and JSON access logs.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  readonly originVerify: OriginVerify;
  /** Route handlers by route name, plus `fallback`. */
  readonly handlers: Readonly<Record<ApiRouteName | 'fallback', HouseFunction>>;
  private readonly routes: apigw.HttpRoute[] = [];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const throttles = {
      stage: checkThrottle(this.node.path, 'stage', props.throttle ?? DEFAULT_THROTTLES.stage),
      forms: checkThrottle(this.node.path, 'forms', props.formThrottle ?? DEFAULT_THROTTLES.forms),
      subscriber: checkThrottle(this.node.path, 'subscriber', props.subscriberThrottle ?? DEFAULT_THROTTLES.subscriber),
    };
    const { subscribers, leads, scorecardDocument, console: consoleTable, campaigns, analytics } = props;
    const bindOwners = (fn: HouseFunction) => fn.setEnv('CONSOLE_OWNERS', props.owners.join(','));
    const limits = props.formLimits ?? {
      submissionsPerClientPerHour: SUBMISSIONS_PER_CLIENT_PER_HOUR,
      formMailsPerHour: FORM_MAILS_PER_HOUR,
      formMailWindowSeconds: FORM_MAILS_WINDOW_SECONDS,
    };
    const bindLeadForm = (fn: HouseFunction) =>
      fn
        .setEnv('SUBMISSIONS_PER_CLIENT_PER_HOUR', String(limits.submissionsPerClientPerHour))
        .setEnv(
          'SUBMISSIONS_PER_NETWORK_PER_HOUR',
          String(limits.submissionsPerNetworkPerHour ?? SUBMISSIONS_PER_NETWORK_PER_HOUR),
        )
        .setEnv('FORM_MAILS_PER_HOUR', String(limits.formMailsPerHour))
        .setEnv('FORM_MAILS_WINDOW_SECONDS', String(limits.formMailWindowSeconds));

    // Typed by ApiRouteName: a route added to shared/paths does not compile until it is wired here.
    const wiring: Record<ApiRouteName, RouteWiring> = {
      getSubscriber: (fn) => fn.bindTable(subscribers, 'read'),
      // Leads: only the confirmation lead of a resubscribe from the preferences page. Campaigns: an
      // unsubscribe finds the person's campaign emails by mailbox and moves those campaigns'
      // "unsubscribed since" counters (lambdas/domain/unsubscribed-since.ts).
      putSubscriber: (fn) =>
        fn
          .bindTable(subscribers, 'update')
          .bindTable(leads, 'insert')
          .bindTable(campaigns, COUNT_UNSUBSCRIBE, { queryIndexes: [SENDS_BY_MAILBOX_INDEX.name] }),
      oneClickUnsubscribe: (fn) =>
        fn
          .bindTable(subscribers, 'update')
          .bindTable(campaigns, COUNT_UNSUBSCRIBE, { queryIndexes: [SENDS_BY_MAILBOX_INDEX.name] }),
      // A stored request is the site's conversion, counted under the day's visit (site-analytics.ts).
      requestScorecard: (fn) =>
        bindAnalytics(
          bindLeadForm(fn.bindTable(leads, 'create').bindTable(subscribers, 'read')),
          analytics,
          'conversions',
        ),
      // Following the emailed link starts the inquiry's implied consent (docs/decisions/0002-consent-model.md).
      downloadScorecard: (fn) =>
        fn.bindTable(leads, 'read').bindTable(subscribers, 'update').bindScorecardDocument(scorecardDocument),
      signup: (fn) =>
        bindAnalytics(
          bindLeadForm(fn.bindTable(leads, 'create').bindTable(subscribers, 'read')),
          analytics,
          'conversions',
        ),
      // Claims a new subscriber's mailbox (PutItem) and writes its consent records; the confirmation
      // is the site's conversion.
      confirmSubscription: (fn) =>
        bindAnalytics(fn.bindTable(leads, 'update').bindTable(subscribers, 'create'), analytics, 'conversions'),
      // The beacon's page views; its site's URL (the sitemap, the site's own host) comes with connectSite.
      collectVisit: (fn) => bindAnalytics(fn, analytics, 'views'),
      // Its sender and the site's URL come with connectConsole, once the site exists.
      consoleAuth: (fn) => bindOwners(fn.bindTable(consoleTable, SIGNED_IN)),
      // Campaigns: drafts are written, changed and deleted, and listed by a scan of the table
      // (no index yet: docs/decisions/0050-campaign-sending.md, amendment); the preview and the
      // preflight scan the subscribers for the audience; the console table holds the audit log
      // and the test copies' hourly count. Its SES sender (the owner's test copy) comes with
      // connectConsole.
      consoleCampaigns: (fn) =>
        bindOwners(
          fn
            .bindTable(consoleTable, SIGNED_IN)
            .bindTable(subscribers, 'read', { scan: true })
            .bindTable(campaigns, 'manage', { scan: true }),
        ).setEnv('MAILING_ADDRESS', props.mailingAddress),
      // Posts: each post is read by id (the list finds them on its index, then reads them in one
      // BatchGetItem, as the revisions are), created, saved as a new revision, its slug claimed by
      // a conditional put and released by a conditional delete, a draft deleted; the console table
      // holds the audit log. Its publisher trigger and schedules come with the site's publisher.
      consolePosts: (fn) =>
        bindOwners(
          fn
            .bindTable(consoleTable, SIGNED_IN)
            .bindTable(props.posts, ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], {
              queryIndexes: [POST_LIST_INDEX.name],
            }),
        ),
      // People (a person's page, unsubscribe, erasure) and the Subscribers overview, which scans
      // the subscribers (docs/decisions/0072-erasure.md): an erasure deletes from all three tables,
      // a campaign's send records found by mailbox included (edit: deleted; an unsubscribe moves
      // the campaigns' "unsubscribed since" counters); a person's evidence pack names the firm's
      // mailing address. The Site screen reads the visits' sums, never a salt.
      consoleApi: (fn) =>
        bindOwners(
          bindAnalytics(
            fn
              .bindTable(consoleTable, SIGNED_IN, { queryIndexes: [AUDIT_LOG_INDEX.name] })
              .bindTable(leads, 'edit', { queryIndexes: [LEADS_BY_TIME_INDEX.name, LEADS_BY_MAILBOX_INDEX.name] })
              .bindTable(subscribers, 'manage', { scan: true })
              .bindTable(campaigns, 'edit', { queryIndexes: [SENDS_BY_MAILBOX_INDEX.name] }),
            analytics,
            'reports',
          ),
        ).setEnv('MAILING_ADDRESS', props.mailingAddress),
    };

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Site API, reached through CloudFront /api/*',
      // The stage is defined below, with throttling and access logs.
      createDefaultStage: false,
    });
    this.originVerify = new OriginVerify(this, 'OriginVerify');

    const handlers = {} as Record<ApiRouteName | 'fallback', HouseFunction>;
    for (const [route, bind] of Object.entries(wiring) as [ApiRouteName, RouteWiring][]) {
      const name = routeHandler(route);
      const fn = new HouseFunction(this, pascal(name), { name });
      bind(fn);
      this.addRoute(route, API_ROUTES[route], fn);
      handlers[route] = fn;
    }
    handlers.fallback = new HouseFunction(this, pascal(API_FALLBACK_HANDLER), { name: API_FALLBACK_HANDLER });
    // Every other /api path: a JSON 404/405 instead of API Gateway's default.
    this.addRoute('Fallback', API_FALLBACK_ROUTE, handlers.fallback);
    this.handlers = handlers;

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: throttles.stage,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        // JSON, one object per request, so Logs Insights can query fields directly.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTimeEpoch',
            sourceIp: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            integrationError: '$context.integrationErrorMessage',
            // Why the origin-verify authorizer refused (a direct execute-api call, for example).
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    // Per-route buckets for the form and subscriber routes. API Gateway rejects settings for a
    // route key that does not exist yet, so the stage is created after the routes.
    (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings(
      Object.keys(wiring) as ApiRouteName[],
      throttles,
    );
    for (const route of this.routes) this.stage.node.addDependency(route);

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-COG4',
      reason:
        'Public, anonymous API by design: visitors have no accounts. Every route has a Lambda authorizer that admits only requests through CloudFront (docs/decisions/0020-origin-verify.md); subscriber routes are keyed by unguessable 128-bit ids; forms have validation, a honeypot, per-address and per-client limits and throttling.',
    });
  }

  /**
   * What the console needs from the rest of the stack: the site's URL (the passkeys' origin, the
   * enrolment links, the campaigns' links and link checks) and the sender of the enrolment emails
   * (consoleAuth) and of the owners' test copies of a campaign (consoleCampaigns). The other
   * screens (consoleApi) send nothing: no sender.
   */
  connectConsole(siteUrl: string, sender: SenderBinding): void {
    this.handlers.consoleAuth.setEnv('SITE_URL', siteUrl).bindSender(sender);
    this.handlers.consoleCampaigns.setEnv('SITE_URL', siteUrl).bindSender(sender);
    this.handlers.consolePosts.setEnv('SITE_URL', siteUrl);
    this.handlers.consoleApi.setEnv('SITE_URL', siteUrl);
  }

  /**
   * The site's URL for the visit counting: the beacon reads the site's sitemap and tells the site's
   * own host from a referrer; every counter hashes it into the day's visitor (decision 0081).
   */
  connectSite(siteUrl: string): void {
    for (const route of ['collectVisit', 'requestScorecard', 'signup', 'confirmSubscription'] as const) {
      this.handlers[route].setEnv('SITE_URL', siteUrl);
    }
  }

  /** The execute-api host name, for CloudFront's API origin. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** Every route, the fallback included, goes through the origin-verify authorizer. */
  private addRoute(id: string, routeKey: string, fn: HouseFunction): void {
    const { method, path } = routeOfKey(routeKey);
    if (!path.startsWith('/') || !(Object.values(apigw.HttpMethod) as string[]).includes(method)) {
      throw new Error(`${this.node.path}: cannot read route key "${routeKey}" (expected "METHOD /path")`);
    }
    const route = new apigw.HttpRoute(this, `${pascal(id)}Route`, {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.with(path, method as apigw.HttpMethod),
      integration: new HttpLambdaIntegration(`${pascal(id)}Integration`, fn.function, {
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      }),
      authorizer: this.originVerify.authorizer,
    });
    this.routes.push(route);
  }
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
