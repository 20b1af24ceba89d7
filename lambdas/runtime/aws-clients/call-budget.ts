import { NodeHttpHandler } from '@smithy/node-http-handler';
import { StandardRetryStrategy } from '@smithy/core/retry';
import type { HttpHandlerOptions, RetryErrorInfo, StandardRetryToken } from '@smithy/types';
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
  /**
   * For a call that is not idempotent: an attempt is repeated only when it was refused (see
   * callRefused), never after a timeout or a lost answer, which the other side may have acted on.
   */
  retryOnlyRefusals?: boolean;
}

/**
 * - DynamoDB: a slow or unreachable table must become the API's 503 well within an API
 *   handler's 10 s (infra/cdk/constructs/functions.ts): 3 × 2 s. Every write we make is
 *   conditional or idempotent, so a repeated attempt is safe.
 * - SES: SendRawEmail is not idempotent. An attempt SES refused (throttling, an outage's 5xx) is
 *   repeated, up to 3 attempts, so a short throttle does not wait for the mailer's next pass; one
 *   that timed out or lost its answer may have been accepted and is never repeated: the mailer
 *   settles it from SES's events instead (docs/decisions/0063).
 * - SQS, Secrets Manager, CloudFormation: small idempotent calls; the authorizer's read of its
 *   secret must end within its own 5 s timeout.
 * - S3 PutObject/DeleteObject (a page of a few KB), CloudFront CreateInvalidation (one per run,
 *   its CallerReference fixed per run so a repeated attempt cannot make a second one), Lambda
 *   Invoke with InvocationType Event (queued, answers 202 at once): idempotent, a few seconds each.
 *   CloudFront KeyValueStore UpdateKeys carries the store's ETag (IfMatch): a repeated attempt of
 *   an update already applied is refused as a conflict, never applied twice, and the publisher's
 *   next run finds the keys as wanted.
 * - EventBridge Scheduler: CreateSchedule carries a client token the SDK fills once per call, so a
 *   repeated attempt cannot create a second schedule; both calls end inside the console's 10 s.
 */
export const CALL_BUDGETS = {
  dynamodb: { connectMs: 1000, attemptMs: 2000, attempts: 3 },
  ses: { connectMs: 2000, attemptMs: 5000, attempts: 3, freshConnections: true, retryOnlyRefusals: true },
  sqs: { connectMs: 1000, attemptMs: 3000, attempts: 3 },
  scheduler: { connectMs: 1000, attemptMs: 2500, attempts: 2 },
  secretsManager: { connectMs: 1000, attemptMs: 1500, attempts: 2 },
  cloudFormation: { connectMs: 2000, attemptMs: 5000, attempts: 2 },
  s3: { connectMs: 1000, attemptMs: 3000, attempts: 3 },
  cloudFront: { connectMs: 2000, attemptMs: 5000, attempts: 3 },
  keyValueStore: { connectMs: 2000, attemptMs: 5000, attempts: 3 },
  lambda: { connectMs: 1000, attemptMs: 2000, attempts: 3 },
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

/** Failures before any byte of the request can have reached the other side. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when the call certainly had no effect: the other side answered it with an error
 * (throttling, an outage, a rejection), or no connection was made. A timeout or a connection
 * lost mid-request is not refused: the request may have been acted on.
 */
export const callRefused = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 400) return true;
  return NOT_CONNECTED.has((error as { code?: string }).code ?? '');
};

/**
 * The SDK's standard retries (which of the refusals are worth repeating, the backoff), held
 * to refusals: any other failure ends the call at once with its own error.
 */
class RefusalsOnlyRetryStrategy extends StandardRetryStrategy {
  override async refreshRetryTokenForRetry(token: StandardRetryToken, errorInfo: RetryErrorInfo) {
    if (!callRefused(errorInfo.error)) throw new Error('Not refused: the attempt may have been acted on');
    return super.refreshRetryTokenForRetry(token, errorInfo);
  }
}

/** The client settings every factory gives its SDK client: attempts and the deadline handler. */
export const budgetedClientConfig = (budget: CallBudget) => ({
  maxAttempts: budget.attempts,
  ...(budget.retryOnlyRefusals && { retryStrategy: new RefusalsOnlyRetryStrategy(budget.attempts) }),
  requestHandler: new DeadlineHttpHandler(budget),
});
