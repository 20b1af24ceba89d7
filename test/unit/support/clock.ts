/**
 * Freezes `Date` at a Unix-seconds time and leaves timers real: the honeypot's answer delay
 * and the mailer's pauses between bookkeeping retries then run as they do in Lambda.
 */
export const freezeClock = (seconds: number) =>
  jest.useFakeTimers({
    now: seconds * 1000,
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });

export const setClock = (seconds: number) => jest.setSystemTime(seconds * 1000);

/**
 * Freezes `Date` at a Unix-seconds time with Jest's fake timers, which a test moves on itself
 * (jest.runAllTimersAsync); process.nextTick and setImmediate stay real, so the SDK's and the
 * mocks' promises settle. `alsoReal` keeps more of them real (e.g. setTimeout).
 */
export const fakeClock = (seconds: number, ...alsoReal: ('setTimeout' | 'clearTimeout')[]) =>
  jest.useFakeTimers({ now: seconds * 1000, doNotFake: ['nextTick', 'setImmediate', ...alsoReal] });

/**
 * Moves Jest's fake clock from timer to timer until `work` settles, letting real I/O (the file's
 * own dynalite answering, ./own-dynalite.ts) in between: jest.runAllTimersAsync stops as soon as
 * no timer is pending, while a call is still on the wire.
 */
export const runTimersUntilSettled = async <T>(work: Promise<T>): Promise<T> => {
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  while (!settled) {
    await jest.advanceTimersToNextTimerAsync();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return watched;
};
