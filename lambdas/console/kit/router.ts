import { routeKeyPattern } from '#shared/route-key.ts';
import { HttpError } from '../../http/http-error';
import type { ApiEvent, ApiResult } from '../../http/types';

/** One console route: its key as API Gateway writes it (`GET /api/admin/audit`) and what answers it. */
export interface ConsoleRoute<Context> {
  routeKey: string;
  handle(context: Context): Promise<ApiResult>;
}

export const NO_SUCH_ROUTE = 'There is no such page in the console.';
export const METHOD_NOT_ALLOWED = 'That action is not possible here.';

/**
 * The route of a request among a function's routes, by method and path (the path parameters
 * decoded): API Gateway hands each console function every path under its prefix ({proxy+}), and
 * this picks one. 404 for a path no route has, 405 for a method the path does not take.
 */
export const matchConsoleRoute = <Context>(
  routes: readonly ConsoleRoute<Context>[],
  event: ApiEvent,
): { route: ConsoleRoute<Context>; parameters: Record<string, string> } => {
  const method = event.requestContext.http.method;
  let pathMatched = false;
  for (const route of routes) {
    const pattern = routeKeyPattern(route.routeKey);
    const raw = pattern.match(event.rawPath);
    if (!raw) continue;
    pathMatched = true;
    if (pattern.method !== method) continue;
    try {
      const parameters = Object.fromEntries(
        Object.entries(raw).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
      return { route, parameters };
    } catch {
      throw new HttpError(400, NO_SUCH_ROUTE);
    }
  }
  throw new HttpError(pathMatched ? 405 : 404, pathMatched ? METHOD_NOT_ALLOWED : NO_SUCH_ROUTE);
};
