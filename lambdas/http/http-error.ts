/**
 * What the HTTP layer (middlewares, routes, handlers, the console's routes) throws to answer a
 * request with a status and a message a person can read; the domain throws a Refusal instead
 * (lambdas/domain/refusal.ts). The error middleware turns it into the JSON body; anything else is a 500.
 * No extra headers: the one answer that needs some (405 with Allow) returns its response.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
