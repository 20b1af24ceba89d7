/**
 * A stand-in for fetch that answers by route, for screens whose calls do not come in one fixed
 * order (a preview asked for after a pause in typing, checks run on opening): each `METHOD path`
 * answers its queued replies in turn, its last reply again once the queue is down to one.
 * A call with no reply for its route fails the test. A reply may be a promise: the call stays in
 * flight until the test settles it (to read the page meanwhile).
 */
type Reply = { status: number; body?: unknown };
export type RoutedReplies = Record<string, (Reply | Promise<Reply>)[]>;

export function routedFetch(replies: RoutedReplies) {
  const queues = new Map(Object.entries(replies).map(([route, list]) => [route, [...list]]));
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${url}`;
    const queue = queues.get(route);
    if (!queue?.length) throw new Error(`routedFetch: no reply for ${route}`);
    const reply = await (queue.length > 1 ? queue.shift()! : queue[0]!);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      json: async () => reply.body,
      // A page's preview answers HTML: the body as it is.
      text: async () => (typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)),
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
