/**
 * A route key ("GET /api/{audience}/subscribers/{id}") matched the way API Gateway (HTTP API)
 * matches it: `{name}` is one path segment, `{name+}` the rest of the path, method `ANY` any
 * method. The fallback handler (which methods a path has) and the local server (which handler a
 * request goes to) both match with this.
 */
export interface RouteKeyPattern {
  routeKey: string;
  method: string;
  /** The raw (still percent-encoded) path parameters when the path matches, else undefined. */
  match(path: string): Record<string, string> | undefined;
}

export function routeKeyPattern(routeKey: string): RouteKeyPattern {
  const [method, template] = routeKey.split(' ') as [string, string];
  const names: string[] = [];
  const regex = new RegExp(
    `^${template.replace(/\{(\w+)(\+?)\}/g, (_whole, name: string, greedy: string) => {
      names.push(name);
      return greedy ? '(.+)' : '([^/]+)';
    })}$`,
  );
  return {
    routeKey,
    method,
    match: (path) => {
      const found = regex.exec(path);
      return found ? Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) : undefined;
    },
  };
}
