import { AUDIENCES, type Audience } from './constants/audiences';
import { fillPath, pathOfKey, type PathArguments, type PathParameters } from './route-key';

/** Where the API is (docs/architecture.md#the-api-contract): CloudFront's `/api/*` behaviour. */
export const API_BASE = '/api';

/**
 * The API's routes, each named as the function that serves it (FUNCTIONS in
 * infra/cdk/constructs/functions.ts), as route keys the way API Gateway (HTTP API) writes them. The local
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
  /**
   * A page view, sent by the public pages' beacon (navigator.sendBeacon, shared/site-visits.ts):
   * 204 whatever it held, counted or not (docs/decisions/0081-privacy-first-analytics.md).
   */
  collectVisit: 'POST /api/visits',
  /** The console's sign-in ceremony (shared/console/sign-in.ts CONSOLE_AUTH_ROUTES): open without a session. */
  consoleAuth: 'ANY /api/admin/auth/{proxy+}',
  /**
   * The campaigns screen (shared/console/campaigns.ts CAMPAIGN_ROUTES): a session is needed. A
   * function of its own, as it alone of the screens sends email (the owner's test copy) and
   * carries the campaign renderer.
   */
  consoleCampaigns: 'ANY /api/admin/campaigns/{proxy+}',
  /**
   * The Posts screen (shared/console/posts.ts POST_ROUTES): a session is needed. A function of its
   * own, as it alone writes the blog's posts, asks the site's publisher for runs and schedules them.
   */
  consolePosts: 'ANY /api/admin/posts/{proxy+}',
  /**
   * Every other console route: a session is needed (shared/console/common.ts). After the three above:
   * the local server matches in this order; API Gateway picks "the route with the most-specific
   * match" itself (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html#http-api-develop-routes.evaluation).
   */
  consoleApi: 'ANY /api/admin/{proxy+}',
} as const;
export type ApiRouteName = keyof typeof API_ROUTES;

/** Every other /api path or method: the fallback handler answers a JSON 404 or 405. */
export const API_FALLBACK_ROUTE = `ANY ${API_BASE}/{proxy+}`;

/** The parameters of a route's path: `audience` is an Audience, the others any text. */
export type ApiPathParameters<Route extends ApiRouteName> = PathParameters<ApiRoutePath<Route>, { audience: Audience }>;
type ApiRoutePath<Route extends ApiRouteName> = (typeof API_ROUTES)[Route] extends `${string} ${infer Path}`
  ? Path
  : never;

/** The path of an API route with its parameters filled in, each percent-encoded (fillPath). */
export const apiPath = <Route extends ApiRouteName>(
  name: Route,
  ...parameters: PathArguments<ApiRoutePath<Route>, { audience: Audience }>
): string => fillPath(pathOfKey(API_ROUTES[name]), ...(parameters as [Record<string, string>]));

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
  /** Legacy blog slug kept alive by a 301 at the edge and a replace-redirect in the SPA. */
  legacyEngagementPost: '/friction-free-employment-engagement',
  engagementPost: '/friction-free-employee-engagement',
} as const;

/**
 * The pages reached from an email, each stated once: the URL before the subscriber id (or link
 * token) for each form and audience. Their links (emailPagePath), the web routes, the edge's
 * prefixes and the prerendered shells (DYNAMIC_PAGES) all derive from this.
 */
const EMAIL_PAGE_PREFIXES = {
  unsubscribe: (audience: Audience) => `/unsubscribe/${audience}/`,
  settings: (audience: Audience) => `/${audience}/setting/`,
  /** Where the confirmation email's link leads: a page whose button confirms (POST). */
  confirm: (audience: Audience) => `/confirm/${audience}/`,
} as const;
export type EmailPageForm = keyof typeof EMAIL_PAGE_PREFIXES;

/** The link to a page reached from an email, for one subscriber id or link token. */
export const emailPagePath = (form: EmailPageForm, audience: Audience, id: string) =>
  `${EMAIL_PAGE_PREFIXES[form](audience)}${encodeURIComponent(id)}`;

/**
 * The unsubscribe page links to the preferences page ('click here',
 * docs/spec/site-spec.md#2-screens-and-routes), whose token the unsubscribe token cannot stand
 * for. So the emailed unsubscribe link carries the preferences token after `#`: browsers never
 * send a fragment, so it stays out of requests, logs and Referer headers, and the one-click URL
 * (List-Unsubscribe, which mail providers hold) carries the unsubscribe token alone
 * (docs/decisions/0002-consent-model.md).
 */
export const unsubscribePagePath = (audience: Audience, unsubscribeToken: string, preferencesToken: string) =>
  `${emailPagePath('unsubscribe', audience, unsubscribeToken)}#${preferencesToken}`;

/** The preferences token of an unsubscribe page's `location.hash` (base64url: never encoded); else undefined. */
export const preferencesTokenOfHash = (hash: string): string | undefined => {
  const token = hash.replace(/^#/, '');
  return SUBSCRIBER_LINK_TOKEN_PATTERN.test(token) ? token : undefined;
};

/**
 * Each page reached from an email, per audience: one prerendered shell serves every id.
 * `pattern` is its route, `prefix` what the edge matches, `shellPath` where the prerender
 * writes the shell (`<shellPath>/index.html`).
 */
export const DYNAMIC_PAGES = (Object.keys(EMAIL_PAGE_PREFIXES) as EmailPageForm[]).flatMap((form) =>
  AUDIENCES.map((audience) => {
    const prefix = EMAIL_PAGE_PREFIXES[form](audience);
    return {
      form,
      audience,
      prefix,
      pattern: `${prefix}:id`,
      shellPath: `/_shell/${prefix.slice(1, -1).replace(/\//g, '-')}`,
    };
  }),
);

/** The prerendered not-found page; the edge serves it with status 404. */
export const NOT_FOUND_PAGE = '/404.html';

/** Subscriber ids are 128-bit random tokens in base64url (22 characters). */
export const SUBSCRIBER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The token of a subscriber's emailed link (unsubscribe page and one-click, or preferences page):
 * the subscriber's id followed by a proof for the link's purpose (22 characters each); for a
 * subscriber created before links had purposes, the id alone.
 */
export const SUBSCRIBER_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}(?:[A-Za-z0-9_-]{22})?$/;

/**
 * The token of an emailed link to one lead (scorecard download, sign-up confirmation): the
 * lead's key (22 characters) followed by a proof for the link's purpose (22 characters;
 * lambdas/domain/lead-link-token.ts), or the lead's secret for a lead stored before purposes.
 */
export const LEAD_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{44}$/;
