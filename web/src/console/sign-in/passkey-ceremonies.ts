import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { CONSOLE_AUTH_ROUTES, type ConsoleSession } from '#shared/console/sign-in.ts';
import { consoleRequest } from '../client/console-client';

/** What the page says when the browser's own passkey step did not finish, in plain words. */
export const CEREMONY_MESSAGES = {
  cancelled:
    'The passkey step was cancelled or timed out, so nothing changed. Press the button to try again when you are ready.',
  alreadyRegistered: 'This device already has a passkey for the console. Use "Sign in with a passkey" instead.',
  unsupported: 'This browser cannot use passkeys. Please open the console in an up-to-date browser on this device.',
  failed: 'The passkey step did not work on this device. Please try again, or ask for a new sign-in link.',
} as const;

/**
 * The browser's passkey step failed or was cancelled (WebAuthnError from @simplewebauthn/browser,
 * or the DOMException it passes through): the words to show. Browsers answer "cancelled", "timed
 * out" and "no passkey for this site here" alike (NotAllowedError), so one message covers them.
 */
export function ceremonyError(error: unknown): Error {
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : (error as Error)?.name;
  const code = error instanceof WebAuthnError ? error.code : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new Error(CEREMONY_MESSAGES.cancelled);
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new Error(CEREMONY_MESSAGES.alreadyRegistered);
  if (error instanceof Error && /not supported/i.test(error.message)) return new Error(CEREMONY_MESSAGES.unsupported);
  return new Error(CEREMONY_MESSAGES.failed);
}

/** Runs the browser's step; its failures become plain words, the API's errors pass as they are. */
async function browserStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** Usernameless sign-in: the authenticator offers its own passkey for this site (decision 0070). */
export async function signInWithPasskey(): Promise<ConsoleSession> {
  const optionsJSON = await consoleRequest<PublicKeyCredentialRequestOptionsJSON>(
    CONSOLE_AUTH_ROUTES.authenticationOptions,
  );
  const response = await browserStep(() => startAuthentication({ optionsJSON }));
  return consoleRequest<ConsoleSession>(CONSOLE_AUTH_ROUTES.authentication, { body: { response } });
}

/** Registers a passkey on this device with an emailed link's token, which signs the owner in. */
export async function registerPasskey(token: string): Promise<ConsoleSession> {
  const optionsJSON = await consoleRequest<PublicKeyCredentialCreationOptionsJSON>(
    CONSOLE_AUTH_ROUTES.registrationOptions,
    { body: { token } },
  );
  const response = await browserStep(() => startRegistration({ optionsJSON }));
  return consoleRequest<ConsoleSession>(CONSOLE_AUTH_ROUTES.registration, { body: { token, response } });
}
