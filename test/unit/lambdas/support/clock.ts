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
