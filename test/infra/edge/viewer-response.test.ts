import { loadEdgeHandlers, type EdgeResponse } from '#infra/cdk/edge/edge-code.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import { metadataHeaders, STATUS_METADATA_HEADER } from '#infra/cdk/site/object-metadata.ts';
import { isResponse, ROUTES, viewerRequestEvent, viewerResponseEvent } from './edge-events';

const { viewerRequest, viewerResponse } = loadEdgeHandlers(ROUTES, createLocalKeyValueStore().handle);

/**
 * Runs both functions as CloudFront does: viewer-request picks the object; the viewer-response
 * event carries the request as the viewer sent it (not the rewritten one) and the object's
 * headers as S3 answers them, user metadata included.
 */
const roundTrip = async (uri: string, originStatus = 200): Promise<EdgeResponse> => {
  const event = viewerRequestEvent(uri);
  const viewersRequest = structuredClone(event.request);
  const forwarded = await viewerRequest(event);
  if (isResponse(forwarded)) throw new Error(`${uri} was answered at viewer-request`);
  const response = viewerResponseEvent(viewersRequest, originStatus);
  Object.assign(response.response.headers, toEdge(metadataHeaders(decodeURIComponent(forwarded.uri))));
  return viewerResponse(response);
};
const toEdge = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value }]));

describe("viewer-response: the owners' console is never indexed", () => {
  it.each(['/admin', '/admin/', '/admin/enrol', '/admin/leads/AbC123'])(
    'adds X-Robots-Tag: noindex to %s',
    async (uri) => {
      const response = await roundTrip(uri);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toEqual({ value: 'noindex, nofollow' });
    },
  );

  it.each(['/', '/about', '/administrator', '/no-such-page'])('adds no X-Robots-Tag to %s', async (uri) => {
    expect((await roundTrip(uri)).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('viewer-response', () => {
  it('gives an unknown path (served the 404 page) the status 404, though its request still names the unknown path', async () => {
    const response = await roundTrip('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.statusDescription).toBe('Not Found');
  });

  it('removes the metadata header from the answer', async () => {
    expect((await roundTrip('/no-such-page')).headers[STATUS_METADATA_HEADER]).toBeUndefined();
  });

  it('gives an invalid subscriber page the status 404', async () => {
    expect((await roundTrip('/employer/setting/abc/def')).statusCode).toBe(404);
  });

  it('answers a direct request for the 404 page with 404 too', async () => {
    expect((await roundTrip('/404.html')).statusCode).toBe(404);
  });

  it('reads the status from the object, not the URI: the 404 page stored without metadata stays 200', async () => {
    const event = viewerResponseEvent(viewerRequestEvent('/404.html').request);
    expect(viewerResponse(event).statusCode).toBe(200);
  });

  it('keeps a 304 a 304 (a revalidated copy has no body to carry a 404)', async () => {
    expect((await roundTrip('/no-such-page', 304)).statusCode).toBe(304);
  });

  it('ignores a status it does not know and still removes the header', async () => {
    const event = viewerResponseEvent(viewerRequestEvent('/about').request);
    event.response.headers[STATUS_METADATA_HEADER] = { value: '200x' };
    const response = viewerResponse(event);
    expect(response.statusCode).toBe(200);
    expect(response.headers[STATUS_METADATA_HEADER]).toBeUndefined();
  });

  it.each([
    '/',
    '/about',
    '/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people',
    '/candidate/setting/AbCdEfGhIjKlMnOpQrStUv',
    '/assets/app.3f9c2a.js',
  ])('leaves %s with its status 200', async (uri) => {
    expect((await roundTrip(uri)).statusCode).toBe(200);
  });

  it('keeps the response headers', async () => {
    expect((await roundTrip('/no-such-page')).headers['content-type']).toEqual({ value: 'text/html' });
  });
});
