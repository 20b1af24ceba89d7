/**
 * Why the domain turns a request down: `not-found` (no such thing, or a link that does not prove
 * it), `expired` (it was there; its time is over), `too-many` (a limit of the client or the
 * mailbox) or `conflict` (the thing is in a state that does not allow it now). The domain knows
 * nothing of HTTP: the error middleware (lambdas/http/error-responses.ts) answers each reason
 * with its status and this message.
 */
export type RefusalReason = 'not-found' | 'expired' | 'too-many' | 'conflict';

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
