import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { TableStore } from '../../data/stores';
import { Refusal } from '../../domain/refusal';
import type { OutgoingMail } from '../../mail/outgoing-mail';
import { countAttempt, attemptsLeft } from './attempt-limits';
import { appendAudit } from '../kit/audit-log';
import { rememberChallenge, takeChallenge, type CeremonyPurpose } from './ceremony-challenges';
import { createEnrolmentLink, enrolmentOwner, useEnrolmentLink } from './enrolment-links';
import { enrolmentMail, enrolmentUrl } from './enrolment-mail';
import { isOwner, normaliseOwner } from './owners';
import {
  addPasskey,
  defaultPasskeyName,
  findPasskey,
  forgetOwner,
  notePasskeyOfOwner,
  passkeyDevice,
  passkeyName,
  recordPasskeyUse,
  type PasskeyItem,
} from './passkeys';
import { hashedToken } from '../kit/hashed-token';
import { relyingParty } from './relying-party';
import { SIGN_IN_MESSAGES } from './sign-in-messages';
import { endSession, isRecentSessionOf, startSession } from './sessions';

/**
 * The WebAuthn library, loaded by the first ceremony of a cold start instead of at module load:
 * its attestation code (X.509 and ASN.1 schemas built with reflect-metadata) is most of this
 * function's start-up, and the session check, sign-out and enrolment-link requests, most of its
 * calls, never use it. It is a chunk of its own, read and evaluated at this import
 * (infra/cdk/constructs/lambda-build.ts).
 */
const webauthn = () => import('@simplewebauthn/server');

/** What a ceremony needs from outside: the table, the clock, who is asking, and a way to send mail. */
export interface CeremonyContext {
  store: TableStore;
  now: number;
  /** The client's network, the key of its limits (clientNetworkKey, lambdas/http/client-address.ts). */
  client: string;
  /** The session cookie the browser presented, if any (live or not). */
  sessionToken?: string;
  /** The browser's User-Agent: only a new passkey's coarse device class and default name are taken from it. */
  userAgent?: string;
  siteUrl: string;
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

/**
 * Each owner's WebAuthn user handle: the same for every passkey of theirs (so an authenticator
 * keeps one passkey per owner, replaced on re-enrolment), derived from the address without
 * revealing it to the authenticator.
 */
const userHandle = (owner: string) => createHash('sha256').update(`console-owner:${owner}`).digest().subarray(0, 16);

/**
 * Asks for an enrolment link. Every address gets the same answer and the same work (both
 * counters), and the caller answers no sooner than a fixed delay (ENROLMENT_ANSWER_MS), so
 * neither the words nor the timing tell whether an address is an owner's; only an owner's
 * address gets an email.
 *
 * No budget is the owner's (docs/decisions/0070-console-sign-in.md, amendment of 2026-11-28): a
 * request counts against its client's network, and against the address typed from that network,
 * so strangers elsewhere cannot spend it; a browser holding one of the owner's recent sessions
 * counts against an allowance of that session instead. Only that browser's request is in the
 * audit log under the owner's name: anyone can type an address, and the link goes to the
 * owner's inbox whoever asked, so a stranger's request is not logged at all (using the link is).
 */
export const requestEnrolmentLink = async (context: CeremonyContext, email: string): Promise<void> => {
  const { store, now, sessionToken } = context;
  const address = normaliseOwner(email);
  const ownersBrowser = sessionToken !== undefined && (await isRecentSessionOf(store, sessionToken, address, now));
  if (ownersBrowser) {
    if (!(await countAttempt(store, 'enrolmentLinksPerSession', hashedToken(sessionToken), now))) {
      throw new Refusal('too-many', SIGN_IN_MESSAGES.tooManyLinks);
    }
  } else {
    const clientAllowed = await countAttempt(store, 'enrolmentLinksPerClient', context.client, now);
    const addressAllowed = await countAttempt(store, 'enrolmentLinksPerAddress', `${context.client} ${address}`, now);
    if (!clientAllowed || !addressAllowed) throw new Refusal('too-many', SIGN_IN_MESSAGES.tooManyLinks);
  }
  if (!isOwner(address)) return;
  const token = await createEnrolmentLink(store, address, now);
  await context.sendMail(enrolmentMail(address, enrolmentUrl(context.siteUrl, token)));
  if (ownersBrowser) {
    await appendAudit(
      store,
      { actor: address, action: 'enrolment-link', summary: 'Asked for a sign-in link from a browser signed in before' },
      now,
    );
  }
};

/**
 * Counts a failed ceremony against the client's network, then refuses it. Only the sender is
 * held back: counting against the owner too would let anyone holding a credential id lock the
 * owner out. A failure that named an owner's passkey is in the audit log under that owner, as
 * evidence that someone holds its id (which the console never shows).
 */
const refuse = async (context: CeremonyContext, message: string, owner?: string): Promise<never> => {
  const { store, now } = context;
  await countAttempt(store, 'failedCeremoniesPerClient', context.client, now);
  if (owner) await appendAudit(store, { actor: owner, action: 'sign-in.failed', summary: message }, now);
  throw new Refusal('invalid', message);
};

const ensureClientMayTry = async (context: CeremonyContext) => {
  if (!(await attemptsLeft(context.store, 'failedCeremoniesPerClient', context.client, context.now))) {
    throw new Refusal('too-many', SIGN_IN_MESSAGES.tooManyAttempts);
  }
};

/** The challenge a ceremony's response signed, read from its client data (verification checks it again). */
const signedChallenge = (response: { response: { clientDataJSON: string } }): string | undefined => {
  try {
    const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof clientData.challenge === 'string' ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
};

/** The challenge of a response, taken (single use) for this purpose; undefined when replayed or expired. */
const takeSignedChallenge = async (
  context: CeremonyContext,
  response: { response: { clientDataJSON: string } },
  purpose: CeremonyPurpose,
) => {
  const challenge = signedChallenge(response);
  const ceremony = challenge && (await takeChallenge(context.store, challenge, purpose, context.now));
  return ceremony ? { challenge: challenge!, ...ceremony } : undefined;
};

/** Options to register a passkey, for the owner of a live enrolment link (the link is not used up yet). */
export const registrationOptions = async (context: CeremonyContext, token: string) => {
  await ensureClientMayTry(context);
  const owner = await enrolmentOwner(context.store, token, context.now);
  if (!owner || !isOwner(owner)) return refuse(context, SIGN_IN_MESSAGES.linkNotValid);
  const rp = relyingParty();
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: owner,
    userID: userHandle(owner),
    attestationType: 'none',
    // A passkey (discoverable, so sign-in needs no address) that checks who holds it.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await rememberChallenge(context.store, options.challenge, { purpose: 'registration', owner }, context.now);
  return options;
};

/**
 * Registers the passkey of a registration ceremony and signs its owner in. The enrolment link
 * is used up only once the response verified, so a failed try does not cost the owner the link.
 */
export const register = async (context: CeremonyContext, token: string, response: RegistrationResponseJSON) => {
  await ensureClientMayTry(context);
  const { store, now } = context;
  const ceremony = await takeSignedChallenge(context, response, 'registration');
  if (!ceremony?.owner) return refuse(context, SIGN_IN_MESSAGES.passkeyNotRegistered);
  const owner = ceremony.owner;
  const rp = relyingParty();
  const { verifyRegistrationResponse } = await webauthn();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) return refuse(context, SIGN_IN_MESSAGES.passkeyNotRegistered, owner);
  if ((await useEnrolmentLink(store, token, now)) !== owner || !isOwner(owner)) {
    return refuse(context, SIGN_IN_MESSAGES.linkNotValid, owner);
  }
  const { credential } = verification.registrationInfo;
  const device = passkeyDevice(response.authenticatorAttachment, credential.transports, context.userAgent);
  const passkey: Omit<PasskeyItem, 'id' | 'kind'> = {
    owner,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports,
    createdAt: now,
    name: defaultPasskeyName(device, context.userAgent),
    device,
  };
  const added = await addPasskey(store, passkey);
  if (!added) return refuse(context, SIGN_IN_MESSAGES.passkeyAlreadyRegistered, owner);
  await appendAudit(
    store,
    {
      actor: owner,
      action: 'passkey.registered',
      summary: 'Registered a passkey',
      target: aboutSignIn(context, passkey),
    },
    now,
  );
  return signIn(context, owner, passkey);
};

/** Options to sign in with any of the site's passkeys (discoverable: the authenticator offers its own). */
export const authenticationOptions = async (context: CeremonyContext) => {
  await ensureClientMayTry(context);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: 'required' });
  await rememberChallenge(context.store, options.challenge, { purpose: 'authentication' }, context.now);
  return options;
};

/**
 * Signs in with a passkey. The owner is the one the passkey was registered to, never anything
 * the request says; the passkey's user handle must be that owner's, and the owner must still be
 * in `owners`.
 */
export const authenticate = async (context: CeremonyContext, response: AuthenticationResponseJSON) => {
  await ensureClientMayTry(context);
  const { store, now } = context;
  const ceremony = await takeSignedChallenge(context, response, 'authentication');
  if (!ceremony) return refuse(context, SIGN_IN_MESSAGES.signInFailed);
  const passkey = await findPasskey(store, response.id);
  if (!passkey) return refuse(context, SIGN_IN_MESSAGES.signInFailed);
  const owner = passkey.owner;
  if (!isOwner(owner)) {
    // No longer an owner: their passkeys and sessions go for good, so adding the address back means enrolling again.
    await forgetOwner(store, owner, passkey.credentialId);
    return refuse(context, SIGN_IN_MESSAGES.signInFailed, owner);
  }
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== userHandle(owner).toString('base64url')) {
    return refuse(context, SIGN_IN_MESSAGES.signInFailed, owner);
  }
  const rp = relyingParty();
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) return refuse(context, SIGN_IN_MESSAGES.signInFailed, owner);
  const counted = await recordPasskeyUse(store, passkey, verification.authenticationInfo.newCounter, now);
  if (!counted) return refuse(context, SIGN_IN_MESSAGES.signInFailed, owner);
  // A passkey registered before the owner's record listed them is listed from its first sign-in on.
  await notePasskeyOfOwner(store, owner, passkey.credentialId);
  return signIn(context, owner, passkey);
};

/**
 * What the audit log says a sign-in or registration was about: the passkey's name and the
 * client's network (its /24 or /48, never the address), so a sign-in by a thief's device or from
 * an unknown network stands out from the owner's own.
 */
const aboutSignIn = (context: CeremonyContext, passkey: Pick<PasskeyItem, 'name' | 'device'>) =>
  `Passkey “${passkeyName(passkey)}”, from network ${context.client}`;

/**
 * A fresh session (a new token, whatever cookie came with the request: no session fixation), after
 * a passkey sign-in and a registration alike. Whatever session the browser held before is ended
 * first, so that it neither lives on beside the new one nor counts against the owner's cap.
 */
const signIn = async (
  context: CeremonyContext,
  owner: string,
  passkey: Pick<PasskeyItem, 'credentialId' | 'name' | 'device'>,
) => {
  if (context.sessionToken) await endSession(context.store, context.sessionToken);
  const started = await startSession(context.store, owner, context.now, passkey.credentialId);
  await appendAudit(
    context.store,
    { actor: owner, action: 'sign-in', summary: 'Signed in', target: aboutSignIn(context, passkey) },
    context.now,
  );
  return started;
};
