/**
 * The site's publisher on the local twin, as `npm start` has it (docs/decisions/0052, 0053): a
 * site bucket holding a copy of a web build (its render kit included), served by the twin's
 * CloudFront (the same edge functions, reading the twin's KeyValueStore), and, on the same server,
 * its Lambda endpoint running the publisher over a Campaigns and a Posts table, one run at a time.
 * Invalidations are recorded.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEdgeHandlers, readRouteManifest } from '#infra/cdk/edge/edge-code.ts';
import { runAs } from '#infra/local/functions/iam/function-identity.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import { createLocalLambda, LOCAL_LAMBDA_PREFIX } from '#infra/local/functions/local-lambda.ts';
import { localPublishedSite } from '#infra/local/site-and-edge/local-published-site.ts';
import { createLocalPublisher } from '#infra/local/site-and-edge/local-publisher.ts';
import { createSiteHandler } from '#infra/local/site-and-edge/static-site.ts';
import type { SeedPost } from '#lambdas/data/post-items.ts';
import { publisherInvocation, type PublisherDeps } from '#lambdas/publisher/publisher-invocation.ts';
import { publishSite, type PublishedSite } from '#lambdas/publisher/publish-site.ts';
import { siteSections } from '#lambdas/publisher/site-sections.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { twinIam } from '#test/support/twin-iam.ts';

export const FIXTURE_DIST = path.join(__dirname, '..', '..', 'infra', 'fixtures', 'web-dist');

export interface SiteTwinOptions {
  campaignsTable: string;
  postsTable: string;
  siteUrl: string;
  /** The publisher's clock (Unix seconds). */
  now: () => number;
  /** What a new Posts table is seeded with (none by default: the test writes its own posts). */
  seed?: readonly SeedPost[];
}

export async function startSiteTwin({ campaignsTable, postsTable, siteUrl, now, seed = [] }: SiteTwinOptions) {
  const bucket = await mkdtemp(path.join(tmpdir(), 'site-twin-'));
  await cp(FIXTURE_DIST, bucket, { recursive: true });
  const routesStore = createLocalKeyValueStore();
  const site = createSiteHandler({
    distDir: bucket,
    edge: loadEdgeHandlers(readRouteManifest(bucket), routesStore.handle),
    responseHeaders: {},
  });
  const invalidated: string[][] = [];
  const publishedSite = localPublishedSite(bucket, () => site.clearCache(), routesStore, twinIam());
  const recordingSite: PublishedSite = {
    ...publishedSite,
    invalidate: async (paths) => {
      await publishedSite.invalidate(paths);
      invalidated.push(paths);
    },
  };
  const db = createDynamoClient();
  const campaigns = { db, table: campaignsTable };
  const posts = { db, table: postsTable };
  const deps: PublisherDeps = {
    state: campaigns,
    posts,
    site: recordingSite,
    sections: siteSections({ campaigns, posts, site: recordingSite, siteUrl, now, seed }),
    now,
  };
  /** One publication over the tables, as the function makes it, held to its role. */
  const publish = () =>
    runAs('sitePublisher', () => publishSite(campaigns, recordingSite, deps.sections, { now: now() }));
  /** One invocation with this event, as Lambda runs it (a schedule's event: `{ postId, token }`). */
  const invoke = (event?: unknown) =>
    runAs('sitePublisher', () => publisherInvocation(deps, event, { giveUpAt: Date.now() + 30_000 }));
  // The Lambda endpoint's invocations, one at a time by the function's own lease, as in AWS.
  const runs = createLocalPublisher({
    ...deps,
    clock: now,
    rewriteFirst: false,
    onError: (error) => {
      throw error;
    },
  });
  const lambda = createLocalLambda({ sitePublisher: (event) => runs.run(event) }, twinIam());
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
    /** The site bucket's directory. */
    bucket,
    /** What AWS_ENDPOINT_URL_LAMBDA points at for the trigger to reach this twin. */
    lambdaEndpoint: `${origin}${LOCAL_LAMBDA_PREFIX}`,
    publish,
    invoke,
    /** Resolves once the runs the endpoint started have ended. */
    idle: () => runs.idle(),
    invalidated,
    /** The edge's keys and values now. */
    routes: () => Object.fromEntries(routesStore.entries()),
    /** An object of the bucket as stored, undefined when there is none. */
    object: (key: string) => readFile(path.join(bucket, ...key.split('/')), 'utf8').catch(() => undefined),
    /** Invocations that reached the Lambda endpoint. */
    invocations: () => invocations,
    /** While set, the endpoint answers 503, as Lambda does when it cannot take the request. */
    setLambdaDown: (down: boolean) => {
      lambdaDown = down;
    },
    /** The path as a visitor gets it (redirects not followed). */
    get: async (pathname: string) => {
      const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        location: response.headers.get('location'),
        text: await response.text(),
      };
    },
    close: async () => {
      await runs.idle();
      await new Promise((resolve) => server.close(resolve));
      await rm(bucket, { recursive: true, force: true });
    },
  };
}
