/** What the console's sign-in says, in plain words (the page shows these as they are). */
export const SIGN_IN_MESSAGES = {
  linkOnItsWay:
    'If that address belongs to an owner of the console, a sign-in link is on its way to it. The link works for 15 minutes, once.',
  linkNotValid: 'This sign-in link has expired or was already used. Ask for a new one on the sign-in page.',
  passkeyNotRegistered: 'Your passkey could not be registered. Please try again, or ask for a new sign-in link.',
  passkeyAlreadyRegistered: 'That passkey is already registered. Sign in with it on the sign-in page.',
  signInFailed: 'That passkey could not sign you in. Try again, or ask for a new sign-in link to register this device.',
  tooManyLinks: 'Too many sign-in links were asked for. Please wait 15 minutes and try again.',
  tooManyAttempts: 'Too many sign-in attempts failed. Please wait 15 minutes and try again.',
  signedOut: 'You are signed out.',
  signedOutEverywhere: 'You are signed out on every device.',
} as const;
