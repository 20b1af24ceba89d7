import { BatchGetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '../../data/attribute-values';
import { getItem, putIfAbsent, takeItem, updateItem } from '../../data/items';
import type { TableStore } from '../../data/stores';
import { randomToken } from '../../runtime/tokens';
import { hashedToken } from '../kit/hashed-token';

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
  /**
   * The credential id of the passkey that began it: removing that passkey ends it (passkeys.ts).
   * Absent only on sessions begun before passkeys were recorded (they end within 12 hours).
   */
  passkey?: string;
}

/**
 * At most this many sessions of one owner are live at once (decision 0071): a sign-in that would
 * make one more ends the one idle longest. Three owners with a laptop, a phone and a spare each
 * stay well within it; a forgotten session on a borrowed computer is the first to go.
 */
export const SESSIONS_PER_OWNER = 5;
/** How many sessions begun in the last SESSION_ABSOLUTE_SECONDS the owner's record remembers, newest first. */
const RECENT_SESSIONS_KEPT = 20;
/** Two sign-ins of one owner at the same moment: the one that lost the conditional write reads and tries again. */
const OWNER_WRITE_TRIES = 4;

/** A session begun in the last SESSION_ABSOLUTE_SECONDS, as its owner's record remembers it (by the token's hash). */
interface RecentSession {
  createdAt: number;
  expiresAt: number;
  /** The passkey that began it (SessionItem.passkey). */
  passkey?: string;
}

/** What the console keeps per owner (`owner#<key>`). */
export interface OwnerItem {
  id: string;
  /** The generation a session must carry to be live. */
  generation?: number;
  /**
   * The owner's sessions begun in the last SESSION_ABSOLUTE_SECONDS, live or ended by idleness, by
   * the hash of their token: the cap counts the live ones, and a browser holding one of them may
   * still ask for sign-in links when strangers have spent every other budget (sign-in-ceremonies.ts).
   */
  sessions?: Record<string, RecentSession>;
  /** Moved on by every write of `sessions` or `generation`, so two writers cannot lose each other's change. */
  revision?: number;
  /**
   * The credential ids of the owner's passkeys (passkeys.ts): what the Security screen lists, and
   * what a session's passkey must still be among for the session to be live.
   */
  passkeyIds?: Set<string>;
}

/**
 * A session's cookie value is `<owner key>.<secret>`: the owner key (a hash of the address) lets
 * one BatchGetItem read the session and its owner's record together; the secret (128 random bits)
 * is what makes it unguessable, and only its hash is stored.
 */
const ownerKey = (owner: string) => hashedToken(owner).slice(0, 22);
const ownerId = (key: string) => `owner#${key}`;
/** The id of an owner's record (OwnerItem). */
export const ownerRecordId = (owner: string) => ownerId(ownerKey(owner));
/** The id of a recent session's item, from the hash its owner's record remembers it by. */
export const recentSessionId = (hash: string) => `session#${hash}`;
const sessionId = (token: string) => `session#${hashedToken(token)}`;
const COOKIE_VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/** The ids of a cookie value's session item and its owner's record; undefined for a malformed value. */
export const sessionItemIds = (token: string): { session: string; owner: string } | undefined => {
  const parts = COOKIE_VALUE.exec(token);
  return parts ? { session: sessionId(token), owner: ownerId(parts[1]!) } : undefined;
};

export const idleExpiresAt = (session: Pick<SessionItem, 'lastSeenAt'>) => session.lastSeenAt + SESSION_IDLE_SECONDS;

/** The session items among `ids` that are live: present, of the owner's generation, within both limits. */
const liveSessionsAmong = async (
  store: TableStore,
  ids: string[],
  generation: number,
  now: number,
): Promise<SessionItem[]> => {
  if (ids.length === 0) return [];
  const { Responses } = await store.db.send(
    new BatchGetItemCommand({
      RequestItems: { [store.table]: { Keys: ids.map((id) => marshall({ id })), ConsistentRead: true } },
    }),
  );
  return (Responses?.[store.table] ?? [])
    .map((item) => unmarshall(item) as unknown as SessionItem)
    .filter((session) => session.generation === generation && now < session.expiresAt && now < idleExpiresAt(session));
};

/**
 * A new session for the owner; the returned token goes to the cookie, only its hash to the table.
 * The owner's record remembers it among their recent sessions; when the owner already has
 * SESSIONS_PER_OWNER live ones, those idle longest are ended so that the new one is the cap's last.
 */
export const startSession = async (
  store: TableStore,
  owner: string,
  now: number,
  passkey?: string,
): Promise<{ token: string; session: SessionItem }> => {
  const token = `${ownerKey(owner)}.${randomToken()}`;
  const recordId = ownerId(ownerKey(owner));
  for (let tries = 1; ; tries += 1) {
    const ownerItem = await getItem<OwnerItem>(store, recordId);
    const generation = ownerItem?.generation ?? 0;
    const recent = Object.entries(ownerItem?.sessions ?? {}).filter(([, session]) => now < session.expiresAt);
    const live = await liveSessionsAmong(
      store,
      recent.map(([hash]) => `session#${hash}`),
      generation,
      now,
    );
    const ending = live
      .sort((a, b) => a.lastSeenAt - b.lastSeenAt || a.createdAt - b.createdAt)
      .slice(0, Math.max(0, live.length - (SESSIONS_PER_OWNER - 1)));
    const session: SessionItem = {
      id: sessionId(token),
      kind: 'console-session',
      owner,
      generation,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_ABSOLUTE_SECONDS,
      ...(passkey !== undefined && { passkey }),
    };
    const remembered = Object.fromEntries(
      [...recent, [hashedToken(token), { createdAt: now, expiresAt: session.expiresAt, passkey }] as const]
        .sort(([, a], [, b]) => b.createdAt - a.createdAt)
        .slice(0, RECENT_SESSIONS_KEPT),
    );
    const written = await updateItem(store, recordId, {
      UpdateExpression: 'SET #kind = :kind, sessions = :sessions ADD revision :one',
      ConditionExpression:
        ownerItem?.revision === undefined ? 'attribute_not_exists(revision)' : 'revision = :revision',
      ExpressionAttributeNames: { '#kind': 'kind' },
      ExpressionAttributeValues: marshall(
        { ':kind': 'console-owner', ':sessions': remembered, ':one': 1, ':revision': ownerItem?.revision },
        { removeUndefinedValues: true },
      ),
    });
    if (!written) {
      if (tries < OWNER_WRITE_TRIES) continue;
      throw new Error(`The owner's record changed ${tries} times during one sign-in`);
    }
    await putIfAbsent(store, session);
    for (const ended of ending) await takeItem(store, ended.id);
    return { token, session };
  }
};

/**
 * Whether a cookie value is one of the owner's sessions begun within SESSION_ABSOLUTE_SECONDS,
 * live or ended by idleness (not by "sign out everywhere", which forgets them all): what lets
 * the owner's own browser ask for a sign-in link whatever strangers ask (sign-in-ceremonies.ts).
 */
export const isRecentSessionOf = async (
  store: TableStore,
  token: string,
  owner: string,
  now: number,
): Promise<boolean> => {
  const ids = sessionItemIds(token);
  if (!ids || ids.owner !== ownerId(ownerKey(owner))) return false;
  const ownerItem = await getItem<OwnerItem>(store, ids.owner);
  const remembered = ownerItem?.sessions?.[hashedToken(token)];
  return remembered !== undefined && now < remembered.expiresAt;
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
 * A background request (a screen re-reading on a timer, not a person acting) is answered but does
 * not move the idle limit on: an unattended console still ends after SESSION_IDLE_SECONDS.
 */
export const liveSession = async (
  store: TableStore,
  token: string,
  now: number,
  { background = false }: { background?: boolean } = {},
): Promise<SessionItem | undefined> => {
  const { session, owner } = await readSession(store, token);
  if (!session) return undefined;
  // The session's id hashes the whole cookie value, owner key included: no other owner's record can stand in.
  // A session begun by a passkey the owner has since removed is ended, whether or not the removal
  // reached it (passkeys.ts): the owner's record no longer lists that passkey.
  const ended =
    session.generation !== (owner?.generation ?? 0) ||
    (session.passkey !== undefined && !owner?.passkeyIds?.has(session.passkey));
  if (ended || now >= session.expiresAt || now >= idleExpiresAt(session)) {
    await takeItem(store, session.id);
    return undefined;
  }
  if (background || now - session.lastSeenAt < TOUCH_AFTER_SECONDS) return session;
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

/**
 * Ends every session of the owner (sign out everywhere), this one included, and forgets them: none
 * of them counts as a recent session any more.
 */
export const endEverySession = async (store: TableStore, owner: string, token: string): Promise<void> => {
  await updateItem(store, ownerId(ownerKey(owner)), {
    UpdateExpression: 'ADD generation :one, revision :one SET #kind = :kind REMOVE sessions',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: marshall({ ':one': 1, ':kind': 'console-owner' }),
  });
  await endSession(store, token);
};
