/**
 * Bundling alias target for `node:stream/web` (infra/cdk/constructs/functions.ts), the same pattern as
 * env-credentials.ts. @middy/core imports `ReadableStream` from it at its top level only to check
 * `body instanceof ReadableStream` when a handler streams its response (`streamifyResponse`), which
 * none of ours does. Importing the module makes Node load and compile its web streams (ten
 * internal modules, 1.5 to 2 ms of every cold start measured here: docs/decisions/0030). Node's
 * global `ReadableStream` is the same class, loaded only when first read, so this answers the
 * same `instanceof` and costs nothing until a streamed response would ask.
 * `test/unit/lambdas/bundle-budget.test.ts` checks that middy stays the only importer.
 */
export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
}
