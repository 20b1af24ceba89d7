/**
 * What every screen of the firm's console shares (docs/decisions/0070-console-sign-in.md): its
 * page, its API's base, the session cookie, the background-request header and a page of a list,
 * stated once for the console's web code and its handlers. Each screen's contract is beside this
 * one (docs/decisions/0101-console-slices.md): `<screen>.ts` (its routes, types and messages,
 * yup-free: the console's start and its functions' cold starts name routes without loading yup)
 * and `<screen>-schemas.ts` (the yup schemas of its bodies, read by the page and, at first use, by
 * the server); the sign-in ceremony's in ./sign-in.ts, the audit log's in ./audit.ts.
 *
 * Every route answers JSON. Without a valid session every route but the sign-in ceremony's
 * (CONSOLE_AUTH_ROUTES, whose session check answers 200 `{ signedIn: false }`) answers 401
 * `{ message }`; a state-changing request (any method but GET) from another origin answers 403
 * `{ message }`. Errors are `{ message }` in plain words.
 */

/** Where the console's single page lives on the site's own origin (noindex, not in the sitemap). */
export const CONSOLE_PAGE = '/admin';
/**
 * The console's one HTML file (`<CONSOLE_SHELL>/index.html` in the web build): the edge serves it
 * for CONSOLE_PAGE and every path under it, and the console's own router takes it from there.
 */
export const CONSOLE_SHELL = '/_shell/admin';
/** Its API: CloudFront's `/api/*` behaviour, API Gateway, then the console's four functions (API_ROUTES). */
export const CONSOLE_API_BASE = '/api/admin';

/**
 * The session cookie. `__Host-`: set only by this origin over HTTPS, for the whole site, never
 * for another host or path (RFC 6265bis §4.1.3.2). HttpOnly, Secure, SameSite=Strict.
 */
export const SESSION_COOKIE = '__Host-console-session';

/**
 * Set to `1` by the console's page on the requests it makes by itself on a timer (a sending
 * campaign's progress): the API answers them but they do not count as the owner's activity, so an
 * unattended console still ends after its idle limit (docs/decisions/0071-console-sessions.md).
 * CloudFront forwards it (infra/cdk/site/api-origin-headers.ts).
 */
export const BACKGROUND_REQUEST_HEADER = 'X-Console-Background';

/** A page of a list: `next` is the opaque cursor of the next page, absent on the last. */
export interface Page<Item> {
  items: Item[];
  next?: string;
}
