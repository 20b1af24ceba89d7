import type { ApiRouteName } from '../../shared/paths';
import type { LambdaName } from './bundling';

/**
 * Which handler serves which API route: read by the CDK api construct and by the local
 * server, so a route cannot be wired to one handler in the cloud and another locally.
 */
export const API_ROUTE_HANDLERS: Record<ApiRouteName, LambdaName> = {
  getSubscriber: 'getSubscriber',
  putSubscriber: 'putSubscriber',
  oneClickUnsubscribe: 'oneClickUnsubscribe',
  scorecard: 'requestScorecard',
  scorecardDownload: 'downloadScorecard',
  signup: 'signup',
  confirmSubscription: 'confirmSubscription',
};

/** Every other /api path or method goes to the fallback (404/405 with a readable message). */
export const API_FALLBACK_ROUTE = 'ANY /api/{proxy+}';
export const API_FALLBACK_HANDLER: LambdaName = 'apiFallback';
