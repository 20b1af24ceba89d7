import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** What Lambda reports when it ends an invocation at the function's timeout. */
export class FunctionTimeoutError extends Error {
  override name = 'FunctionTimeoutError';

  constructor(timeoutSeconds: number) {
    super(`Task timed out after ${timeoutSeconds.toFixed(2)} seconds`);
  }
}

export interface SandboxedFunction {
  /** Runs the handler on `event` (structured-cloneable); rejects when it throws or runs out of time. */
  invoke: (event: unknown) => Promise<unknown>;
  /** Ends the sandbox; an invocation in flight is cut. */
  close: () => Promise<void>;
}

type Settle = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { ready: true } | { id: number; result?: unknown; error?: { name: string; message: string } };

const WORKER = path.join(__dirname, 'function-worker.mjs');

/**
 * How long a cold start may load the handler before the invocation is cut: Lambda's Init phase is
 * limited to 10 seconds, apart from the function's timeout, which counts the invocation only
 * (https://docs.aws.amazon.com/lambda/latest/dg/lambda-runtime-environment.html, "Init phase").
 * Here a cold start also transpiles TypeScript, which a busy machine slows far beyond a bundle's load.
 */
const INIT_LIMIT_MS = 10_000;

/**
 * A function of the catalogue (infra/cdk/constructs/functions.ts) held to its configured timeout as
 * Lambda holds it (docs/decisions/0063-settling-mail-from-ses-events.md): its handler runs in a
 * worker thread, and an invocation still running at the timeout is cut off, the worker
 * terminated mid-call with whatever it had written, and the next invocation starts a new one (a
 * cold start). One invocation at a time, as one Lambda sandbox; the worker inherits the
 * environment as it is now.
 */
export function sandboxFunction(spec: { name: string; entry: string; timeoutSeconds: number }): SandboxedFunction {
  /** The live sandbox: its thread, when it has loaded the handler, and its invocations in flight. */
  let current: { thread: Worker; ready: Promise<void>; pending: Map<number, Settle> } | undefined;
  let closed = false;
  let nextId = 0;

  const start = () => {
    const thread = new Worker(WORKER, {
      workerData: { entry: pathToFileURL(path.join(REPO_ROOT, spec.entry)).href, functionName: spec.name },
    });
    const pending = new Map<number, Settle>();
    const sandbox = {
      thread,
      pending,
      ready: new Promise<void>((resolve, reject) => {
        const end = (error: Error) => {
          if (current?.thread === thread) current = undefined;
          reject(error);
          for (const settle of pending.values()) settle.reject(error);
          pending.clear();
        };
        thread.on('message', (answer: Answer) => {
          if ('ready' in answer) return resolve();
          const settle = pending.get(answer.id);
          pending.delete(answer.id);
          if (answer.error) settle?.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
          else settle?.resolve(answer.result);
        });
        thread.on('error', end);
        thread.on('exit', () => end(new Error(`The ${spec.name} sandbox ended`)));
      }),
    };
    // Nobody may be waiting on `ready` when the sandbox ends; its invocations hear of it themselves.
    sandbox.ready.catch(() => undefined);
    current = sandbox;
    return sandbox;
  };

  const invoke = (event: unknown) => {
    if (closed) return Promise.reject(new Error(`The ${spec.name} sandbox is closed`));
    const sandbox = current ?? start();
    const id = (nextId += 1);
    const timeoutMs = spec.timeoutSeconds * 1000;
    return new Promise<unknown>((resolve, reject) => {
      const cut = () => {
        sandbox.pending.delete(id);
        if (current === sandbox) current = undefined;
        reject(new FunctionTimeoutError(spec.timeoutSeconds));
        void sandbox.thread.terminate();
      };
      // A cold start's loading has its own limit (a module that never loads is cut like a handler
      // that never answers); the function's timeout starts when the handler is called.
      let timer = setTimeout(cut, INIT_LIMIT_MS);
      const settled = (then: () => void) => {
        clearTimeout(timer);
        then();
      };
      sandbox.pending.set(id, {
        resolve: (value) => settled(() => resolve(value)),
        reject: (error) => settled(() => reject(error)),
      });
      sandbox.ready.then(
        () => {
          if (!sandbox.pending.has(id)) return;
          clearTimeout(timer);
          timer = setTimeout(cut, timeoutMs);
          sandbox.thread.postMessage({ id, event, deadline: Date.now() + timeoutMs });
        },
        () => undefined,
      );
    });
  };

  return {
    invoke,
    close: async () => {
      closed = true;
      const thread = current?.thread;
      current = undefined;
      await thread?.terminate();
    },
  };
}
