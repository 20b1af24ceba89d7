import { API_ROUTES } from '../../shared/paths';

interface RoutePattern {
  method: string;
  path: RegExp;
}

/** API_ROUTES keys ("GET /api/{audience}/subscribers/{id}") as method + path matcher. */
const ROUTE_PATTERNS: RoutePattern[] = Object.values(API_ROUTES).map((routeKey) => {
  const [method, template] = routeKey.split(' ') as [string, string];
  return { method, path: new RegExp(`^${template.replace(/\{[^/}]+\}/g, '[^/]+')}$`) };
});

/** The methods the API answers on this path; empty when no route has this path at all. */
export const allowedMethods = (path: string): string[] =>
  ROUTE_PATTERNS.filter((route) => route.path.test(path)).map((route) => route.method);
