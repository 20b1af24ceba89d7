import { API_ROUTES, type ApiRouteName } from '../../shared/paths';
import { API_FALLBACK_ROUTE } from '../lambda/api-routes';

/**
 * Matches a request against the API's route keys the way API Gateway (HTTP API) does:
 * `{name}` is one path segment, `{name+}` is the rest of the path.
 */
export interface RouteMatch {
  routeKey: string;
  routeName: ApiRouteName | 'fallback';
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  routeKey: string;
  routeName: ApiRouteName | 'fallback';
  method: string;
  regex: RegExp;
  names: string[];
}

function compile(routeKey: string, routeName: RouteMatch['routeName']): CompiledRoute {
  const [method, template] = routeKey.split(' ');
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)(\+?)\}/g, (_whole, name: string, greedy: string) => {
    names.push(name);
    return greedy ? '(.+)' : '([^/]+)';
  });
  return { routeKey, routeName, method, regex: new RegExp(`^${pattern}$`), names };
}

const ROUTES: CompiledRoute[] = [
  ...(Object.entries(API_ROUTES) as [ApiRouteName, string][]).map(([name, key]) => compile(key, name)),
  compile(API_FALLBACK_ROUTE, 'fallback'),
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
  for (const route of ROUTES) {
    if (route.method !== 'ANY' && route.method !== method) continue;
    const found = route.regex.exec(rawPath);
    if (!found) continue;
    const pathParameters = Object.fromEntries(
      route.names.map((name, index) => [name, decodeParameter(found[index + 1])]),
    );
    return { routeKey: route.routeKey, routeName: route.routeName, pathParameters };
  }
  return undefined;
}
