/**
 * The console's sign-in (docs/decisions/0070-console-sign-in.md, 0071-console-sessions.md): the
 * ceremony's routes, served by the `consoleAuth` function (lambdas/console/sign-in/sign-in-routes.ts)
 * and the only console routes open without a session, and the session they open, which the page
 * reads on its start. The yup schemas of their bodies are in ./sign-in-schemas.ts.
 */
import { routesUnder } from '../route-key';

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
