import type {
  EdgeRequest,
  EdgeResponse,
  EdgeValue,
  ViewerRequestEvent,
  ViewerResponseEvent,
} from '#infra/cdk/edge/edge-code.ts';

/** Events shaped as CloudFront Functions build them (uri and query values as the viewer sent them). */
export const viewerRequestEvent = (uri: string, querystring: Record<string, EdgeValue> = {}): ViewerRequestEvent => ({
  version: '1.0',
  context: { eventType: 'viewer-request' },
  viewer: { ip: '198.51.100.11' },
  request: { method: 'GET', uri, querystring, headers: { host: { value: 'www.example.ca' } }, cookies: {} },
});

export const viewerResponseEvent = (request: EdgeRequest, statusCode = 200): ViewerResponseEvent => ({
  version: '1.0',
  context: { eventType: 'viewer-response' },
  viewer: { ip: '198.51.100.11' },
  request,
  response: { statusCode, statusDescription: 'OK', headers: { 'content-type': { value: 'text/html' } } },
});

export const isResponse = (result: EdgeRequest | EdgeResponse): result is EdgeResponse => 'statusCode' in result;

/** The route table of a real build, in the shape of web/dist/_routes.json. */
export const ROUTES = [
  '/',
  '/about',
  '/candidate',
  '/employer',
  '/employer/form',
  '/contact',
  '/blog',
  '/friction-free-employee-engagement',
  "/facets-of-jobs-why-it's-so-hard-to-hire-good-people",
  "/psychological-safety-you-can't-see-what-you-don't-believe",
];
