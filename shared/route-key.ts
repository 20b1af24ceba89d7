/**
 * Routes as typed values: a method and a path template (`/api/{audience}/subscribers/{id}`),
 * matched the way API Gateway (HTTP API) matches them: `{name}` is one path segment, `{name+}`
 * the rest of the path, method `ANY` any method. The console's routes are built as such values
 * once, in each screen's contract (shared/console/); the public API's are API Gateway's route
 * keys (`"GET /api/…"`, shared/paths.ts API_ROUTES, which the stack hands to API Gateway as they
 * are), read into this shape here and nowhere else (routeOfKey, pathOfKey). Paths are filled by one function
 * (fillPath) and matched by one (pathMatcher): the fallback handler, the local server and the
 * console's router all match with it.
 */
export type RouteMethod = CallMethod | 'ANY';
/** The methods a request is sent with (ANY is only a gateway route's). */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route<Path extends string = string, Method extends RouteMethod = CallMethod> {
  readonly method: Method;
  readonly path: Path;
}

/**
 * A route of a method and a path template, its path's parameters kept in its type. Marked free of
 * side effects, so a bundle drops a contract's routes its function never names (a route table is
 * a call per route, which esbuild would otherwise keep).
 */
export /* @__NO_SIDE_EFFECTS__ */ function route<const Method extends RouteMethod, const Path extends string>(
  method: Method,
  path: Path,
): Route<Path, Method> {
  return { method, path };
}

/** A table of routes: each a method and a path under the table's prefix. */
type RouteTable = Record<string, readonly [CallMethod, string]>;
export type RoutesUnder<Prefix extends string, Table extends RouteTable> = {
  readonly [Name in keyof Table]: Route<`${Prefix}${Table[Name][1]}`, Table[Name][0]>;
};

/**
 * A screen's routes, all under one prefix (the function's, `/api/admin/campaigns`), the prefix
 * written once: `routesUnder('/api/admin/leads', { get: ['GET', '/{id}'] })`. Marked free of side
 * effects at each use (`/* @__PURE__ *\/`), so a bundle drops a table its function never names.
 */
export const routesUnder = <const Prefix extends string, const Table extends RouteTable>(
  prefix: Prefix,
  table: Table,
): RoutesUnder<Prefix, Table> =>
  Object.fromEntries(
    Object.entries(table).map(([name, [method, path]]) => [name, { method, path: prefix + path }]),
  ) as RoutesUnder<Prefix, Table>;

/** One call of a route: its method and its path filled in (callOf), what a client sends. */
export type RouteCall<Method extends CallMethod = CallMethod> = Route<string, Method>;

/** An API Gateway route key (`"GET /api/signup"`) as a route: the one place such a key is read. */
export const routeOfKey = (routeKey: string): Route<string, RouteMethod> =>
  route(routeKey.slice(0, routeKey.indexOf(' ')) as RouteMethod, pathOfKey(routeKey));

/** An API Gateway route key's path template (`/api/signup`). */
export const pathOfKey = (routeKey: string): string => routeKey.slice(routeKey.indexOf(' ') + 1);

/** A route as API Gateway writes its key, e.g. in a test's name or a log line. */
export const routeKeyOf = ({ method, path }: Route<string, RouteMethod>): string => `${method} ${path}`;

type ParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;

/** The parameters a path template names, each a string unless `Values` says otherwise. */
type NoValues = Record<never, never>;

export type PathParameters<Path extends string, Values extends Partial<Record<string, string>> = NoValues> = {
  [Name in ParameterNames<Path>]: Name extends keyof Values ? NonNullable<Values[Name]> : string;
};

/** The path parameters argument: none for a path without any; any for a path whose template is not known. */
export type PathArguments<
  Path extends string,
  Values extends Partial<Record<string, string>> = Record<never, never>,
> = string extends Path
  ? [parameters?: Record<string, string>]
  : ParameterNames<Path> extends never
    ? []
    : [PathParameters<Path, Values>];

/** A path template with its parameters filled in, each percent-encoded. */
export const fillPath = <Path extends string>(path: Path, ...[parameters]: PathArguments<Path>): string =>
  path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent((parameters as Record<string, string> | undefined)?.[name] ?? ''),
  );

/** A call of a route with its path parameters, e.g. `callOf(LEAD_ROUTES.get, { id })`. */
export const callOf = <Path extends string, Method extends CallMethod>(
  called: Route<Path, Method>,
  ...parameters: PathArguments<Path>
): RouteCall<Method> => ({ method: called.method, path: fillPath(called.path, ...parameters) });

/**
 * How a request's path is matched against a path template: the raw (still percent-encoded) path
 * parameters when it matches, else undefined.
 */
export function pathMatcher(template: string): (path: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const regex = new RegExp(
    `^${template.replace(/\{(\w+)(\+?)\}/g, (_whole, name: string, greedy: string) => {
      names.push(name);
      return greedy ? '(.+)' : '([^/]+)';
    })}$`,
  );
  return (path) => {
    const found = regex.exec(path);
    return found ? Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) : undefined;
  };
}

/** An API Gateway route key's pattern (the public API's routes, API_ROUTES): its key, method and matcher. */
export interface RouteKeyPattern {
  routeKey: string;
  method: string;
  match(path: string): Record<string, string> | undefined;
}

export const routeKeyPattern = (routeKey: string): RouteKeyPattern => {
  const { method, path } = routeOfKey(routeKey);
  return { routeKey, method, match: pathMatcher(path) };
};
