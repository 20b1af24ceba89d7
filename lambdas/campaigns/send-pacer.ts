const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spaces sends `1 / perSecond` apart (SES's maximum send rate is per second), however many
 * callers share it. `Infinity` never waits. Resolves when the caller may send.
 */
export const createPacer = (perSecond: number): (() => Promise<void>) => {
  const intervalMs = 1000 / perSecond;
  let nextAt = 0;
  return async () => {
    if (!Number.isFinite(intervalMs) || intervalMs <= 0) return;
    const now = Date.now();
    const at = Math.max(now, nextAt);
    nextAt = at + intervalMs;
    if (at > now) await sleep(at - now);
  };
};
