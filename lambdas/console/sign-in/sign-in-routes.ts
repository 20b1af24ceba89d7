import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { CONSOLE_AUTH_ROUTES, type ConsoleSession, type SessionCheck } from '#shared/console/sign-in.ts';
import { clientNetworkKey } from '../../http/client-address';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import type { ApiEvent, ApiResult } from '../../http/types';
import { schemasOnFirstUse } from '../../http/schemas-on-first-use';
import type { OutgoingMail } from '../../mail/outgoing-mail';
import { appendAudit } from '../kit/audit-log';
import { requireSession } from '../kit/guards';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import {
  authenticate,
  authenticationOptions,
  register,
  registrationOptions,
  requestEnrolmentLink,
  type CeremonyContext,
} from './sign-in-ceremonies';
import { SIGN_IN_MESSAGES } from './sign-in-messages';
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from './session-cookie';
import { endEverySession, endSession, idleExpiresAt, type SessionItem } from './sessions';
import type { TableStore } from '../../data/stores';

/**
 * An enrolment-link request answers no sooner than this after it arrived, whether an email was
 * sent or not, so its timing does not tell an owner's address from any other (an SES call takes
 * tens to hundreds of milliseconds).
 */
export const ENROLMENT_ANSWER_MS = 1500;

/** What the sign-in routes need besides the request. */
export interface AuthRouteContext {
  event: ApiEvent;
  /** When the request arrived (epoch ms), before its body was read: an enrolment link's answer waits from then. */
  arrivedMs: number;
  store: TableStore;
  now: number;
  siteUrl: string;
  sendMail(mail: OutgoingMail): Promise<unknown>;
  /** Resolves at the given epoch milliseconds (a timer; tests may pass their own). */
  sleepUntil(epochMs: number): Promise<void>;
}

/** The sign-in's schemas, read with yup at the first request with a body to check (schemas-on-first-use.ts). */
const { bodySchema } = schemasOnFirstUse(() => import('#shared/console/sign-in-schemas.ts'));

const ceremony = (context: AuthRouteContext): CeremonyContext => ({
  store: context.store,
  now: context.now,
  client: clientNetworkKey(context.event),
  sessionToken: sessionTokenOf(context.event),
  userAgent: context.event.headers?.['user-agent'],
  siteUrl: context.siteUrl,
  sendMail: context.sendMail,
});

export const sessionAnswer = (session: SessionItem): ConsoleSession => ({
  owner: session.owner,
  expiresAt: session.expiresAt,
  idleExpiresAt: idleExpiresAt(session),
});

const signedIn = ({ token, session }: { token: string; session: SessionItem }, now: number): ApiResult => ({
  ...jsonResponse(200, sessionAnswer(session)),
  cookies: [sessionCookie(token, session.expiresAt - now)],
});

const signedOut = (message: string): ApiResult => ({
  ...jsonResponse(200, { message }),
  cookies: [clearedSessionCookie()],
});

/** The sign-in ceremony's routes (CONSOLE_AUTH_ROUTES): the console's only routes open without a session. */
export const AUTH_ROUTES: ConsoleRoute<AuthRouteContext>[] = [
  bodyRoute({
    route: CONSOLE_AUTH_ROUTES.enrolmentLink,
    body: bodySchema((schemas) => schemas.enrolmentLinkSchema),
    handle: async (context, { email }) => {
      try {
        await requestEnrolmentLink(ceremony(context), email);
      } finally {
        await context.sleepUntil(context.arrivedMs + ENROLMENT_ANSWER_MS);
      }
      return jsonResponse(202, { message: SIGN_IN_MESSAGES.linkOnItsWay });
    },
  }),
  bodyRoute({
    route: CONSOLE_AUTH_ROUTES.registrationOptions,
    body: bodySchema((schemas) => schemas.registrationOptionsSchema),
    handle: async (context, { token }) => {
      return jsonResponse(200, await registrationOptions(ceremony(context), token));
    },
  }),
  bodyRoute({
    route: CONSOLE_AUTH_ROUTES.registration,
    body: bodySchema((schemas) => schemas.registrationSchema),
    handle: async (context, { token, response }) => {
      const started = await register(ceremony(context), token, response as unknown as RegistrationResponseJSON);
      return signedIn(started, context.now);
    },
  }),
  {
    route: CONSOLE_AUTH_ROUTES.authenticationOptions,
    handle: async (context) => jsonResponse(200, await authenticationOptions(ceremony(context))),
  },
  bodyRoute({
    route: CONSOLE_AUTH_ROUTES.authentication,
    body: bodySchema((schemas) => schemas.authenticationSchema),
    handle: async (context, { response }) => {
      // Whatever session the browser held before is ended (signIn): one live session per browser.
      const started = await authenticate(ceremony(context), response as unknown as AuthenticationResponseJSON);
      return signedIn(started, context.now);
    },
  }),
  {
    route: CONSOLE_AUTH_ROUTES.session,
    handle: async ({ store, event, now }) => {
      let check: SessionCheck;
      try {
        check = sessionAnswer((await requireSession(store, event, now)).session);
      } catch (error) {
        // Nobody signed in is an answer here, not a refusal (CONSOLE_AUTH_ROUTES.session).
        if (!(error instanceof Refusal && error.reason === 'unauthenticated')) throw error;
        check = { signedIn: false };
      }
      return jsonResponse(200, check);
    },
  },
  {
    route: CONSOLE_AUTH_ROUTES.signOut,
    handle: async ({ store, event, now }) => {
      const token = sessionTokenOf(event);
      const ended = token && (await endSession(store, token));
      if (ended) await appendAudit(store, { actor: ended.owner, action: 'sign-out', summary: 'Signed out' }, now);
      return signedOut(SIGN_IN_MESSAGES.signedOut);
    },
  },
  {
    route: CONSOLE_AUTH_ROUTES.signOutEverywhere,
    handle: async ({ store, event, now }) => {
      const { owner, token } = await requireSession(store, event, now);
      await endEverySession(store, owner, token);
      await appendAudit(
        store,
        { actor: owner, action: 'sign-out-everywhere', summary: 'Signed out on every device' },
        now,
      );
      return signedOut(SIGN_IN_MESSAGES.signedOutEverywhere);
    },
  },
];
