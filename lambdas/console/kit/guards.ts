import { BACKGROUND_REQUEST_HEADER } from '#shared/console/common.ts';
import type { TableStore } from '../../data/stores';
import { Refusal } from '../../domain/refusal';
import type { ApiEvent } from '../../http/types';
import { isOwner } from '../sign-in/owners';
import { forgetOwner } from '../sign-in/passkeys';
import { relyingParty } from '../sign-in/relying-party';
import { sessionTokenOf } from '../sign-in/session-cookie';
import { endSession, liveSession, type SessionItem } from '../sign-in/sessions';

export const SIGN_IN_NEEDED = 'Please sign in to the console.';
export const OTHER_ORIGIN = "This request did not come from the console's own page, so nothing was changed.";

/**
 * Every request that can change something must come from the site's own pages: the browser
 * sets Origin on every POST, PUT, PATCH and DELETE (Fetch standard), and no page of another site
 * can forge it. The SameSite=Strict cookie already stays home; this is the second lock.
 */
export const requireOwnOrigin = (event: ApiEvent): void => {
  const method = event.requestContext.http.method;
  if (method === 'GET' || method === 'HEAD') return;
  if (event.headers.origin !== relyingParty().origin) throw new Refusal('forbidden', OTHER_ORIGIN);
};

/** A request's signed-in owner and session. */
export interface SignedIn {
  owner: string;
  session: SessionItem;
  /** The cookie's token: signing out ends its session. */
  token: string;
}

/**
 * Whether the console's page says it sent this request by itself, on a timer (BACKGROUND_REQUEST_HEADER):
 * such a request does not count as the owner's activity. Only the page can say so; a request that
 * does not is counted, so nothing is gained by leaving the header off or by forging it.
 */
const isBackground = (event: ApiEvent) => event.headers?.[BACKGROUND_REQUEST_HEADER.toLowerCase()] === '1';

/**
 * The live session of the request, else 401. An owner removed from `owners` is signed out at
 * this request, whatever their session says, and forgotten for good: every passkey and session
 * of theirs is deleted (forgetOwner), so adding the address back means enrolling again.
 */
export const requireSession = async (store: TableStore, event: ApiEvent, now: number): Promise<SignedIn> => {
  const token = sessionTokenOf(event);
  const session =
    token === undefined ? undefined : await liveSession(store, token, now, { background: isBackground(event) });
  if (!token || !session) throw new Refusal('unauthenticated', SIGN_IN_NEEDED);
  if (!isOwner(session.owner)) {
    await forgetOwner(store, session.owner, session.passkey);
    await endSession(store, token);
    throw new Refusal('unauthenticated', SIGN_IN_NEEDED);
  }
  return { owner: session.owner, session, token };
};
