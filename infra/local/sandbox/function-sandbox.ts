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
 * A function of the catalogue (infra/constructs/functions.ts) held to its configured timeout as
 * Lambda holds it (docs/decisions/0063-settling-mail-from-ses-events.md): its handler runs in a
 * worker thread, and an invocation still running at the timeout is cut off, the worker
 * terminated mid-call with whatever it had written, and the next invocation starts a new one (a
 * cold start). The timeout counts from the invocation, not the module load, as on Lambda. One
 * invocation at a time, as one Lambda sandbox; the worker inherits the environment as it is now.
 */
export function sandboxFunction(spec: { name: string; entry: string; timeoutSeconds: number }): SandboxedFunction {
  let worker: { thread: Worker; ready: Promise<void> } | undefined;
  const pending = new Map<number, Settle>();
  let nextId = 0;

  const failAll = (error: Error) => {
    for (const settle of pending.values()) settle.reject(error);
    pending.clear();
  };

  const start = () => {
    const thread = new Worker(WORKER, {
      workerData: { entry: pathToFileURL(path.join(REPO_ROOT, spec.entry)).href, functionName: spec.name },
    });
    const ready = new Promise<void>((resolve, reject) => {
      thread.on('message', (answer: Answer) => {
        if ('ready' in answer) return resolve();
        const settle = pending.get(answer.id);
        pending.delete(answer.id);
        if (answer.error) settle?.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
        else settle?.resolve(answer.result);
      });
      thread.on('error', (error) => {
        reject(error);
        failAll(error);
      });
      thread.on('exit', () => {
        if (worker?.thread === thread) worker = undefined;
        failAll(new Error(`The ${spec.name} sandbox ended`));
      });
    });
    worker = { thread, ready };
    return worker;
  };

  const invoke = async (event: unknown) => {
    const { thread, ready } = worker ?? start();
    await ready;
    const id = (nextId += 1);
    const timeoutMs = spec.timeoutSeconds * 1000;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new FunctionTimeoutError(spec.timeoutSeconds));
        void thread.terminate();
      }, timeoutMs);
      const settled = (then: () => void) => {
        clearTimeout(timer);
        then();
      };
      pending.set(id, {
        resolve: (value) => settled(() => resolve(value)),
        reject: (error) => settled(() => reject(error)),
      });
      thread.postMessage({ id, event, deadline: Date.now() + timeoutMs });
    });
  };

  return {
    invoke,
    close: async () => {
      const thread = worker?.thread;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
