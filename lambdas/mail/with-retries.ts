/** Pauses between tries of a bookkeeping write: about 15 s in all, within one invocation. */
const PAUSES_MS = [200, 500, 1000, 2000, 4000, 8000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries a database write that records what already happened (SES accepted an email, a part
 * changed state). Retrying the record, never the send, is what keeps a short database outage
 * right after a send from sending that email again.
 */
export const withRetries = async <T>(write: () => Promise<T>): Promise<T> => {
  for (const ms of PAUSES_MS) {
    try {
      return await write();
    } catch {
      await pause(ms);
    }
  }
  return write();
};
