/**
 * The console's Security screen (issue 33, part 2): the signed-in owner's passkeys, listed,
 * renamed and removed (lambdas/console/security/passkey-routes.ts, in the consoleApi function). A passkey is
 * named in the path by its WebAuthn credential id (base64url, public: the authenticator sends it
 * with every sign-in). Every route answers 401 without a session, 404 for a passkey that is not
 * the signed-in owner's, and 400 `{ message }` for a body it refuses.
 */
import { route } from '../route-key';
import { CONSOLE_API_BASE } from './common';

export const SECURITY_ROUTES = {
  /** 200 PasskeySummary[], newest first. */
  passkeys: /* @__PURE__ */ route('GET', `${CONSOLE_API_BASE}/security/passkeys`),
  /** Body PasskeyRename; 200 PasskeySummary. Audit `passkey.renamed`. */
  rename: /* @__PURE__ */ route('PUT', `${CONSOLE_API_BASE}/security/passkeys/{id}`),
  /** 200 PasskeyRemoval; ends every session the passkey began. Audit `passkey.removed`. */
  remove: /* @__PURE__ */ route('DELETE', `${CONSOLE_API_BASE}/security/passkeys/{id}`),
} as const;

/**
 * What kind of device made a passkey, as the browser told at registration (its authenticator
 * attachment, the transports and the user agent), kept coarse on purpose: enough for an owner to
 * tell their passkeys apart, never a fingerprint of the device.
 */
export type PasskeyDevice = 'computer' | 'phone' | 'phone-or-key' | 'unknown';

/** The device class in plain words, for the Security screen. */
export const PASSKEY_DEVICE_WORDS: Record<PasskeyDevice, string> = {
  computer: "A computer's built-in passkey",
  phone: "A phone's or tablet's built-in passkey",
  'phone-or-key': 'A phone or security key',
  unknown: 'A passkey of a kind the browser did not say',
};

/** One of the owner's passkeys, as the Security screen shows it. */
export interface PasskeySummary {
  /** The credential id (base64url): what the rename and remove routes take. */
  id: string;
  name: string;
  device: PasskeyDevice;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds of the last sign-in with it; absent when never used since registration. */
  lastUsedAt?: number;
  /** Whether the session asking began with this passkey. */
  current: boolean;
}

export interface PasskeyRename {
  name: string;
}

export interface PasskeyRemoval {
  /** How many of the owner's sessions the removal ended (the passkey began them). */
  sessionsEnded: number;
  /** Whether the session asking was one of them (it then answers with the cookie cleared). */
  signedOut: boolean;
}

/** A passkey's name: typed by the owner, shown in the console and in the audit log. */
export const PASSKEY_NAME_MAX = 60;

export const SECURITY_MESSAGES = {
  noSuchPasskey: 'That passkey is not one of yours, or it was already removed.',
  nameMissing: 'Give the passkey a name.',
  nameTooLong: `A passkey's name can be at most ${PASSKEY_NAME_MAX} characters.`,
} as const;
