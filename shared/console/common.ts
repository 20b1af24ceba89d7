/**
 * What every screen of the firm's console shares (docs/decisions/0070-console-sign-in.md): its
 * page, its API's base, the session cookie, the sign-in ceremony's routes, a page of a list and an
 * audit entry, stated once for the console's web code and its handlers. Each screen's contract is
 * beside this one: `<screen>.ts` (its routes, types and messages, yup-free: the console's start
 * and its functions' cold starts name routes without loading yup) and `<screen>-schemas.ts` (the
 * yup schemas of its bodies, read by the page and, at first use, by the server).
 *
 * Every route answers JSON. Without a valid session every route but the sign-in ceremony's
 * (CONSOLE_AUTH_ROUTES, whose session check answers 200 `{ signedIn: false }`) answers 401
 * `{ message }`; a state-changing request (any method but GET) from another origin answers 403
 * `{ message }`. Errors are `{ message }` in plain words.
 */

/** Where the console's single page lives on the site's own origin (noindex, not in the sitemap). */
import { route, routesUnder } from '../route-key';
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

/** The sign-in ceremony's routes (the `consoleAuth` function): the only ones open without a session. */
export const CONSOLE_AUTH_ROUTES = /* @__PURE__ */ routesUnder('/api/admin/auth', {
  /** Body EnrolmentLinkRequest; 202 { message } alike for every address. */
  enrolmentLink: ['POST', '/enrolment-link'],
  /** Body { token }; 200 PublicKeyCredentialCreationOptionsJSON (for @simplewebauthn/browser). */
  registrationOptions: ['POST', '/registration-options'],
  /** Body { token, response: RegistrationResponseJSON }; 200 ConsoleSession, sets the cookie. */
  registration: ['POST', '/registration'],
  /** No body; 200 PublicKeyCredentialRequestOptionsJSON (discoverable credentials: no allow list). */
  authenticationOptions: ['POST', '/authentication-options'],
  /** Body { response: AuthenticationResponseJSON }; 200 ConsoleSession, sets the cookie. */
  authentication: ['POST', '/authentication'],
  /**
   * 200 SessionCheck: the session, or `{ signedIn: false }`. Never 401: it is the console's first
   * call, and a stranger's browser would log the refusal as an error on the sign-in screen.
   */
  session: ['GET', '/session'],
  /** Ends this session (200, cookie cleared); without one, still 200. */
  signOut: ['POST', '/sign-out'],
  /** Ends every session of the signed-in owner (200, cookie cleared). */
  signOutEverywhere: ['POST', '/sign-out-everywhere'],
});

export interface EnrolmentLinkRequest {
  email: string;
}

export interface ConsoleSession {
  /** The signed-in owner's address. */
  owner: string;
  /** Unix seconds: the session ends then at the latest (12 hours after sign-in). */
  expiresAt: number;
  /** Unix seconds: idle limit (30 minutes), moved on by every request. */
  idleExpiresAt: number;
}

/** What the session check answers (200 either way): the session, or that nobody is signed in. */
export type SessionCheck = ConsoleSession | { signedIn: false };

/** A page of a list: `next` is the opaque cursor of the next page, absent on the last. */
export interface Page<Item> {
  items: Item[];
  next?: string;
}

/** The audit log's screen: 200 Page<AuditEntry>, newest first, 50 a page (`?cursor=` the page's `next`). */
export const AUDIT_ROUTES = {
  page: /* @__PURE__ */ route('GET', `${CONSOLE_API_BASE}/audit`),
} as const;

/** One entry of the append-only audit log. */
export interface AuditEntry {
  id: string;
  /** Unix seconds. */
  at: number;
  /** The owner who acted, or the address a failed sign-in named. */
  actor: string;
  /** What happened, e.g. `sign-in`, `lead.status`, `person.view`, `person.export`. */
  action: string;
  /** What it was done to: a lead id, a mailbox …; for a sign-in, the passkey's name and the client's network. */
  target?: string;
  /** Plain words for the log's screen, e.g. "new → contacted". */
  summary: string;
}
