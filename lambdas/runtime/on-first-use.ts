/**
 * A value made by its first caller and kept for the function's life, for what only some requests
 * need: an AWS client with the code that calls it, read with `await import()` from a chunk of its
 * own (infra/cdk/constructs/lambda-build.ts), so that a cold start reads it only when a request asks.
 * A failed making is not kept: the next caller tries again.
 */
export const onFirstUse = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: T | undefined;
  return async () => (made ??= await make());
};
