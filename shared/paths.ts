import type { Audience } from './constants/audiences';

/** Where the API is (docs/architecture.md#the-api-contract): CloudFront's `/api/*` behaviour. */
export const API_BASE = '/api';

/**
 * The API's routes, each named as the handler that serves it (LAMBDA_ENTRIES in
 * infra/lambda/bundling.ts), as route keys the way API Gateway (HTTP API) writes them. The local
 * server matches the same keys (shared/route-key.ts); links and fetch calls fill them in (apiPath).
 */
export const API_ROUTES = {
  getSubscriber: 'GET /api/{audience}/subscribers/{id}',
  putSubscriber: 'PUT /api/{audience}/subscribers/{id}',
  oneClickUnsubscribe: 'POST /api/{audience}/subscribers/{id}/one-click',
  requestScorecard: 'POST /api/employer/scorecard',
  downloadScorecard: 'GET /api/employer/scorecard/download/{token}',
  signup: 'POST /api/signup',
  /** The confirmation page's button POSTs here (double opt-in; a GET of an email link changes nothing). */
  confirmSubscription: 'POST /api/{audience}/confirmations/{token}',
} as const;
export type ApiRouteName = keyof typeof API_ROUTES;

/** Every other /api path or method: the fallback handler answers a JSON 404 or 405. */
export const API_FALLBACK_ROUTE = `ANY ${API_BASE}/{proxy+}`;

type ParameterNames<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;
/** The parameters of a route's path: `audience` is an Audience, the others any text. */
export type ApiPathParameters<Route extends ApiRouteName> = {
  [Name in ParameterNames<(typeof API_ROUTES)[Route]>]: Name extends 'audience' ? Audience : string;
};

/** The path of an API route with its parameters filled in, each percent-encoded. */
export const apiPath = <Route extends ApiRouteName>(
  route: Route,
  ...[parameters]: keyof ApiPathParameters<Route> extends never ? [] : [ApiPathParameters<Route>]
): string =>
  API_ROUTES[route]
    .slice(API_ROUTES[route].indexOf(' ') + 1)
    .replace(/\{(\w+)\}/g, (_whole, name: string) =>
      encodeURIComponent((parameters as Record<string, string> | undefined)?.[name] ?? ''),
    );

/** Site pages with href builders: the web links and the emails' links use the same shapes. */
export const sitePaths = {
  home: '/',
  about: '/about',
  candidate: '/candidate',
  employer: '/employer',
  scorecardForm: '/employer/form',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms-of-use',
  blog: '/blog',
  unsubscribe: (audience: Audience, id: string) =>
    `/unsubscribe/${audience}/${encodeURIComponent(id)}`,
  settings: (audience: Audience, id: string) =>
    `/${audience}/setting/${encodeURIComponent(id)}`,
  /** Where the confirmation email's link leads: a page whose button confirms (POST). */
  confirm: (audience: Audience, token: string) => `/confirm/${audience}/${encodeURIComponent(token)}`,
  /** Legacy blog slug kept alive by a 301 at the edge and a replace-redirect in the SPA. */
  legacyEngagementPost: '/friction-free-employment-engagement',
  engagementPost: '/friction-free-employee-engagement',
} as const;

/**
 * Pages whose last segment is a subscriber id: one prerendered shell serves every id.
 * `shellPath` is where the prerender writes the shell (`<shellPath>/index.html`).
 */
export const DYNAMIC_PAGES = [
  { pattern: '/unsubscribe/candidate/:id', prefix: '/unsubscribe/candidate/', shellPath: '/_shell/unsubscribe-candidate' },
  { pattern: '/unsubscribe/employer/:id', prefix: '/unsubscribe/employer/', shellPath: '/_shell/unsubscribe-employer' },
  { pattern: '/candidate/setting/:id', prefix: '/candidate/setting/', shellPath: '/_shell/candidate-setting' },
  { pattern: '/employer/setting/:id', prefix: '/employer/setting/', shellPath: '/_shell/employer-setting' },
  { pattern: '/confirm/candidate/:id', prefix: '/confirm/candidate/', shellPath: '/_shell/confirm-candidate' },
  { pattern: '/confirm/employer/:id', prefix: '/confirm/employer/', shellPath: '/_shell/confirm-employer' },
] as const;

/** The prerendered not-found page; the edge serves it with status 404. */
export const NOT_FOUND_PAGE = '/404.html';

/** Subscriber ids are 128-bit random tokens in base64url (22 characters). */
export const SUBSCRIBER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The token of an emailed link to one lead (scorecard download, sign-up confirmation): the
 * lead's key (22 characters) followed by the lead's 128-bit random secret (22 characters).
 */
export const LEAD_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{44}$/;
