import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { HttpHandlerOptions } from '@smithy/types';
import type { Readable } from 'node:stream';

/**
 * How long one AWS call may take, per service: to connect, for one attempt (the answer's
 * headers and its whole body), and how many attempts the SDK makes. A call therefore ends
 * within `attempts × attemptMs` plus the SDK's backoff between attempts (at most a few hundred
 * milliseconds for these attempt counts), whatever the other side does: refuse, never answer,
 * or answer one byte at a time (test/integration/aws-call-budgets.test.ts).
 */
export interface CallBudget {
  connectMs: number;
  attemptMs: number;
  attempts: number;
  /**
   * A new connection per call. For SES: a kept-alive socket the other side has just closed
   * fails with ECONNRESET, which would make an email's outcome unknown for nothing. The
   * others keep connections alive (a new one per call costs each call a handshake) and retry
   * such a reset like any other.
   */
  freshConnections?: boolean;
}

/**
 * - DynamoDB: a slow or unreachable table must become the API's 503 well within an API
 *   handler's 10 s (infra/constructs/functions.ts): 3 × 2 s. Every write we make is
 *   conditional or idempotent, so a repeated attempt is safe.
 * - SES: one attempt. SendRawEmail is not idempotent: an attempt that timed out may have been
 *   accepted, and the mailer settles it from SES's events instead (docs/decisions/0001).
 * - SQS, Secrets Manager, CloudFormation: small idempotent calls; the authorizer's read of its
 *   secret must end within its own 5 s timeout.
 */
export const CALL_BUDGETS = {
  dynamodb: { connectMs: 1000, attemptMs: 2000, attempts: 3 },
  ses: { connectMs: 2000, attemptMs: 5000, attempts: 1, freshConnections: true },
  sqs: { connectMs: 1000, attemptMs: 3000, attempts: 3 },
  secretsManager: { connectMs: 1000, attemptMs: 1500, attempts: 2 },
  cloudFormation: { connectMs: 2000, attemptMs: 5000, attempts: 2 },
} as const satisfies Record<string, CallBudget>;

/** The error an attempt past its budget fails with: the SDK retries a TimeoutError like any timeout. */
const deadlineError = (attemptMs: number) =>
  Object.assign(new Error(`No complete answer within ${attemptMs} ms`), { name: 'TimeoutError', code: 'ETIMEDOUT' });

/**
 * Node's HTTP handler with one deadline per attempt. Its own `requestTimeout` ends an attempt
 * only while the headers are awaited, and only with `throwOnRequestTimeout` (without it, it
 * just logs a warning); an answer whose body trickles in is ended here when the attempt's
 * time is up, with the same retryable TimeoutError.
 */
class DeadlineHttpHandler extends NodeHttpHandler {
  constructor(private readonly budget: CallBudget) {
    super({
      connectionTimeout: budget.connectMs,
      requestTimeout: budget.attemptMs,
      throwOnRequestTimeout: true,
      httpAgent: { keepAlive: !budget.freshConnections },
      httpsAgent: { keepAlive: !budget.freshConnections },
    });
  }

  override async handle(request: Parameters<NodeHttpHandler['handle']>[0], options: HttpHandlerOptions = {}) {
    const started = Date.now();
    const answer = await super.handle(request, options);
    const body = answer.response.body as Readable;
    const left = Math.max(0, this.budget.attemptMs - (Date.now() - started));
    const timer = setTimeout(() => body.destroy(deadlineError(this.budget.attemptMs)), left);
    body.once('close', () => clearTimeout(timer));
    return answer;
  }
}

/** The client settings every factory gives its SDK client: attempts and the deadline handler. */
export const budgetedClientConfig = (budget: CallBudget) => ({
  maxAttempts: budget.attempts,
  requestHandler: new DeadlineHttpHandler(budget),
});
