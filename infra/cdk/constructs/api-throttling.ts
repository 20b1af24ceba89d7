import { API_ROUTES, type ApiRouteName } from '#shared/paths.ts';

export interface ApiThrottle {
  /** Steady-state requests per second. */
  readonly rateLimit: number;
  /** Requests allowed in a short burst above the rate. */
  readonly burstLimit: number;
}

/**
 * Routes throttled apart from the stage default, each route with its own bucket, so a flood
 * on the forms never pushes an unsubscribe, a preference change or a confirmation into 429.
 * - forms: the public forms that send mail (cost cap; per-client and per-address limits
 *   and the hourly mail budget do the fine-grained work in the handlers);
 * - subscriber: the owner's own links (RFC 8058 one-click included), which must keep working.
 * Typed by ApiRouteName: a new route does not compile until it is placed in a group.
 */
export type ThrottleGroup = 'forms' | 'subscriber' | 'stage';

export const ROUTE_THROTTLE_GROUPS: Record<ApiRouteName, ThrottleGroup> = {
  signup: 'forms',
  requestScorecard: 'forms',
  getSubscriber: 'subscriber',
  putSubscriber: 'subscriber',
  oneClickUnsubscribe: 'subscriber',
  confirmSubscription: 'subscriber',
  downloadScorecard: 'stage',
  // One beacon a page view: the stage's rate bounds what a flood of them can cost (decision 0081).
  collectVisit: 'stage',
  // Three owners' clicks; their sign-in has its own per-client and per-owner limits.
  consoleAuth: 'stage',
  consoleCampaigns: 'stage',
  consolePosts: 'stage',
  consoleApi: 'stage',
};

/** Far above a consultancy site's real traffic; the forms lower, as each accepted one sends mail. */
export const DEFAULT_THROTTLES: Record<ThrottleGroup, ApiThrottle> = {
  stage: { rateLimit: 10, burstLimit: 20 },
  forms: { rateLimit: 5, burstLimit: 10 },
  subscriber: { rateLimit: 10, burstLimit: 20 },
};

/** Fails synth on a throttle API Gateway would reject or that would close the routes. */
export function checkThrottle(where: string, group: ThrottleGroup, throttle: ApiThrottle): ApiThrottle {
  if (!(throttle.rateLimit > 0) || !Number.isInteger(throttle.burstLimit) || throttle.burstLimit < 1) {
    throw new Error(`${where}: the ${group} throttle needs a positive rateLimit and an integer burstLimit >= 1`);
  }
  return throttle;
}

/** The stage's RouteSettings (raw CloudFormation JSON, keyed by route key) for these routes. */
export function routeSettings(routes: readonly ApiRouteName[], throttles: Record<ThrottleGroup, ApiThrottle>) {
  return Object.fromEntries(
    routes
      .filter((name) => ROUTE_THROTTLE_GROUPS[name] !== 'stage')
      .map((name) => {
        const { rateLimit, burstLimit } = throttles[ROUTE_THROTTLE_GROUPS[name]];
        return [API_ROUTES[name], { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }];
      }),
  );
}
