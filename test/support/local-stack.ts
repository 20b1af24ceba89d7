import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** Where a stack listens and keeps its data; a restart reuses it. */
export interface StackPlacement {
  sitePort: number;
  sesPort: number;
  dynamoPort: number;
  dataDir: string;
}

export interface LocalStackOptions {
  /**
   * Extra environment, e.g. MAIL_RETRY_* or LOCAL_FAULTS. AWS_ENDPOINT_URL_DYNAMODB and
   * AWS_ENDPOINT_URL_SES point the stack at other services; inherited values of these are
   * dropped, so a stack starts its own emulators unless asked here.
   */
  env?: Record<string, string>;
  /** Ports and data directory; default: free ports and a new empty directory. */
  placement?: StackPlacement;
  /**
   * The host name of the site's URL (SITE_URL); the server listens on 127.0.0.1 either way.
   * `localhost` where a browser must use passkeys: WebAuthn refuses an IP address as the
   * relying party's id, and the console's is SITE_URL's host (lambdas/console/sign-in/relying-party.ts).
   */
  siteHost?: 'localhost' | '127.0.0.1';
}

export interface StackExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What the stack printed after it was sent the signal. */
  stdout: string;
  stderr: string;
}

export interface RunningStack {
  baseUrl: string;
  /** The SES endpoint the handlers send to (GET /store lists what it accepted). */
  inboxUrl: string;
  dynamoUrl: string;
  /**
   * The DynamoDB endpoint the functions call: the fault switch's proxy in front of `dynamoUrl`
   * (infra/local/faults/fault-proxy.ts). A latency floor goes through it too, so a comparison with a
   * route measures the route's own work, not the proxy's hop.
   */
  functionsDynamoUrl: string;
  pid: number;
  placement: StackPlacement;
  /** Everything the stack has printed so far. */
  output(): { stdout: string; stderr: string };
  /** Sends SIGTERM to the stack's process group and returns at once. */
  stop(): void;
  /**
   * Sends `signal` to the stack's process group, as Ctrl+C (SIGINT) or a service manager
   * (SIGTERM) does, and resolves when it has exited.
   */
  kill(signal?: NodeJS.Signals): Promise<StackExit>;
  /**
   * kill(signal), then starts the stack again with the same arguments, environment, ports and
   * data directory. After SIGTERM or SIGINT the stop must have been clean (exit 0), else this
   * throws with what the stack printed; SIGKILL stands for a crash and is not checked.
   */
  restart(signal?: NodeJS.Signals): Promise<RunningStack>;
}

/**
 * The command and arguments that run a TypeScript entry point as `npm start` and the operator
 * commands do: one node process with tsx as its loader. Not tsx's CLI: it relays signals through a
 * parent that SIGKILLs a child slow (60 ms) to acknowledge one, so on a busy machine a SIGTERM cut
 * work in flight and ended with exit 143.
 */
export const typescriptCommand = (script: string, args: readonly string[] = []) =>
  [process.execPath, ['--import', 'tsx', script, ...args]] as const;

/** Where `npm start` and the operator commands (local-config.ts) find a stack: its ports, data and URL. */
const placementEnv = (placement: StackPlacement, siteUrl: string) => ({
  PORT: String(placement.sitePort),
  SES_PORT: String(placement.sesPort),
  DYNAMODB_PORT: String(placement.dynamoPort),
  SITE_URL: siteUrl,
  LOCAL_DATA_DIR: placement.dataDir,
});

/**
 * The environment of an operator command (`npm run campaign`, `ops`, `mail:redrive`) run against
 * this stack, found as it finds `npm start`'s; the AWS endpoints the test process points at its
 * own emulators (the integration project's) are not passed on.
 */
export const commandEnv = (
  stack: Pick<RunningStack, 'placement' | 'baseUrl'>,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_ENDPOINT_URL'))),
  ...placementEnv(stack.placement, stack.baseUrl),
  ...extra,
});

/** Runs an operator command (e.g. infra/ops/commands/campaign.ts) against the stack to its end: status and output. */
export const runCommand = (
  stack: Pick<RunningStack, 'placement' | 'baseUrl'>,
  script: string,
  args: string[] = [],
  extraEnv: Record<string, string> = {},
) =>
  spawnSync(...typescriptCommand(script, args), { cwd: REPO_ROOT, env: commandEnv(stack, extraEnv), encoding: 'utf8' });

/**
 * runCommand without blocking this process: for a command whose calls go through something the
 * test itself serves (a proxy), which spawnSync would starve.
 */
export const runCommandAsync = (
  stack: Pick<RunningStack, 'placement' | 'baseUrl'>,
  script: string,
  args: string[] = [],
  extraEnv: Record<string, string> = {},
) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      ...typescriptCommand(script, args),
      { cwd: REPO_ROOT, env: commandEnv(stack, extraEnv), encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ status: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });

/** Variables that choose what the stack talks to: only a test's own `env` may set them. */
const NOT_INHERITED = ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_SES', 'LOCAL_FAULTS'];

export function freePort(): Promise<number> {
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
function waitForReady(child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The local stack did not start in ${timeoutMs / 1000}s:\n${output()}`)),
      timeoutMs,
    );
    const onData = () => {
      if (output().includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited with ${code}:\n${output()}`));
    });
  });
}

/**
 * The per-client, per-network and form-mail limits out of the way, for a stack whose every request comes from
 * one client (this machine) and which mails more than an hour's budget: fault scenarios, browser
 * journeys and load runs. The limits have their own tests.
 */
export const LIMITS_LIFTED = {
  SUBMISSIONS_PER_CLIENT_PER_HOUR: '1000000',
  SUBMISSIONS_PER_NETWORK_PER_HOUR: '1000000',
  FORM_MAILS_PER_HOUR: '1000000',
  // The visit counting's bounds per visitor and per client (shared/site-visits.ts).
  VIEWS_PER_VISITOR_PER_DAY: '1000000',
  VISITORS_PER_CLIENT_PER_DAY: '1000000',
} as const;

/** `--no-build` when a website build exists (tests of the API need none of their own). */
export const reuseBuildIfPresent = (): string[] =>
  existsSync(path.join(REPO_ROOT, 'web', 'dist', 'index.html')) ? ['--no-build'] : [];

/**
 * Starts the product exactly as a newcomer does (`npm start`, which builds the site), on free
 * ports with an empty data directory, so tests and benchmarks exercise the real build, edge
 * function, handlers and emulators. `extraArgs` e.g. ['--no-build'] reuses an existing build.
 */
export async function startLocalStack(
  extraArgs: string[] = [],
  options: LocalStackOptions = {},
): Promise<RunningStack> {
  const placement = options.placement ?? {
    sitePort: await freePort(),
    sesPort: await freePort(),
    dynamoPort: await freePort(),
    dataDir: mkdtempSync(path.join(tmpdir(), 'local-stack-dynamodb-')),
  };
  const baseUrl = `http://${options.siteHost ?? '127.0.0.1'}:${placement.sitePort}`;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_INHERITED.includes(name)));
  const child = spawn(...typescriptCommand('infra/local/start.ts', extraArgs), {
    cwd: REPO_ROOT,
    env: { ...inherited, ...placementEnv(placement, baseUrl), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so signals reach the emulators it started too.
    detached: true,
  });
  const printed = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (printed.stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (printed.stderr += chunk));
  const exited = new Promise<Pick<StackExit, 'code' | 'signal'>>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitForReady(child, () => printed.stdout + printed.stderr, 180_000);
  child.unref();
  const pid = child.pid!;

  const kill = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<StackExit> => {
    const before = { stdout: printed.stdout.length, stderr: printed.stderr.length };
    signalProcessGroup(pid, signal);
    const { code, signal: endedBy } = await exited;
    return {
      code,
      signal: endedBy,
      stdout: printed.stdout.slice(before.stdout),
      stderr: printed.stderr.slice(before.stderr),
    };
  };
  const functionsDynamoUrl = /Functions call (\S+) for DynamoDB/.exec(printed.stdout)?.[1];
  if (!functionsDynamoUrl)
    throw new Error(`The local stack did not say which DynamoDB endpoint its functions call:\n${printed.stdout}`);
  return {
    baseUrl,
    inboxUrl: options.env?.AWS_ENDPOINT_URL_SES ?? `http://127.0.0.1:${placement.sesPort}`,
    functionsDynamoUrl,
    dynamoUrl: options.env?.AWS_ENDPOINT_URL_DYNAMODB ?? `http://127.0.0.1:${placement.dynamoPort}`,
    pid,
    placement,
    output: () => ({ ...printed }),
    stop: () => stopProcessGroup(pid),
    kill,
    restart: async (signal = 'SIGTERM') => {
      const exit = await kill(signal);
      if (signal !== 'SIGKILL' && exit.code !== 0) {
        throw new Error(
          `The local stack did not stop cleanly on ${signal} (exit ${exit.code ?? exit.signal}):\n${exit.stdout}${exit.stderr}`,
        );
      }
      return startLocalStack(extraArgs, { ...options, placement });
    },
  };
}

function signalProcessGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function stopProcessGroup(pid: number) {
  signalProcessGroup(pid, 'SIGTERM');
}
