/**
 * A stand-in for the browser's fetch in jsdom: each call answers the next queued reply.
 * A reply is a status and JSON body, or an Error for a network failure.
 */
export type MockReply = { status: number; body?: unknown } | Error;

export interface SentRequest {
  url: string;
  method: string;
  body: unknown;
}

export function mockFetch(...replies: MockReply[]) {
  const queue = [...replies];
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
    const reply = queue.shift();
    if (!reply) throw new Error('mockFetch: no reply queued for this call');
    if (reply instanceof Error) throw reply;
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      json: async () => {
        if (reply.body === undefined) throw new SyntaxError('Unexpected end of JSON input');
        return reply.body;
      },
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** A promise-controlled reply, to look at the page while a request is in flight. */
export function mockPendingFetch() {
  let answer: (reply: { status: number; body?: unknown }) => void = () => undefined;
  const fetchMock = jest.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = (reply) =>
          resolve({
            ok: reply.status >= 200 && reply.status < 300,
            status: reply.status,
            json: async () => reply.body,
          } as unknown as Response);
      }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, answer: (reply: { status: number; body?: unknown }) => answer(reply) };
}

/** The requests the page made, with their JSON bodies parsed. */
export function sentRequests(fetchMock: jest.Mock): SentRequest[] {
  return fetchMock.mock.calls.map(([url, init]: [string, RequestInit | undefined]) => ({
    url,
    method: init?.method ?? 'GET',
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
}

/** 2024-05-16T12:00:00.789Z: a fixed clock whose Unix seconds must be floored, not rounded. */
export const FIXED_NOW_MS = 1_715_860_800_789;
export const FIXED_NOW_SECONDS = 1_715_860_800;

export function freezeClock() {
  return jest.spyOn(Date, 'now').mockReturnValue(FIXED_NOW_MS);
}
