/**
 * Runs `work` every `intervalMs`, never two runs at once (a run that outlasts the interval
 * makes the next tick wait for it), as the local stand-ins for scheduled and pushed invocations
 * need: the mail sweep (EventBridge) and the SES event relay (SNS). `work` handles its own
 * errors. `stop()` resolves once the run in progress has finished, for a graceful shutdown;
 * `stopSoon()` lets the work end the schedule itself.
 */
export function every(intervalMs: number, work: (schedule: { stopSoon: () => void }) => Promise<void>) {
  let current: Promise<void> | undefined;
  let stopped = false;
  const schedule = { stopSoon: () => void (stopped = true) };

  const tick = () => {
    if (current || stopped) return current;
    current = work(schedule).finally(() => {
      current = undefined;
    });
    return current;
  };

  const timer = setInterval(() => void tick(), intervalMs);
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
