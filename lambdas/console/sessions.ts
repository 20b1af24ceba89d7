import { BatchGetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '../data/attribute-values';
import { getItem, putIfAbsent, takeItem, updateItem } from '../data/items';
import type { TableStore } from '../data/stores';
import { randomToken } from '../runtime/tokens';
import { hashedToken } from './hashed-token';

/** A session ends 30 minutes after its last request … */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** … and 12 hours after sign-in, however busy. */
export const SESSION_ABSOLUTE_SECONDS = 12 * 3600;
/**
 * A request moves the idle limit on only when the last move is older than this: one write a
 * minute at most, not one per request, for an idle limit that is 30 times longer.
 */
const TOUCH_AFTER_SECONDS = 60;

/** A signed-in owner's session as the table keeps it: under the hash of its token, never the token. */
export interface SessionItem {
  id: string;
  kind: 'console-session';
  owner: string;
  /** The owner's session generation at sign-in: "sign out everywhere" moves it on, ending this session. */
  generation: number;
  createdAt: number;
  lastSeenAt: number;
  /** The absolute limit, and the TTL that removes the item. */
  expiresAt: number;
}

/** What the console keeps per owner: the generation a session must carry to be live. */
interface OwnerItem {
  id: string;
  generation?: number;
}

/**
 * A session's cookie value is `<owner key>.<secret>`: the owner key (a hash of the address) lets
 * one BatchGetItem read the session and its owner's record together; the secret (128 random bits)
 * is what makes it unguessable, and only its hash is stored.
 */
const ownerKey = (owner: string) => hashedToken(owner).slice(0, 22);
const ownerId = (key: string) => `owner#${key}`;
const sessionId = (token: string) => `session#${hashedToken(token)}`;
const COOKIE_VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/** The ids of a cookie value's session item and its owner's record; undefined for a malformed value. */
export const sessionItemIds = (token: string): { session: string; owner: string } | undefined => {
  const parts = COOKIE_VALUE.exec(token);
  return parts ? { session: sessionId(token), owner: ownerId(parts[1]!) } : undefined;
};

export const idleExpiresAt = (session: Pick<SessionItem, 'lastSeenAt'>) => session.lastSeenAt + SESSION_IDLE_SECONDS;

/** A new session for the owner; the returned token goes to the cookie, only its hash to the table. */
export const startSession = async (
  store: TableStore,
  owner: string,
  now: number,
): Promise<{ token: string; session: SessionItem }> => {
  const token = `${ownerKey(owner)}.${randomToken()}`;
  const ownerItem = await getItem<OwnerItem>(store, ownerId(ownerKey(owner)));
  const session: SessionItem = {
    id: sessionId(token),
    kind: 'console-session',
    owner,
    generation: ownerItem?.generation ?? 0,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_ABSOLUTE_SECONDS,
  };
  await putIfAbsent(store, session);
  return { token, session };
};

/** The session and its owner's record, in one round trip (strongly consistent, as getItem). */
const readSession = async (store: TableStore, token: string): Promise<{ session?: SessionItem; owner?: OwnerItem }> => {
  const ids = sessionItemIds(token);
  if (!ids) return {};
  const { Responses } = await store.db.send(
    new BatchGetItemCommand({
      RequestItems: {
        [store.table]: { Keys: [marshall({ id: ids.session }), marshall({ id: ids.owner })], ConsistentRead: true },
      },
    }),
  );
  const items = (Responses?.[store.table] ?? []).map((item) => unmarshall(item));
  return {
    session: items.find((item) => item.id === ids.session) as SessionItem | undefined,
    owner: items.find((item) => item.id === ids.owner) as OwnerItem | undefined,
  };
};

/**
 * The live session of a token, its idle limit moved on; undefined when there is none, it passed
 * its idle or absolute limit (then it is ended at once), or its owner signed out everywhere since.
 */
export const liveSession = async (store: TableStore, token: string, now: number): Promise<SessionItem | undefined> => {
  const { session, owner } = await readSession(store, token);
  if (!session) return undefined;
  // The session's id hashes the whole cookie value, owner key included: no other owner's record can stand in.
  const ended = session.generation !== (owner?.generation ?? 0);
  if (ended || now >= session.expiresAt || now >= idleExpiresAt(session)) {
    await takeItem(store, session.id);
    return undefined;
  }
  if (now - session.lastSeenAt < TOUCH_AFTER_SECONDS) return session;
  return updateItem<SessionItem>(store, session.id, {
    UpdateExpression: 'SET lastSeenAt = :now',
    ConditionExpression: 'attribute_exists(id)',
    ExpressionAttributeValues: marshall({ ':now': now }),
    ReturnValues: 'ALL_NEW',
  });
};

/** Ends one session (sign out); undefined for a token that has none. */
export const endSession = (store: TableStore, token: string): Promise<SessionItem | undefined> =>
  takeItem<SessionItem>(store, sessionId(token));

/** Ends every session of the owner (sign out everywhere), this one included. */
export const endEverySession = async (store: TableStore, owner: string, token: string): Promise<void> => {
  await updateItem(store, ownerId(ownerKey(owner)), {
    UpdateExpression: 'ADD generation :one SET #kind = :kind',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: marshall({ ':one': 1, ':kind': 'console-owner' }),
  });
  await endSession(store, token);
};
