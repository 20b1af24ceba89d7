import { loadEdgeHandlers } from '../../../infra/edge/edge-code';
import { isResponse, ROUTES, viewerRequestEvent, viewerResponseEvent } from './edge-events';

const { viewerRequest, viewerResponse } = loadEdgeHandlers(ROUTES);

/** Runs both functions as CloudFront does: the response event carries the rewritten request. */
const roundTrip = (uri: string) => {
  const request = viewerRequest(viewerRequestEvent(uri));
  if (isResponse(request)) throw new Error(`${uri} was answered at viewer-request`);
  return viewerResponse(viewerResponseEvent(request));
};

describe('viewer-response', () => {
  it('gives an unknown path (served the 404 page) the status 404', () => {
    const response = roundTrip('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.statusDescription).toBe('Not Found');
  });

  it('gives an invalid subscriber page the status 404', () => {
    expect(roundTrip('/employer/setting/abc/def').statusCode).toBe(404);
  });

  it('answers a direct request for the 404 page with 404 too', () => {
    expect(roundTrip('/404.html').statusCode).toBe(404);
  });

  it.each(['/', '/about', '/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people', '/candidate/setting/AbCdEfGhIjKlMnOpQrStUv', '/assets/app.3f9c2a.js'])(
    'leaves %s with its status 200',
    (uri) => {
      expect(roundTrip(uri).statusCode).toBe(200);
    },
  );

  it('keeps the response headers', () => {
    expect(roundTrip('/no-such-page').headers['content-type']).toEqual({ value: 'text/html' });
  });
});
