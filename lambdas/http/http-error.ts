/**
 * What lambdas/http (its body readers, path parameters and the router's 405, ./method-not-allowed.ts)
 * throws to answer a request with a status and a message a person can read. Only http/ imports it
 * (eslint.config.mjs, docs/architecture.md, Layers): handlers, the console and the domain refuse with
 * a Refusal (lambdas/domain/refusal.ts) instead. The error middleware turns it into the JSON body;
 * anything else is a 500. No extra headers: the one answer that needs some (405 with Allow) returns
 * its response (methodNotAllowedResponse).
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
