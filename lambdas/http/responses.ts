import type { ApiResult } from './types';

/** Every API answer is JSON and never cached: subscriber data and one-time links must not sit in caches. */
const BASE_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' } as const;

export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult => ({
  statusCode,
  headers: { ...BASE_HEADERS, ...headers },
  body: JSON.stringify(body),
});

/** RFC 8058 one-click answers carry no body. */
export const emptyResponse = (statusCode: number): ApiResult => ({
  statusCode,
  headers: { ...BASE_HEADERS },
  body: '',
});

export const redirectResponse = (location: string): ApiResult => ({
  statusCode: 302,
  headers: { ...BASE_HEADERS, location },
  body: '',
});
