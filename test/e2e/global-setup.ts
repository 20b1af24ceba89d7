import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
 * Starts the product exactly as a newcomer does (`npm start`), on free ports with an empty
 * data directory, so the journeys test the real build, edge function, handlers and emulators.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  }
  const [sitePort, sesPort, dynamoPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${sitePort}`;
  const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['infra/local/start.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(sitePort),
      SES_PORT: String(sesPort),
      DYNAMODB_PORT: String(dynamoPort),
      SITE_URL: baseUrl,
      LOCAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'e2e-dynamodb-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await waitForReady(child, 180_000);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_INBOX_URL = `http://127.0.0.1:${sesPort}`;
  process.env.E2E_DYNAMODB_URL = `http://127.0.0.1:${dynamoPort}`;
  process.env.E2E_STACK_PID = String(child.pid);
  child.unref();
  (globalThis as { __localStack?: ChildProcess }).__localStack = child;
}
