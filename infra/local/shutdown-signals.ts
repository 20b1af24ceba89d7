/**
 * A signal this soon after the first is the same one delivered twice: Ctrl+C reaches the whole
 * process group, and a wrapper (a shell, npm) may relay it again. `npm start` runs node with tsx
 * as a loader, not tsx's CLI, whose relay SIGKILLs a child slow to acknowledge a signal (exit 143).
 */
const SAME_SIGNAL_MS = 1000;

/**
 * Runs `stop` once on the first SIGINT (Ctrl+C) or SIGTERM, then exits 0, or 1 when stopping
 * failed. A second signal while stopping exits at once: the way out of a stop that hangs.
 */
export function stopOnSignal(stop: () => Promise<void>) {
  let stopping = false;
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping && Date.now() - firstAt < SAME_SIGNAL_MS) return;
    if (stopping) {
      console.error(`${signal} again: stopping now, without waiting for work in flight.`);
      process.exit(1);
    }
    stopping = true;
    firstAt = Date.now();
    console.log(`\n${signal}: finishing requests in flight and the current mail batch, then closing the stores …`);
    stop().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
