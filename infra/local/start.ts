/**
 * `npm start`: the whole product on this machine (README.md). Builds the website for the
 * local URL, starts dynalite (data kept in .local/) and aws-ses-v2-local, and serves site +
 * API through one server that applies the same edge function and the same Lambda handlers.
 * The handlers reach DynamoDB and SES through fault proxies (docs/decisions/0040-local-fault-switch.md).
 *
 * Flags: --no-build (serve the existing web/dist), --watch (rebuild the site on change).
 * Ports: PORT (site, 3000), SES_PORT (inbox, 8005), DYNAMODB_PORT (8000).
 * AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_SES: use these instead of starting an emulator.
 * LOCAL_FAULTS: faults set from the start (JSON, as POST /_local/faults takes).
 * TTL_PURGE_SECONDS: how often expired items are deleted (dynalite has no TTL; ttl-purge.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildViewerRequestCode, loadEdgeHandlers, readRouteManifest } from '../cdk/edge/edge-code';
import { FUNCTIONS } from '../cdk/constructs/functions';
import {
  ANALYTICS_TABLE,
  CAMPAIGNS_TABLE,
  CONSOLE_TABLE,
  LEADS_TABLE,
  POSTS_TABLE,
  SUBSCRIBERS_TABLE,
  TABLES,
} from '../cdk/constructs/table-definitions';
import { readCspHashes, securityHeaders } from '../cdk/site/security-headers';
import { loadHttpHandlers } from './api/api-dispatch';
import { drainServer } from './drain-server';
import { createTwinClock } from './queues-and-schedules/clock-control';
import { FAULTS_PATH } from './faults/fault-control';
import { startFaultProxy } from './faults/fault-proxy';
import { FaultSwitch } from './faults/fault-switch';
import { LOCAL_S3_PREFIX } from './site-and-edge/local-s3';
import { uploadSite } from './site-and-edge/site-upload';
import { LOCAL_LAMBDA_PREFIX } from './functions/local-lambda';
import { createLocalPublisher } from './site-and-edge/local-publisher';
import { PUBLISHER_LEASE_SECONDS } from '#lambdas/publisher/one-run-at-a-time.ts';
import { siteSections } from '#lambdas/publisher/site-sections.ts';
import { LOCAL_PUBLISHER_TARGETS, localPublishedSite } from './site-and-edge/local-published-site';
import { localSiteBucketPrefix } from './site-and-edge/local-site-bucket';
import { createLocalKeyValueStore } from './site-and-edge/local-key-value-store';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { nowSeconds } from '#lambdas/runtime/clock.ts';
import { localConfig } from './local-config';
import type { ReadEnvName } from '#shared/env-names.ts';
import { useCompressedClock } from './ses-and-events/compressed-clock';
import { sandboxFunction } from './functions/sandbox/function-sandbox';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { startMailSweeper } from './queues-and-schedules/mail-sweeper';
import { startSiteRollup } from './queues-and-schedules/site-rollup-runner';
import { createLocalCampaignQueue, startLocalCampaignQueue } from './queues-and-schedules/campaign-queue';
import { labelOutgoingCalls } from './functions/iam/function-identity';
import { createIamEnforcement } from './functions/iam/iam-enforcement';
import { localQueueUrl, LOCAL_SQS_PREFIX } from './queues-and-schedules/local-sqs';
import {
  createLocalScheduler,
  LOCAL_SCHEDULER_PREFIX,
  startFunctionTargets,
} from './queues-and-schedules/local-scheduler';
import { LOCAL_SECRETS_PREFIX } from './functions/local-secrets';
import { LOCAL_ORIGIN_SECRET_ARN } from './api/origin-verify';
import { functionArn, queueArn, roleArn } from './functions/iam/local-arns';
import { createSqsClient } from '#lambdas/runtime/aws-clients/sqs.ts';
import { startSesEventRelay } from './ses-and-events/ses-event-relay';
import { createLocalServer, listen, LocalStackError } from './local-server';
import { dynamoBackend, sesBackend } from './service-backends';
import { createTables, localDynamoClient } from './services';
import { stopOnSignal } from './shutdown-signals';
import { CONSOLE_PAGE } from '#shared/console/common.ts';
import { startTtlPurge } from './dynamodb/ttl-purge';

const args = new Set(process.argv.slice(2));

const REGION = 'ca-central-1';
/** Placeholders the emulators ignore; the S3 stand-in checks presigned URLs against them. */
const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function buildWebsite(siteUrl: string) {
  console.log(`Building the website for ${siteUrl} …`);
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, ['web/build/build.ts'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, SITE_URL: siteUrl },
  });
  if (result.status !== 0) throw new LocalStackError('The website build failed (see the messages above).');
}

function readRoutes(distDir: string): string[] {
  try {
    return readRouteManifest(distDir);
  } catch (error) {
    throw new LocalStackError(`${(error as Error).message}\nRun "npm run build", or start without --no-build.`);
  }
}

/** What the AWS SDK reads from the environment, besides the names our handlers read (shared/env-names.ts). */
type SdkEnvName =
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'AWS_ENDPOINT_URL_DYNAMODB'
  | 'AWS_ENDPOINT_URL_SES'
  | 'AWS_ENDPOINT_URL_SQS'
  | 'AWS_ENDPOINT_URL_SCHEDULER'
  | 'AWS_ENDPOINT_URL_SECRETS_MANAGER'
  | 'AWS_ENDPOINT_URL_LAMBDA';

/** The campaign queue's name on the twin (its URL: localQueueUrl). */
const CAMPAIGN_QUEUE = 'campaign-queue';
/** The console's schedule group and the role its schedules pass to Scheduler, on the twin. */
const CAMPAIGN_SCHEDULE_GROUP = 'campaign-launches';
const CAMPAIGN_SCHEDULER_ROLE = 'campaign-scheduler';
/** The posts' schedule group and the role their schedules pass to Scheduler, on the twin. */
const POST_SCHEDULE_GROUP = 'post-publishes';
const POST_SCHEDULER_ROLE = 'post-scheduler';

/** The environment the Lambdas get from CDK, pointed at the local stand-ins. */
function lambdaEnvironment(
  cfg: ReturnType<typeof localConfig>,
  dynamoEndpoint: string,
  sesEndpoint: string,
  siteOrigin: string,
) {
  Object.assign(process.env, {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
    AWS_ENDPOINT_URL_SES: sesEndpoint,
    AWS_ENDPOINT_URL_S3: `${siteOrigin}${LOCAL_S3_PREFIX}`,
    // The site publisher's trigger invokes it through the twin's Lambda endpoint.
    AWS_ENDPOINT_URL_LAMBDA: `${siteOrigin}${LOCAL_LAMBDA_PREFIX}`,
    // The campaign worker puts a launch's recipients on its queue through the twin's SQS endpoint.
    AWS_ENDPOINT_URL_SQS: `${siteOrigin}${LOCAL_SQS_PREFIX}`,
    CAMPAIGN_QUEUE_URL: localQueueUrl(siteOrigin, CAMPAIGN_QUEUE),
    // The console starts a send now on the queue, or later through the twin's Scheduler (local-scheduler.ts).
    AWS_ENDPOINT_URL_SCHEDULER: `${siteOrigin}${LOCAL_SCHEDULER_PREFIX}`,
    CAMPAIGN_QUEUE_ARN: queueArn(CAMPAIGN_QUEUE),
    CAMPAIGN_SCHEDULE_GROUP,
    CAMPAIGN_SCHEDULER_ROLE_ARN: roleArn(CAMPAIGN_SCHEDULER_ROLE),
    // A post's publish at a time: a schedule on the twin's Scheduler whose target is the site's publisher.
    POST_SCHEDULE_GROUP,
    POST_SCHEDULER_ROLE_ARN: roleArn(POST_SCHEDULER_ROLE),
    SITE_PUBLISHER_ARN: functionArn('sitePublisher'),
    // The API authorizer reads its secret from the twin's Secrets Manager (local-secrets.ts).
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `${siteOrigin}${LOCAL_SECRETS_PREFIX}`,
    ORIGIN_VERIFY_SECRET_ARN: LOCAL_ORIGIN_SECRET_ARN,
    // The publisher's bucket, distribution and store: the twin's stand-ins (local-published-site.ts).
    ...LOCAL_PUBLISHER_TARGETS,
    SITE_PUBLISHER_FUNCTION: 'sitePublisher',
    SUBSCRIBERS_TABLE: SUBSCRIBERS_TABLE.logicalName,
    LEADS_TABLE: LEADS_TABLE.logicalName,
    CAMPAIGNS_TABLE: CAMPAIGNS_TABLE.logicalName,
    CONSOLE_TABLE: CONSOLE_TABLE.logicalName,
    POSTS_TABLE: POSTS_TABLE.logicalName,
    ANALYTICS_TABLE: ANALYTICS_TABLE.logicalName,
    CONSOLE_OWNERS: cfg.consoleOwners,
    SITE_URL: cfg.siteUrl,
    // The browser POSTs an image to the twin's S3 on the site's own origin, which the console's CSP allows.
    POST_UPLOAD_URL: `${new URL(cfg.siteUrl).origin}${localSiteBucketPrefix(LOCAL_PUBLISHER_TARGETS.SITE_BUCKET)}`,
    SENDER_EMAIL: cfg.senderEmail,
    MAILING_ADDRESS: cfg.mailingAddress,
    NOTIFICATION_EMAIL: cfg.notificationEmail,
    SCORECARD_BUCKET: cfg.scorecard.bucket,
    SCORECARD_KEY: cfg.scorecard.key,
    // Beside the data directory, one file per stack: `.local/dynamodb-mail-dead-letters.jsonl` by default.
    MAIL_DEAD_LETTER_FILE: `${cfg.dataDir}-mail-dead-letters.jsonl`,
  } satisfies Partial<Record<ReadEnvName | SdkEnvName, string>>);
  useCompressedClock();
}

async function main() {
  const cfg = localConfig();
  if (!args.has('--no-build')) buildWebsite(cfg.siteUrl);
  const routes = readRoutes(cfg.distDir);
  // As `npm run deploy` uploads the build: the publisher's objects and the owners' images stay.
  await uploadSite(cfg.distDir, cfg.siteBucketDir);
  if (!existsSync(cfg.scorecard.file)) {
    throw new LocalStackError(`The scorecard document is missing: ${path.relative(REPO_ROOT, cfg.scorecard.file)}`);
  }

  const dynamo = await dynamoBackend(cfg);
  // Straight to the service, not through the fault proxy: a fault set from the start must not stop the stack starting.
  await createTables(dynamo.endpoint).catch((error: Error) => {
    throw new LocalStackError(error.message);
  });
  const ses = await sesBackend(cfg);
  const faults = new FaultSwitch();
  cfg.faultsAtStart.forEach((spec) => faults.set(spec));
  // Each function's role from the synthesized template, enforced on every AWS call it makes
  // (docs/decisions/0041-iam-enforced-twin.md); it reads the names of the tables at its first call.
  const iam = createIamEnforcement({ enforce: cfg.iamEnforced });
  labelOutgoingCalls();
  const proxies = {
    dynamodb: await startFaultProxy({
      service: 'dynamodb',
      target: dynamo.endpoint,
      faults,
      guard: iam.guard('dynamodb'),
    }),
    ses: await startFaultProxy({ service: 'ses', target: ses.endpoint, faults, guard: iam.guard('ses') }),
  };
  // 127.0.0.1 rather than "localhost": the SDK only uses path-style S3 URLs for IP endpoints.
  const siteOrigin = `http://127.0.0.1:${cfg.sitePort}`;
  lambdaEnvironment(cfg, proxies.dynamodb.endpoint, proxies.ses.endpoint, siteOrigin);

  const handlers = await loadHttpHandlers(REPO_ROOT);
  // The mail functions run in sandboxes cut at their configured timeout, as Lambda cuts them.
  const mailSweep = sandboxFunction({ name: 'mailSweep', ...FUNCTIONS.mailSweep });
  const sesEventIngestion = sandboxFunction({ name: 'sesEvents', ...FUNCTIONS.sesEvents });
  const siteRollup = sandboxFunction({ name: 'siteRollup', ...FUNCTIONS.siteRollup });

  // The viewer-request function's KeyValueStore: the published issues, posts and redirects.
  const routesStore = createLocalKeyValueStore();
  let edge = loadEdgeHandlers(routes, routesStore.handle);
  // The CSP allows the build's inline stylesheet and boot script by hash; a rebuild (watch mode) updates it in place.
  const responseHeaders: Record<string, string> = { ...securityHeaders(readCspHashes(cfg.distDir)) };
  // The console's campaign sends: the queue the worker's code drains, fed through the twin's SQS endpoint.
  // Beside the data directory, as the SES events' cursor: a restart keeps the sends scheduled before it.
  const scheduler = createLocalScheduler(`${cfg.dataDir}-schedules.json`, iam);
  const campaignQueue = createLocalCampaignQueue({
    sqs: { client: createSqsClient(), queueUrl: localQueueUrl(siteOrigin, CAMPAIGN_QUEUE) },
    scheduler,
  });
  // What fires at a time fires on the twin's clock, which the browser journeys move on (clock-control.ts).
  const clock = createTwinClock();
  const { server, clearSiteCache } = createLocalServer({
    // The site bucket, as CloudFront's origin.
    distDir: cfg.siteBucketDir,
    // Rebuilds (watch mode) swap the handlers; the server keeps calling through this indirection.
    edge: { viewerRequest: (e) => edge.viewerRequest(e), viewerResponse: (e) => edge.viewerResponse(e) },
    responseHeaders,
    handlers,
    objects: [{ ...cfg.scorecard, contentType: 'application/pdf' }],
    signingKey: { ...CREDENTIALS, region: REGION },
    // The Posts screen's preview reads the render kit from it, as in AWS.
    siteBucket: { name: LOCAL_PUBLISHER_TARGETS.SITE_BUCKET, dir: cfg.siteBucketDir },
    faults,
    functions: { sitePublisher: (event) => publisher.run(event) },
    queues: { [CAMPAIGN_QUEUE]: (bodies) => campaignQueue.receive(bodies) },
    scheduler,
    clock,
    iam,
  });
  // The site's publisher (docs/decisions/0052, 0053), writing into the site bucket: at start every
  // object (a new table's posts seeded first), then on each request of the trigger.
  const db = createDynamoClient();
  const campaigns = { db, table: CAMPAIGNS_TABLE.logicalName };
  const posts = { db, table: POSTS_TABLE.logicalName };
  const site = localPublishedSite(cfg.siteBucketDir, clearSiteCache, routesStore, iam);
  const publisher = createLocalPublisher({
    state: campaigns,
    posts,
    site,
    sections: siteSections({ campaigns, posts, site, siteUrl: cfg.siteUrl, now: nowSeconds }),
    onError: (error) => console.error('[publisher] site not published', error),
  });
  // Longer than a lease: one a stack killed mid-publish left behind runs out first.
  await publisher.run(undefined, (PUBLISHER_LEASE_SECONDS + 5) * 1000);
  // A post's schedule fires the publisher on the twin's clock, as Scheduler invokes it in AWS.
  const functionTargets = startFunctionTargets(
    scheduler,
    { sitePublisher: (event) => publisher.run(event) },
    { clock: clock.now },
  );
  const sitePort = await listen(server, cfg.sitePort, cfg.host, 'PORT');
  const sweeper = startMailSweeper({ sweep: mailSweep });
  const rollups = startSiteRollup({ rollup: siteRollup });
  // The console's campaign sends: due schedules launched, the queue drained by the worker's code.
  const campaignQueueTicks = startLocalCampaignQueue(campaignQueue);
  // DynamoDB's own background work, so straight to the service: the fault switch breaks only the stack's calls.
  const ttlClient = localDynamoClient(dynamo.endpoint);
  const ttlPurge = startTtlPurge({ db: ttlClient, tables: TABLES, intervalMs: cfg.ttlPurgeSeconds * 1000 });
  // Read from SES itself, past the fault proxy: SES publishes its events whatever the stack's calls meet.
  const sesEvents = startSesEventRelay({
    sesEndpoint: ses.endpoint,
    ingestion: sesEventIngestion,
    cursorFile: `${cfg.dataDir}-ses-events.cursor`,
  });

  if (args.has('--watch')) {
    const { watchBuild } = await import('#web/build/build.ts');
    await watchBuild(() => {
      edge = loadEdgeHandlers(readRoutes(cfg.distDir), routesStore.handle);
      Object.assign(responseHeaders, securityHeaders(readCspHashes(cfg.distDir)));
      // The new render kit reaches the posts at the next run, as after a deploy.
      void uploadSite(cfg.distDir, cfg.siteBucketDir).then(() => {
        clearSiteCache();
        return publisher.run();
      });
      console.log('Website rebuilt.');
    });
  }

  const faultsSet = cfg.faultsAtStart.length
    ? `from LOCAL_FAULTS: ${cfg.faultsAtStart.map((f) => JSON.stringify(f)).join(' ')}`
    : 'no fault set';
  console.log(`
  Site and API   ${cfg.siteUrl}
  Console        ${cfg.siteUrl}${CONSOLE_PAGE}   (owner ${cfg.consoleOwners}: ask for a sign-in link there, open it from the inbox)
  Email inbox    ${ses.endpoint}   (${ses.description})
  DynamoDB       ${dynamo.endpoint}   (${dynamo.description})
  Functions call ${proxies.dynamodb.endpoint} for DynamoDB, ${proxies.ses.endpoint} for SES   (the fault switch's proxies)
  IAM policies   ${cfg.iamEnforced ? "enforced: each function's AWS calls are held to its role in the synthesized template (denials logged as [iam])" : 'NOT enforced (LOCAL_IAM_ENFORCEMENT=off): every call is let through, unlike AWS'}
  Expired items  deleted every ${cfg.ttlPurgeSeconds} s, as DynamoDB's TTL does (TTL_PURGE_SECONDS)
  Fault switch   http://127.0.0.1:${sitePort}${FAULTS_PATH}   (loopback only; ${faultsSet})
  Edge function  ${buildViewerRequestCode(routes).length} bytes, ${routes.length} pages
  Node           ${process.version}   (the Lambdas' runtime, from the node-<os>-<cpu> package: docs/decisions/0080)
  Press Ctrl+C to stop.`);

  stopOnSignal(async () => {
    await Promise.all([
      functionTargets.stop(),
      publisher.idle(),
      sweeper.stop(),
      rollups.stop(),
      campaignQueueTicks.stop(),
      sesEvents.stop(),
      ttlPurge.stop(),
      drainServer(server),
    ]);
    await Promise.all([mailSweep.close(), sesEventIngestion.close(), siteRollup.close()]);
    ttlClient.destroy();
    await Promise.all([proxies.dynamodb.close(), proxies.ses.close()]);
    await Promise.all([ses.close(), dynamo.close()]);
  });
}

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
