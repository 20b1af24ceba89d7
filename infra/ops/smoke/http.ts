/** HTTP helpers for probing a site from outside: no redirects followed, bodies read as text. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

const TIMEOUT_MS = 15_000;

export async function request(base: URL, path: string, init: RequestInit = {}): Promise<Answer> {
  // new URL() would normalise the path; the raw path is what a visitor types.
  const response = await fetch(`${base.origin}${path}`, {
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    ...init,
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

export const titleOf = (html: string): string => /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
