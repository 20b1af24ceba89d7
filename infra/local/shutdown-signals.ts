/**
 * Runs `stop` once on the first SIGINT (Ctrl+C) or SIGTERM, then exits 0, or 1 when stopping
 * failed. A second signal while stopping exits at once: the way out of a stop that hangs.
 */
export function stopOnSignal(stop: () => Promise<void>) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: stopping now, without waiting for work in flight.`);
      process.exit(1);
    }
    stopping = true;
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
