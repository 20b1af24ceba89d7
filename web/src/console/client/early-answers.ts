/**
 * Answers to calls started while the console opens, before the screen that needs them has
 * mounted (the early reads of screens/registry.ts, started by main.tsx before it renders): the screen's first identical
 * call (method, URL and body) takes the answer instead of asking again. On a phone this saves a
 * whole round trip: the data arrives alongside the session check instead of after it (issue 19 §7,
 * react-router's loader idea).
 *
 * An answer is for the screen opening now, so it is taken once, only within CLAIM_WINDOW_MS of
 * its start, and all are dropped when the console turns out not to be signed in: a screen opened
 * later, or after a sign-in, always asks afresh.
 */
const CLAIM_WINDOW_MS = 10_000;

interface EarlyAnswer {
  answer: Promise<unknown>;
  startedAt: number;
}

const answers = new Map<string, EarlyAnswer>();
let collecting = false;

/**
 * Runs `start` (calls of a screen's own API functions, e.g. `auditPage(undefined)`, only reads)
 * so that the calls it makes are kept for that screen rather than answered to `start`. Nobody may be
 * listening yet: a failure (no session) is held for the taker, never reported as unhandled.
 */
export function startEarly(start: () => Promise<unknown> | Promise<unknown>[]): void {
  collecting = true;
  try {
    void Promise.allSettled([start()].flat());
  } finally {
    collecting = false;
  }
}

/** Inside startEarly: keeps the answer of `call` for its screen (consoleRequest calls this). */
export function keepIfEarly<T>(call: string, request: () => Promise<T>): Promise<T> | undefined {
  if (!collecting) return undefined;
  const answer = request();
  answers.set(call, { answer, startedAt: Date.now() });
  return answer;
}

/** The early answer of `call`, once, while it is fresh; undefined otherwise. */
export function takeEarly(call: string): Promise<unknown> | undefined {
  const early = answers.get(call);
  answers.delete(call);
  return early && Date.now() - early.startedAt < CLAIM_WINDOW_MS ? early.answer : undefined;
}

/** Forgets every early answer (the console is not signed in: they are 401s, or would be stale). */
export function dropEarly(): void {
  answers.clear();
}
