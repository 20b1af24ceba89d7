import type { AnyObject } from 'yup';
import { pathMatcher, type Route } from '#shared/route-key.ts';
import { Refusal } from '../../domain/refusal';
import { methodNotAllowed } from '../../http/method-not-allowed';
import type { BodySchema } from '../../http/schemas-on-first-use';
import type { ApiEvent, ApiResult } from '../../http/types';

/**
 * One console route: its route (a screen contract's, shared/console/), the schema of its body
 * when it takes one, and what answers it. The body is checked before `handle` runs, which gets it
 * checked; a route without a schema reads no body.
 */
export interface ConsoleRoute<Context> {
  route: Route;
  body?: BodySchema<AnyObject>;
  // The body's type is the declared schema's (bodyRoute); a route without one gets undefined.
  handle(context: Context, body: never): Promise<ApiResult>;
}

/** A route that takes a body: `body` its declared schema, `handle` gets the checked body. */
export const bodyRoute = <Context, Body extends AnyObject>(definition: {
  route: Route;
  body: BodySchema<Body>;
  handle: (context: Context, body: NoInfer<Body>) => Promise<ApiResult>;
}): ConsoleRoute<Context> => definition as ConsoleRoute<Context>;

export const NO_SUCH_ROUTE = 'There is no such page in the console.';
export const METHOD_NOT_ALLOWED = 'That action is not possible here.';

/**
 * The route of a request among a function's routes, by method and path (the path parameters
 * decoded): API Gateway hands each console function every path under its prefix ({proxy+}), and
 * this picks one. A path no route has is refused `not-found` (404), a path parameter that does not
 * decode `invalid` (400); a method the path does not take is http/'s 405 (methodNotAllowed), which
 * no domain reason stands for.
 */
export const matchConsoleRoute = <Context>(
  routes: readonly ConsoleRoute<Context>[],
  event: ApiEvent,
): { route: ConsoleRoute<Context>; parameters: Record<string, string> } => {
  const method = event.requestContext.http.method;
  let pathMatched = false;
  for (const route of routes) {
    const raw = pathMatcher(route.route.path)(event.rawPath);
    if (!raw) continue;
    pathMatched = true;
    if (route.route.method !== method) continue;
    try {
      const parameters = Object.fromEntries(
        Object.entries(raw).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
      return { route, parameters };
    } catch {
      throw new Refusal('invalid', NO_SUCH_ROUTE);
    }
  }
  throw pathMatched ? methodNotAllowed(METHOD_NOT_ALLOWED) : new Refusal('not-found', NO_SUCH_ROUTE);
};

/**
 * Answers a request with its route: matched (404, 405), its declared body checked (413, 400:
 * schemas-on-first-use.ts BodySchema, the public API's validator), then the route with its
 * context, made once the route's path parameters are known.
 */
export const answerRoute = async <Context>(
  routes: readonly ConsoleRoute<Context>[],
  event: ApiEvent,
  contextOf: (parameters: Record<string, string>) => Context,
): Promise<ApiResult> => {
  const { route, parameters } = matchConsoleRoute(routes, event);
  const body = await route.body?.read(event);
  return route.handle(contextOf(parameters), body as never);
};
