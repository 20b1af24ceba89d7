/**
 * The passkey ceremonies' failures in plain words: what the browser's passkey step said, as the
 * sign-in and enrolment screens show it.
 */
import { WebAuthnError } from '@simplewebauthn/browser';
import { CEREMONY_MESSAGES, ceremonyError } from '#web/src/console/sign-in/passkey-ceremonies.ts';

describe('ceremonyError: the browser’s passkey step in plain words', () => {
  const domError = (name: string) => Object.assign(new Error('browser words'), { name });

  it.each([
    ['a cancelled or timed-out step', domError('NotAllowedError'), CEREMONY_MESSAGES.cancelled],
    [
      'the same, passed through by the library',
      new WebAuthnError({
        message: 'x',
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
        cause: domError('NotAllowedError'),
      }),
      CEREMONY_MESSAGES.cancelled,
    ],
    [
      'a passkey this device already has',
      new WebAuthnError({
        message: 'x',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        cause: domError('InvalidStateError'),
      }),
      CEREMONY_MESSAGES.alreadyRegistered,
    ],
    [
      'a browser without passkeys',
      new Error('WebAuthn is not supported in this browser'),
      CEREMONY_MESSAGES.unsupported,
    ],
    ['anything else', domError('UnknownError'), CEREMONY_MESSAGES.failed],
  ])('says what happened for %s', (_, error, words) => {
    expect(ceremonyError(error).message).toBe(words);
  });
});
