import { API_ERRORS } from '#shared/constants/messages.ts';
import { NETWORK_ERROR_MESSAGE, requestJson, RequestError } from '../lib/api-client';

/**
 * What the console's screens call the API with: a route key of shared/console-api.ts (or a
 * screen's own, e.g. `GET /api/admin/audit`), JSON both ways, errors as RequestError with the
 * API's `{ message }` in plain words. A 401 means the session has ended (idle, signed out
 * elsewhere, removed owner): every listener hears of it, so the console shows the sign-in screen
 * over whatever screen made the call (ConsoleFrame), and the caller still gets the error.
 */
export interface ConsoleCall {
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Calls `listener` on every 401; returns the function that stops it. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** The path and query of a route key's call (`POST /api/admin/x` -> `/api/admin/x?a=1`). */
export function consoleUrl(path: string, query: ConsoleCall['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const splitRouteKey = (routeKey: string) => routeKey.split(' ') as ['GET' | 'POST' | 'PUT', string];

/** Tells every listener of a 401, and passes the error on. */
function heardOf(error: unknown): never {
  if (error instanceof RequestError && error.status === 401) for (const listener of sessionEndedListeners) listener();
  throw error;
}

export async function consoleRequest<T>(routeKey: string, { body, query, signal }: ConsoleCall = {}): Promise<T> {
  const [method, path] = splitRouteKey(routeKey);
  try {
    return await requestJson<T>(consoleUrl(path, query), { method, body, signal });
  } catch (error) {
    return heardOf(error);
  }
}

/** A file the API sent as a download, and the name its Content-Disposition gave it. */
export interface ConsoleFile {
  blob: Blob;
  filename: string;
}

const FILENAME = /filename="([^"]+)"/;

/**
 * A route that answers a file (a CSV, an evidence pack): the same call as consoleRequest, but
 * the body is kept as it came. Errors are still the API's `{ message }` (a 401 is heard by the
 * frame), so a failed export says why in plain words instead of saving an error page.
 */
export async function consoleDownload(
  routeKey: string,
  { body, query, signal }: ConsoleCall = {},
  fallbackName = 'download',
): Promise<ConsoleFile> {
  const [method, path] = splitRouteKey(routeKey);
  try {
    let response: Response;
    try {
      response = await fetch(consoleUrl(path, query), {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RequestError(NETWORK_ERROR_MESSAGE);
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
      const message = typeof answer?.message === 'string' && answer.message ? answer.message : API_ERRORS.internal;
      throw new RequestError(message, response.status);
    }
    const filename = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
    return { blob: await response.blob(), filename };
  } catch (error) {
    return heardOf(error);
  }
}
