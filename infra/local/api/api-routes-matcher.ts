import { API_FALLBACK_ROUTE, API_ROUTES, type ApiRouteName } from '#shared/paths.ts';
import { routeKeyPattern } from '#shared/route-key.ts';

/** The route a request matched (its name is the handler's), with its decoded path parameters. */
export interface RouteMatch {
  routeKey: string;
  routeName: ApiRouteName | 'fallback';
  pathParameters: Record<string, string>;
}

const ROUTES = [
  ...(Object.entries(API_ROUTES) as [ApiRouteName, string][]).map(([name, key]) => ({
    name,
    pattern: routeKeyPattern(key),
  })),
  { name: 'fallback' as const, pattern: routeKeyPattern(API_FALLBACK_ROUTE) },
];

/** A path parameter that is not valid percent-encoding (`%zz`, a cut UTF-8 sequence). */
export class MalformedPathError extends Error {
  constructor() {
    super('The request path contains a malformed percent-encoding.');
  }
}

function decodeParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new MalformedPathError();
  }
}

/** The route for a request, or undefined; throws MalformedPathError when its parameters cannot be decoded. */
export function matchApiRoute(method: string, rawPath: string): RouteMatch | undefined {
  for (const { name, pattern } of ROUTES) {
    if (pattern.method !== 'ANY' && pattern.method !== method) continue;
    const raw = pattern.match(rawPath);
    if (!raw) continue;
    const pathParameters = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, decodeParameter(value)]));
    return { routeKey: pattern.routeKey, routeName: name, pathParameters };
  }
  return undefined;
}
