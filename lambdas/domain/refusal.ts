/**
 * Why the domain (or a console route) turns a request down: `not-found` (no such thing, or a link
 * that does not prove it), `expired` (it was there; its time is over), `too-many` (a limit of the
 * client or the mailbox), `conflict` (the thing is in a state that does not allow it now),
 * `invalid` (what was asked for cannot be done as asked: an empty note, a range too long),
 * `unauthenticated` (nobody is signed in), `forbidden` (the request did not come from where it
 * must) or `unavailable` (a service it needs did not answer; nothing was changed). The domain
 * knows nothing of HTTP: the error middleware (lambdas/http/error-responses.ts) answers each
 * reason with its status and this message.
 */
export type RefusalReason =
  'not-found' | 'expired' | 'too-many' | 'conflict' | 'invalid' | 'unauthenticated' | 'forbidden' | 'unavailable';

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
