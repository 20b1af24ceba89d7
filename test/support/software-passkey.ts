/**
 * A passkey authenticator in software, for tests that drive the console's sign-in without a
 * browser: it answers WebAuthn's registration and authentication options exactly as a platform
 * authenticator with user verification does (attestation "none", ES256, a signature counter),
 * so the server's verification (@simplewebauthn/server) runs for real. The browser suite uses
 * Chromium's own virtual authenticator instead.
 * WebAuthn Level 3: https://www.w3.org/TR/webauthn-3/#sctn-authenticator-data
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
type CborMap = Map<Cbor, Cbor>;

/** The few CBOR kinds WebAuthn's structures need (RFC 8949): integers, byte and text strings, maps. */
const cbor = (value: Cbor): Buffer => {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes.writeUInt8((major << 5) | 25);
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])]);
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/** User present, user verified, attested credential data included. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 } as const;

export interface SoftwarePasskey {
  credentialId: string;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  rpId: string;
  privateKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/**
 * navigator.credentials.create(): a new passkey and the RegistrationResponseJSON the browser
 * would send. `credentialId` makes an authenticator that reuses an id it gave before.
 */
export const createPasskey = (options: CreationOptions, origin: string, credentialId = randomBytes(16)) => {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key, EC2 on P-256 with ES256 (RFC 9053): kty 2, alg -7, crv 1, x, y.
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const counter = Buffer.alloc(4);
  const credentialIdLength = Buffer.alloc(2);
  credentialIdLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAGS.up | FLAGS.uv | FLAGS.at]),
    counter,
    Buffer.alloc(16), // AAGUID: none given
    credentialIdLength,
    credentialId,
    coseKey,
  ]);
  const clientDataJSON = clientData('webauthn.create', options.challenge, origin);
  const passkey: SoftwarePasskey = {
    credentialId: b64url(credentialId),
    userHandle: options.user.id,
    rpId,
    privateKey,
    counter: 0,
  };
  const response = {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
      transports: ['internal'],
    },
  };
  return { passkey, response };
};

/** navigator.credentials.get(): the AuthenticationResponseJSON of a passkey signing these options. */
export const signIn = (passkey: SoftwarePasskey, options: RequestOptions, origin: string) => {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(options.rpId ?? passkey.rpId), Buffer.from([FLAGS.up | FLAGS.uv]), counter]);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
  };
};
