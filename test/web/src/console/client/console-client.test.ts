/**
 * The console's API client (client/console-client.ts): JSON both ways, the API's words on failure, and a 401 heard by the
 * console's frame (and nothing else heard as one).
 */
import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { consoleRequest, onSessionEnded } from '#web/src/console/client/console-client.ts';
import { RequestError } from '#web/src/lib/api-client.ts';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';

describe('consoleRequest', () => {
  it('sends the route’s method to its path with the query, and returns the JSON', async () => {
    // Prepare
    const fetchMock = mockFetch({ status: 200, body: { items: [], next: 'b' } });

    // Act
    const page = await consoleRequest(AUDIT_ROUTES.page, { query: { cursor: 'a b', other: undefined } });

    // Assess
    expect(page).toEqual({ items: [], next: 'b' });
    expect(sentRequests(fetchMock)).toEqual([{ url: '/api/admin/audit?cursor=a+b', method: 'GET', body: undefined }]);
  });

  it('throws the API’s message with its status, and tells the listeners of a 401 only', async () => {
    // Prepare
    const heard = jest.fn();
    const stop = onSessionEnded(heard);
    mockFetch(
      { status: 400, body: { message: 'That page link is not valid any more.' } },
      { status: 401, body: { message: 'Please sign in to the console.' } },
    );

    // Act
    const badRequest = await consoleRequest(AUDIT_ROUTES.page).catch((error: unknown) => error);
    const heardAfterBadRequest = heard.mock.calls.length;
    const unauthorized = await consoleRequest(AUDIT_ROUTES.page).catch((error: unknown) => error);
    stop();

    // Assess
    expect(badRequest).toEqual(new RequestError('That page link is not valid any more.'));
    expect((badRequest as RequestError).status).toBe(400);
    expect(heardAfterBadRequest).toBe(0);
    expect((unauthorized as RequestError).status).toBe(401);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
