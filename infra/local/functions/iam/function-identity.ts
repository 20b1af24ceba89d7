/**
 * Which function of the catalogue an AWS call comes from. In AWS a call carries the credentials of
 * the function's own role; in the twin the functions share one process (and one set of
 * placeholder credentials), so the twin runs each invocation inside `runAs(name)` and labels every
 * HTTP request made within it with the function's name, through Node's
 * `http.client.request.created` diagnostics channel, before it is sent. The endpoints that stand
 * in for AWS read the label (callerOf) and evaluate the call against that function's role. A
 * request made outside any invocation (a test's own setup, an operator command) carries no label:
 * it is the caller's own credentials, as in AWS, and is not evaluated.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingHttpHeaders } from 'node:http';
import { FUNCTIONS, type FunctionName } from '#infra/cdk/constructs/functions.ts';

/** The label's header; the endpoints remove it before anything is forwarded. */
export const FUNCTION_HEADER = 'x-twin-function';

const invocation = new AsyncLocalStorage<FunctionName>();
/** A sandbox's thread is one function for its whole life (function-worker.mjs). */
let wholeThread: FunctionName | undefined;
let labelling = false;

/** Runs `work` as an invocation of `name`: every AWS call it makes, however deep, is that function's. */
export const runAs = <T>(name: FunctionName, work: () => T): T => invocation.run(name, work);

/** The function whose invocation is running here, if any. */
export const currentFunction = (): FunctionName | undefined => invocation.getStore() ?? wholeThread;

/**
 * Labels this thread's outgoing HTTP requests with the function making them (idempotent); with
 * `thread`, every request of this thread is that function's.
 */
export function labelOutgoingCalls(thread?: FunctionName): void {
  if (thread) wholeThread = thread;
  if (labelling) return;
  labelling = true;
  subscribe('http.client.request.created', (message) => {
    const name = currentFunction();
    if (name) (message as { request: ClientRequest }).request.setHeader(FUNCTION_HEADER, name);
  });
}

/** The function a request came from, by its label; the label is taken off the headers. */
export function callerOf(headers: IncomingHttpHeaders): FunctionName | undefined {
  const label = headers[FUNCTION_HEADER];
  delete headers[FUNCTION_HEADER];
  return typeof label === 'string' && label in FUNCTIONS ? (label as FunctionName) : undefined;
}
