import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface RunningStack {
  baseUrl: string;
  inboxUrl: string;
  dynamoUrl: string;
  pid: number;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for the line `npm start` prints once everything listens. */
function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The local stack did not start in ${timeoutMs / 1000}s:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Starts the product exactly as a newcomer does (`npm start`, which builds the site), on free
 * ports with an empty data directory, so tests and benchmarks exercise the real build, edge
 * function, handlers and emulators. `extraArgs` e.g. ['--no-build'] reuses an existing build.
 */
export async function startLocalStack(extraArgs: string[] = []): Promise<RunningStack> {
  const [sitePort, sesPort, dynamoPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${sitePort}`;
  const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/local/start.ts', ...extraArgs], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(sitePort),
      SES_PORT: String(sesPort),
      DYNAMODB_PORT: String(dynamoPort),
      SITE_URL: baseUrl,
      LOCAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'local-stack-dynamodb-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() ends the emulators it started too.
    detached: true,
  });
  await waitForReady(child, 180_000);
  child.stdout?.resume();
  child.stderr?.resume();
  child.unref();
  const pid = child.pid!;
  return {
    baseUrl,
    inboxUrl: `http://127.0.0.1:${sesPort}`,
    dynamoUrl: `http://127.0.0.1:${dynamoPort}`,
    pid,
    stop: () => stopProcessGroup(pid),
  };
}

export function stopProcessGroup(pid: number) {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
