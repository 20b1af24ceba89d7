import { BACKGROUND_REQUEST_HEADER } from '#shared/console/common.ts';
import type { RouteCall } from '#shared/route-key.ts';
import { requestFile, requestJson, RequestError } from '../../lib/api-client';
import { keepIfEarly, takeEarly } from './early-answers';

/**
 * The console's one API client: each screen's API module (screens/<name>/<name>-api.ts) calls it
 * with a route of the screen's contract module in shared/, its path filled in; JSON both ways,
 * errors as RequestError with the API's `{ message }` in plain words. A read started while the
 * console opens is kept for its screen, whose first identical call takes the answer
 * (./early-answers.ts). A 401 means the session has ended (idle, signed out elsewhere, removed
 * owner): every listener hears of it, so the console shows the sign-in screen over whatever
 * screen made the call (ConsoleFrame), and the caller still gets the error.
 */
export interface ConsoleCall {
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /**
   * Sent by the page itself on a timer, not because the owner did something: the API answers it
   * without counting it as activity (BACKGROUND_REQUEST_HEADER), so an unattended console still
   * ends after its idle limit.
   */
  background?: boolean;
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

/** Tells every listener of a 401 (the session has ended), then rethrows the failure. */
const noticingSessionEnd = (error: unknown): never => {
  if (error instanceof RequestError && error.status === 401) for (const listener of sessionEndedListeners) listener();
  throw error;
};

/** The route is a screen contract's, its path filled (callOf) when it names parameters. */
type ConsoleRouteCall = RouteCall;

export function consoleRequest<T>(
  { method, path }: ConsoleRouteCall,
  { body, query, signal, background }: ConsoleCall = {},
): Promise<T> {
  const url = consoleUrl(path, query);
  const headers = background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : undefined;
  const ask = () => requestJson<T>(url, { method, body, signal, headers });
  // Started while the console opens (early-answers.ts): its taker, not this call, hears of a 401.
  // Named by its body too: a read whose arguments stay out of the URL is a POST (the leads list).
  const call = `${method} ${url} ${body === undefined ? '' : JSON.stringify(body)}`;
  const kept = keepIfEarly(call, ask);
  if (kept) return kept;
  return ((takeEarly(call) as Promise<T> | undefined) ?? ask()).catch(noticingSessionEnd);
}

/** A file the API sends as an attachment (an export): its bytes and the name the API gave it. */
export interface ConsoleFile {
  blob: Blob;
  filename: string;
}

/** A file as it came: with the answer's headers (an export's part says there how far it has come). */
export interface DownloadedFile extends ConsoleFile {
  headers: Headers;
}

/** A call whose 2xx answer is not JSON, a 401 heard as every console call's. */
async function consoleResponse(
  { method, path }: ConsoleRouteCall,
  { body, query, signal }: ConsoleCall,
): Promise<Response> {
  try {
    return await requestFile(consoleUrl(path, query), { method, body, signal });
  } catch (error) {
    return noticingSessionEnd(error);
  }
}

/**
 * A call whose answer is a file, not JSON (a part of an export, an evidence pack). Fetched rather
 * than followed as a link, so a refusal (the session ended) is said in plain words on the screen
 * instead of downloading an error as a file.
 */
export async function consoleDownload(
  route: ConsoleRouteCall,
  call: ConsoleCall = {},
  fallbackName = 'export',
): Promise<DownloadedFile> {
  const response = await consoleResponse(route, call);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename, headers: response.headers };
}

/** A call whose answer is text to show (a post's preview: a whole HTML document). */
export const consoleText = async (route: ConsoleRouteCall, call: ConsoleCall = {}): Promise<string> =>
  (await consoleResponse(route, call)).text();
