import { marshall } from '../data/attribute-values';
import { getItem, putIfAbsent, updateItem } from '../data/items';
import type { TableStore } from '../data/stores';

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
}

const passkeyId = (credentialId: string) => `passkey#${credentialId}`;

export const findPasskey = (store: TableStore, credentialId: string) =>
  getItem<PasskeyItem>(store, passkeyId(credentialId));

/** Stores a new passkey; false when that credential id is already registered (to anyone). */
export const addPasskey = (store: TableStore, passkey: Omit<PasskeyItem, 'id' | 'kind'>): Promise<boolean> =>
  putIfAbsent<PasskeyItem>(store, { ...passkey, id: passkeyId(passkey.credentialId), kind: 'console-passkey' });

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
