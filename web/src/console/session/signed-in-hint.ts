/**
 * Whether an owner was signed in on this browser when the console last checked: the console asks
 * for the opening screen's data with the session check only then (screens/registry.ts), so a
 * stranger's browser makes no call that must answer 401 (which the browser logs as an error).
 * The session cookie itself is HttpOnly, out of every script's reach, so the console keeps this
 * note beside it: set when the API says an owner is signed in, removed when it says nobody is.
 * It is a hint, never trusted: a stale one costs one refused call, a missing one the data's round
 * trip after the session check. Storage may be off or full (a private window, a policy): then
 * there is simply no hint.
 */
export const HINT_KEY = 'console-signed-in';

export const wasSignedIn = (): boolean => {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
};

export const rememberSignedIn = (signedIn: boolean): void => {
  try {
    if (signedIn) window.localStorage.setItem(HINT_KEY, '1');
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // The console works without the hint.
  }
};
