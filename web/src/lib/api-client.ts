import type { ErrorResponse, SuccessResponse } from '#shared/api-types.ts';
import { API_ERRORS } from '#shared/constants/messages.ts';

/** Shown when the request never reached the API (offline, DNS, connection reset). */
export const NETWORK_ERROR_MESSAGE = 'We could not reach our server. Please check your connection and try again.';

/** A failed call whose `message` can be shown to the visitor as is. */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    message: string,
    /** The API's HTTP status; absent when the request never reached it. */
    readonly status?: number,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  method: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of the caller's own, e.g. the console's background marker. */
  headers?: Record<string, string>;
}

/**
 * Calls the same-origin API (docs/architecture.md#the-api-contract) and returns its JSON body for
 * 200–299 (docs/spec/site-spec.md#7-the-calls-it-makes). Any other status becomes a RequestError
 * carrying the server's `message`, so every form shows the text the API wrote for people; bodies
 * that are not JSON (a gateway's HTML error page) fall back to a generic message. An abort is
 * rethrown untouched so callers can tell a cancelled load from a failed one.
 */
export async function requestJson<T>(url: string, { method, body, signal, ...own }: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { ...own.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  return (await readJsonBody(response)) as T;
}

/**
 * A same-origin call whose 2xx answer is a file (an export; a POST when what names it must stay
 * out of the URL): the response itself, to read as a blob. Failures become a RequestError exactly
 * as requestJson's do (the API answers errors in JSON).
 */
export const requestFile = (url: string, { method, body, signal }: RequestOptions): Promise<Response> =>
  send(url, {
    method,
    ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    signal,
  });

/** One call: a 2xx response, or a RequestError with the API's words (an abort rethrown as is). */
async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new RequestError(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok)
    throw new RequestError(
      readableField(await readJsonBody(response), 'message') ?? API_ERRORS.internal,
      response.status,
    );
  return response;
}

/** The `success` text of a 2xx answer; an empty string when the API sent none. */
export const successText = (data: unknown): string => readableField(data, 'success') ?? '';

/** What to show for anything a submit or load threw. */
export const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : API_ERRORS.internal;

async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function readableField(data: unknown, field: keyof SuccessResponse | keyof ErrorResponse): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
