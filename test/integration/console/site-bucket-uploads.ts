/**
 * The twin's site bucket as `npm start` has it (infra/local/site-and-edge/local-site-bucket.ts), with the
 * owners' browser uploads: a function's reads, writes and deletions held to its role, and a
 * browser's POST held to S3's POST policy and to the signer's role; and, on the same server, the
 * twin's CloudFront over that bucket (the edge functions, the security headers), as visitors are
 * served. Over a copy of a small web build of the test's own, with a clock the test may move (a
 * policy's expiry), and the headers of every object a function PUTs recorded (the type and caching
 * an image is stored with).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FunctionName } from '#infra/cdk/constructs/functions.ts';
import { loadEdgeHandlers, readRouteManifest } from '#infra/cdk/edge/edge-code.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import { LOCAL_S3_PREFIX } from '#infra/local/site-and-edge/local-s3.ts';
import { createLocalSiteBucket } from '#infra/local/site-and-edge/local-site-bucket.ts';
import { createSiteHandler } from '#infra/local/site-and-edge/static-site.ts';
import { readCspHashes, securityHeaders } from '#infra/cdk/site/security-headers.ts';
import { FIXTURE_DIST } from '../support/site-twin';
import { twinIam } from '#test/support/twin-iam.ts';

export const startSiteBucketUploads = async (bucket: string, signer: FunctionName = 'consolePosts') => {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-bucket-uploads-'));
  await cp(FIXTURE_DIST, dir, { recursive: true });
  const site = createSiteHandler({
    distDir: dir,
    edge: loadEdgeHandlers(readRouteManifest(dir), createLocalKeyValueStore().handle),
    responseHeaders: { ...securityHeaders(readCspHashes(dir)) },
  });
  let clockShift = 0;
  const key = { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY! };
  const serve = createLocalSiteBucket(bucket, dir, twinIam(), { key, signer, now: () => Date.now() + clockShift });
  const stored = new Map<string, { contentType?: string; cacheControl?: string }>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith(`${LOCAL_S3_PREFIX}/`)) return void site.handle(req, res, url);
    if (req.method === 'PUT')
      stored.set(decodeURIComponent(url.pathname.slice(`${LOCAL_S3_PREFIX}/${bucket}/`.length)), {
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
      });
    void serve(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const objectFile = (objectKey: string) => path.join(dir, ...objectKey.split('/'));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint: `${origin}${LOCAL_S3_PREFIX}`,
    /** What a visitor gets at `sitePath` from the twin's CloudFront. */
    visit: (sitePath: string) => fetch(`${origin}${sitePath}`),
    /** The object's bytes, or undefined when the bucket has none at `objectKey`. */
    object: async (objectKey: string) =>
      existsSync(objectFile(objectKey)) ? await readFile(objectFile(objectKey)) : undefined,
    /** The keys under `prefix` (a folder: `media/posts/`). */
    keysUnder: async (prefix: string) =>
      (await readdir(objectFile(prefix)).catch(() => [] as string[])).map((name) => `${prefix}${name}`),
    /** The headers a function stored `objectKey` with. */
    storedWith: (objectKey: string) => stored.get(objectKey),
    moveClock: (ms: number) => void (clockShift += ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
