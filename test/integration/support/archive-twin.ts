/**
 * The newsletter archive on the local twin, as `npm start` has it (docs/decisions/0052): a copy of
 * a web build served by the twin's CloudFront (the same edge functions, reading the twin's
 * KeyValueStore of published issues) and, on the same server, its Lambda endpoint running the
 * publisher over a campaigns table, one run at a time. Invalidations are recorded.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEdgeHandlers, readRouteManifest } from '#infra/edge/edge-code.ts';
import { localPublishedSite } from '#infra/local/local-published-site.ts';
import { createLocalKeyValueStore } from '#infra/local/local-key-value-store.ts';
import { createLocalLambda, LOCAL_LAMBDA_PREFIX } from '#infra/local/local-lambda.ts';
import { createLocalPublisher } from '#infra/local/local-publisher.ts';
import { createSiteHandler } from '#infra/local/static-site.ts';
import { publishSite, type PublishedSite } from '#lambdas/publisher/publish-site.ts';
import { siteSections } from '#lambdas/publisher/site-sections.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { runAs } from '#infra/local/iam/function-identity.ts';
import { twinIam } from '#test/support/twin-iam.ts';

const FIXTURE_DIST = path.join(__dirname, '..', '..', 'infra', 'fixtures', 'web-dist');

export interface ArchiveTwinOptions {
  campaignsTable: string;
  siteUrl: string;
  /** The publisher's clock (Unix seconds). */
  now: () => number;
}

export async function startArchiveTwin({ campaignsTable, siteUrl, now }: ArchiveTwinOptions) {
  const dist = await mkdtemp(path.join(tmpdir(), 'archive-twin-'));
  await cp(FIXTURE_DIST, dist, { recursive: true });
  const routesStore = createLocalKeyValueStore();
  const site = createSiteHandler({
    distDir: dist,
    edge: loadEdgeHandlers(readRouteManifest(dist), routesStore.handle),
    responseHeaders: {},
  });
  const invalidated: string[][] = [];
  const publishedSite = localPublishedSite(dist, () => site.clearCache(), routesStore, twinIam());
  const recordingSite: PublishedSite = {
    ...publishedSite,
    invalidate: async (paths) => {
      await publishedSite.invalidate(paths);
      invalidated.push(paths);
    },
  };
  const campaigns = { db: createDynamoClient(), table: campaignsTable };
  const sections = siteSections({ campaigns, siteUrl });
  /** One publication over the table, as the function makes it, held to its role. */
  const publish = () => runAs('sitePublisher', () => publishSite(campaigns, recordingSite, sections, { now: now() }));
  // The Lambda endpoint's invocations, one at a time by the function's own lease, as in AWS.
  const runs = createLocalPublisher({
    state: campaigns,
    site: recordingSite,
    sections,
    clock: now,
    rewriteFirst: false,
    onError: (error) => {
      throw error;
    },
  });
  const lambda = createLocalLambda({ sitePublisher: () => runs.run() }, twinIam());
  let invocations = 0;
  let lambdaDown = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!url.pathname.startsWith(`${LOCAL_LAMBDA_PREFIX}/`)) return void site.handle(req, res, url);
    invocations += 1;
    if (!lambdaDown) return void lambda(req, res, url);
    // As Lambda answers when it cannot take the request.
    req.resume();
    res.writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceException' });
    res.end(JSON.stringify({ message: 'Service unavailable' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** What AWS_ENDPOINT_URL_LAMBDA points at for the trigger to reach this twin. */
    lambdaEndpoint: `${origin}${LOCAL_LAMBDA_PREFIX}`,
    publish,
    /** Resolves once the runs the endpoint started have ended. */
    idle: () => runs.idle(),
    invalidated,
    /** Invocations that reached the Lambda endpoint. */
    invocations: () => invocations,
    /** While set, the endpoint answers 503, as Lambda does when it cannot take the request. */
    setLambdaDown: (down: boolean) => {
      lambdaDown = down;
    },
    /** The path as a visitor gets it. */
    get: async (pathname: string) => {
      const response = await fetch(`${origin}${pathname}`);
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    },
    close: async () => {
      await runs.idle();
      await new Promise((resolve) => server.close(resolve));
      await rm(dist, { recursive: true, force: true });
    },
  };
}
