import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadEdgeHandlers, readRouteManifest } from '#infra/cdk/edge/edge-code.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import { createSiteHandler } from '#infra/local/site-and-edge/static-site.ts';
import { STATUS_METADATA_HEADER } from '#infra/cdk/site/object-metadata.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** The local twin of CloudFront + S3 over the infra fixtures' small web build. */
const DIST = path.join(REPO_ROOT, 'test', 'infra', 'fixtures', 'web-dist');

describe('local static site (CloudFront + S3 twin)', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const site = createSiteHandler({
      distDir: DIST,
      edge: loadEdgeHandlers(readRouteManifest(DIST), createLocalKeyValueStore().handle),
      responseHeaders: {},
    });
    server = createServer((req, res) => void site.handle(req, res, new URL(req.url ?? '/', 'http://local')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers an unknown path with the 404 page and the status 404, as the page metadata asks', async () => {
    const response = await fetch(`${origin}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('keeps the metadata header to itself', async () => {
    const response = await fetch(`${origin}/no-such-page`);
    expect(response.headers.get(STATUS_METADATA_HEADER)).toBeNull();
  });

  it('serves known pages with 200', async () => {
    expect((await fetch(`${origin}/about`)).status).toBe(200);
    expect((await fetch(`${origin}/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people`)).status).toBe(200);
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await fetch(`${origin}/about`);
    const etag = first.headers.get('etag') ?? '';
    expect((await fetch(`${origin}/about`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
