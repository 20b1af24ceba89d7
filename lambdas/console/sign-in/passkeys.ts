import { BatchGetItemCommand } from '@aws-sdk/client-dynamodb';
import type { PasskeyDevice, PasskeySummary } from '#shared/console/security.ts';
import { marshall, unmarshall } from '../../data/attribute-values';
import { getItem, putIfAbsent, takeItem, updateItem } from '../../data/items';
import type { TableStore } from '../../data/stores';
import { ownerRecordId, recentSessionId, type OwnerItem } from './sessions';

/** A registered passkey: whose it is and what verifies its signatures. Kept while the console is. */
export interface PasskeyItem {
  id: string;
  kind: 'console-passkey';
  owner: string;
  /** WebAuthn credential id, base64url. */
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (0 for passkeys that keep none, e.g. synced ones). */
  counter: number;
  /** How the browser may reach the authenticator again, as it reported them at registration. */
  transports?: string[];
  createdAt: number;
  lastUsedAt?: number;
  /** The owner's name for it (by default from its device class); absent on passkeys registered before names. */
  name?: string;
  /** What made it, coarsely (passkeyDevice); absent on passkeys registered before. */
  device?: PasskeyDevice;
}

const passkeyId = (credentialId: string) => `passkey#${credentialId}`;

export const findPasskey = (store: TableStore, credentialId: string) =>
  getItem<PasskeyItem>(store, passkeyId(credentialId));

/**
 * The device class of a new passkey, from what the browser said at registration: the
 * authenticator's attachment ("platform": built into this device), its transports ("internal",
 * "hybrid" for a phone nearby, "usb"/"nfc"/"ble" for a key) and whether the user agent is a
 * phone's or tablet's. Nothing finer is kept.
 */
export const passkeyDevice = (
  attachment: unknown,
  transports: readonly string[] = [],
  userAgent = '',
): PasskeyDevice => {
  const builtIn = attachment === 'platform' || (attachment === undefined && transports.includes('internal'));
  if (builtIn) return /Mobi|Android|iPhone|iPad/i.test(userAgent) ? 'phone' : 'computer';
  if (attachment === 'cross-platform' || transports.some((transport) => transport !== 'internal'))
    return 'phone-or-key';
  return 'unknown';
};

/** The coarse operating system a user agent names, for a passkey's default name; undefined when unclear. */
const systemOf = (userAgent: string): string | undefined =>
  [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'Chromebook'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] as string | undefined;

/** A new passkey's name until the owner gives one: its device class, and the system it was made on. */
export const defaultPasskeyName = (device: PasskeyDevice, userAgent = ''): string => {
  const system = systemOf(userAgent);
  if (device === 'computer') return system ? `${system} built-in passkey` : "Computer's built-in passkey";
  if (device === 'phone') return system ? `${system} built-in passkey` : "Phone's built-in passkey";
  if (device === 'phone-or-key')
    return system ? `Phone or security key (used from ${system})` : 'Phone or security key';
  return 'Passkey';
};

/** A passkey's name as the console shows it (one registered before names: its device class, or "Passkey"). */
export const passkeyName = (passkey: Pick<PasskeyItem, 'name' | 'device'>): string =>
  passkey.name ?? defaultPasskeyName(passkey.device ?? 'unknown');

/**
 * Notes the passkey in its owner's record (OwnerItem.passkeyIds): what the Security screen lists
 * and what the owner's sessions are checked against. A passkey registered before the record kept
 * them is noted at its next sign-in.
 */
export const notePasskeyOfOwner = async (store: TableStore, owner: string, credentialId: string): Promise<void> => {
  await updateItem(store, ownerRecordId(owner), {
    UpdateExpression: 'ADD passkeyIds :id SET #kind = :kind',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: marshall({ ':id': new Set([credentialId]), ':kind': 'console-owner' }),
  });
};

/** Stores a new passkey; false when that credential id is already registered (to anyone). */
export const addPasskey = async (store: TableStore, passkey: Omit<PasskeyItem, 'id' | 'kind'>): Promise<boolean> => {
  const added = await putIfAbsent<PasskeyItem>(store, {
    ...passkey,
    id: passkeyId(passkey.credentialId),
    kind: 'console-passkey',
  });
  if (added) await notePasskeyOfOwner(store, passkey.owner, passkey.credentialId);
  return added;
};

/**
 * Records a sign-in: the new counter, only if it moved forward from what was read (a cloned
 * authenticator replays an old counter; WebAuthn §6.1.1), or both are 0 (no counter kept).
 */
export const recordPasskeyUse = async (
  store: TableStore,
  passkey: PasskeyItem,
  newCounter: number,
  now: number,
): Promise<boolean> =>
  (await updateItem(store, passkey.id, {
    UpdateExpression: 'SET #counter = :new, lastUsedAt = :now',
    ConditionExpression: '#counter = :old',
    ExpressionAttributeNames: { '#counter': 'counter' },
    ExpressionAttributeValues: marshall({ ':new': newCounter, ':old': passkey.counter, ':now': now }),
  })) !== undefined;

/** The items among `ids`, read in batches of 100 (BatchGetItem's limit). */
const itemsAmong = async <T>(store: TableStore, ids: string[]): Promise<T[]> => {
  const items: T[] = [];
  for (let start = 0; start < ids.length; start += 100) {
    const { Responses } = await store.db.send(
      new BatchGetItemCommand({
        RequestItems: {
          [store.table]: { Keys: ids.slice(start, start + 100).map((id) => marshall({ id })), ConsistentRead: true },
        },
      }),
    );
    items.push(...(Responses?.[store.table] ?? []).map((item) => unmarshall(item) as T));
  }
  return items;
};

/** The owner's passkeys, newest first, as the Security screen lists them. */
export const passkeysOf = async (
  store: TableStore,
  owner: string,
  currentPasskey?: string,
): Promise<PasskeySummary[]> => {
  const record = await getItem<OwnerItem>(store, ownerRecordId(owner));
  const ids = [...(record?.passkeyIds ?? [])].map(passkeyId);
  const passkeys = await itemsAmong<PasskeyItem>(store, ids);
  return passkeys
    .filter((passkey) => passkey.owner === owner)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((passkey) => ({
      id: passkey.credentialId,
      name: passkeyName(passkey),
      device: passkey.device ?? 'unknown',
      createdAt: passkey.createdAt,
      ...(passkey.lastUsedAt !== undefined && { lastUsedAt: passkey.lastUsedAt }),
      current: passkey.credentialId === currentPasskey,
    }));
};

/** Renames one of the owner's passkeys; undefined when it is not theirs (or gone). */
export const renamePasskey = (store: TableStore, owner: string, credentialId: string, name: string) =>
  updateItem<PasskeyItem>(store, passkeyId(credentialId), {
    UpdateExpression: 'SET #name = :name',
    ConditionExpression: '#owner = :owner',
    ExpressionAttributeNames: { '#name': 'name', '#owner': 'owner' },
    ExpressionAttributeValues: marshall({ ':name': name, ':owner': owner }),
    ReturnValues: 'ALL_NEW',
  });

/**
 * Removes one of the owner's passkeys for good and ends every session it began: the sessions its
 * owner's record remembers are deleted and forgotten, and any other (liveSession) dies at its next
 * request, its passkey no longer being among the owner's. Undefined when it is not the owner's.
 */
export const removePasskey = async (
  store: TableStore,
  owner: string,
  credentialId: string,
): Promise<{ passkey: PasskeyItem; endedSessions: string[] } | undefined> => {
  const passkey = await takeItem<PasskeyItem>(
    store,
    passkeyId(credentialId),
    '#owner = :owner',
    { ':owner': owner },
    {
      '#owner': 'owner',
    },
  );
  if (!passkey) return undefined;
  const recordId = ownerRecordId(owner);
  const record = await getItem<OwnerItem>(store, recordId);
  const begun = Object.entries(record?.sessions ?? {})
    .filter(([, session]) => session.passkey === credentialId)
    .map(([hash]) => hash);
  await updateItem(store, recordId, {
    UpdateExpression: [
      'DELETE passkeyIds :id ADD revision :one',
      begun.length > 0 ? `REMOVE ${begun.map((_, index) => `sessions.#s${index}`).join(', ')}` : '',
    ].join(' '),
    ExpressionAttributeNames:
      begun.length > 0 ? Object.fromEntries(begun.map((hash, index) => [`#s${index}`, hash])) : undefined,
    ExpressionAttributeValues: marshall({ ':id': new Set([credentialId]), ':one': 1 }),
  });
  const endedSessions: string[] = [];
  for (const hash of begun) {
    if (await takeItem(store, recentSessionId(hash))) endedSessions.push(recentSessionId(hash));
  }
  return { passkey, endedSessions };
};

/**
 * Forgets an owner who is no longer in `owners`, for good: every passkey their record lists (and
 * `metPasskey`, the one just presented) is deleted, every session of theirs ends (the generation
 * moves on) and their record forgets both. Adding the address back to `owners` then means
 * enrolling again (docs/decisions/0070-console-sign-in.md, amendment of 2026-11-28).
 */
export const forgetOwner = async (store: TableStore, owner: string, metPasskey?: string): Promise<void> => {
  const recordId = ownerRecordId(owner);
  const record = await getItem<OwnerItem>(store, recordId);
  const credentialIds = new Set([...(record?.passkeyIds ?? []), ...(metPasskey ? [metPasskey] : [])]);
  for (const credentialId of credentialIds) {
    await takeItem(store, passkeyId(credentialId), '#owner = :owner', { ':owner': owner }, { '#owner': 'owner' });
  }
  for (const hash of Object.keys(record?.sessions ?? {})) await takeItem(store, recentSessionId(hash));
  await updateItem(store, recordId, {
    UpdateExpression: 'ADD generation :one, revision :one SET #kind = :kind REMOVE sessions, passkeyIds',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: marshall({ ':one': 1, ':kind': 'console-owner' }),
  });
};
