import { watch, type FSWatcher } from 'node:fs';

/**
 * Calls `run` once now and again whenever a file under `dirs` changes. Bursts of changes
 * (an editor saving several files) collapse into one run, and runs never overlap: a change
 * during a run schedules exactly one more.
 */
export function onFileChanges(
  dirs: string[],
  run: () => Promise<void>,
  quietMs = 150,
): { close(): void; firstRun: Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let pending = false;

  const start = async () => {
    if (running) {
      pending = true;
      return;
    }
    running = true;
    try {
      await run();
    } finally {
      running = false;
      if (pending) {
        pending = false;
        void start();
      }
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void start(), quietMs);
  };

  const watchers: FSWatcher[] = dirs.map((dir) => watch(dir, { recursive: true }, schedule));
  return {
    firstRun: start(),
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
