/**
 * `npm start`: the whole product on this machine (DESIGN §6). Builds the website for the
 * local URL, starts dynalite (data kept in .local/) and aws-ses-v2-local, and serves site +
 * API through one server that applies the same edge function and the same Lambda handlers.
 *
 * Flags: --no-build (serve the existing web/dist), --watch (rebuild the site on change).
 * Ports: PORT (site, 3000), SES_PORT (inbox, 8005), DYNAMODB_PORT (8000).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DynamoDBStreamEvent, DynamoDBBatchResponse } from 'aws-lambda';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { buildViewerRequestCode, loadEdgeHandlers, readRouteManifest } from '../edge/edge-code';
import { LAMBDA_ENTRIES } from '../lambda/bundling';
import { LEADS_TABLE, SUBSCRIBERS_TABLE } from '../data/table-definitions';
import { SECURITY_HEADERS } from '../site/security-headers';
import { loadHttpHandlers } from './api-dispatch';
import { LOCAL_S3_PREFIX } from './local-s3';
import { localConfig, REPO_ROOT } from './local-config';
import { createLocalServer, listen, LocalStackError } from './local-server';
import { createTables, startDynalite, startSesLocal } from './services';
import { startStreamPoller } from './stream-poller';

const args = new Set(process.argv.slice(2));

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

/** The environment the Lambdas get from CDK, pointed at the local stand-ins. */
function lambdaEnvironment(cfg: ReturnType<typeof localConfig>, dynamoEndpoint: string, sesEndpoint: string, siteOrigin: string) {
  Object.assign(process.env, {
    AWS_REGION: 'ca-central-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
    AWS_ENDPOINT_URL_SES: sesEndpoint,
    AWS_ENDPOINT_URL_S3: `${siteOrigin}${LOCAL_S3_PREFIX}`,
    SUBSCRIBERS_TABLE: SUBSCRIBERS_TABLE.logicalName,
    LEADS_TABLE: LEADS_TABLE.logicalName,
    SITE_URL: cfg.siteUrl,
    SENDER_EMAIL: cfg.senderEmail,
    NOTIFICATION_EMAIL: cfg.notificationEmail,
    SCORECARD_BUCKET: cfg.scorecard.bucket,
    SCORECARD_KEY: cfg.scorecard.key,
  });
}

async function main() {
  const cfg = localConfig();
  if (!args.has('--no-build')) buildWebsite(cfg.siteUrl);
  const routes = readRoutes(cfg.distDir);
  if (!existsSync(cfg.scorecard.file)) {
    throw new LocalStackError(`The scorecard document is missing: ${path.relative(REPO_ROOT, cfg.scorecard.file)}`);
  }

  const dynamo = await startDynalite({ port: cfg.dynamoPort, path: cfg.dataDir });
  await createTables(dynamo.endpoint);
  const ses = await startSesLocal({ port: cfg.sesPort });
  // 127.0.0.1 rather than "localhost": the SDK only uses path-style S3 URLs for IP endpoints.
  lambdaEnvironment(cfg, dynamo.endpoint, ses.endpoint, `http://127.0.0.1:${cfg.sitePort}`);

  const handlers = await loadHttpHandlers(REPO_ROOT);
  const { handler: mailer } = (await import(`${REPO_ROOT}/${LAMBDA_ENTRIES.mailer}`)) as {
    handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;
  };

  let edge = loadEdgeHandlers(routes);
  const { server, clearSiteCache } = createLocalServer({
    distDir: cfg.distDir,
    // Rebuilds (watch mode) swap the handlers; the server keeps calling through this indirection.
    edge: { viewerRequest: (e) => edge.viewerRequest(e), viewerResponse: (e) => edge.viewerResponse(e) },
    responseHeaders: SECURITY_HEADERS,
    handlers,
    objects: [{ ...cfg.scorecard, contentType: 'application/pdf' }],
  });
  await listen(server, cfg.sitePort, cfg.host, 'PORT');
  const poller = startStreamPoller({
    client: new DynamoDBClient({}),
    tableName: LEADS_TABLE.logicalName,
    mailer,
  });

  if (args.has('--watch')) {
    const { watchBuild } = await import('../../web/build/build');
    await watchBuild(() => {
      edge = loadEdgeHandlers(readRoutes(cfg.distDir));
      clearSiteCache();
      console.log('Website rebuilt.');
    });
  }

  console.log(`
  Site and API   ${cfg.siteUrl}
  Email inbox    ${ses.endpoint}   (every email the API sends, links included)
  DynamoDB       ${dynamo.endpoint}   (dynalite; data kept in ${path.relative(REPO_ROOT, cfg.dataDir)}/)
  Edge function  ${buildViewerRequestCode(routes).length} bytes, ${routes.length} pages
  Press Ctrl+C to stop.`);

  const stop = async () => {
    poller.stop();
    server.close();
    await Promise.allSettled([ses.close(), dynamo.close()]);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
