/**
 * The console's router (lambdas/console/kit/router.ts) on the HTTP stack's error answers: what an
 * owner's page gets for a path no route has (404), a path asked with a method its routes do not
 * take (405) and a path parameter that does not decode (400), each with its words, and that a
 * matched route gets its parameters decoded.
 */
import { route } from '#shared/route-key.ts';
import { answerRoute, METHOD_NOT_ALLOWED, NO_SUCH_ROUTE, type ConsoleRoute } from '#lambdas/console/kit/router.ts';
import { jsonResponse } from '#lambdas/http/responses.ts';
import { httpHandler } from '#lambdas/http/stack.ts';
import { apiEvent, invoke } from '#test/support/api-events.ts';

const NOTE: ConsoleRoute<Record<string, string>> = {
  route: route('GET', '/api/admin/notes/{id}'),
  handle: async (parameters) => jsonResponse(200, parameters),
};
const handler = httpHandler((event) => answerRoute([NOTE], event, (parameters) => parameters));
const send = (method: string, path: string) =>
  invoke(handler, apiEvent({ routeKey: 'ANY /api/admin/{proxy+}', method, path }));

describe("the console's router", () => {
  it('answers a route with its path parameters decoded', async () => {
    expect(await send('GET', '/api/admin/notes/a%20b')).toMatchObject({ statusCode: 200, json: { id: 'a b' } });
  });

  it('answers 404 for a path no route has', async () => {
    expect(await send('GET', '/api/admin/nothing')).toMatchObject({
      statusCode: 404,
      json: { message: NO_SUCH_ROUTE },
    });
  });

  it("answers 405 for a method the path's routes do not take", async () => {
    expect(await send('DELETE', '/api/admin/notes/1')).toMatchObject({
      statusCode: 405,
      json: { message: METHOD_NOT_ALLOWED },
    });
  });

  it('answers 400 for a path parameter that does not decode', async () => {
    expect(await send('GET', '/api/admin/notes/%E0%A4%A')).toMatchObject({
      statusCode: 400,
      json: { message: NO_SUCH_ROUTE },
    });
  });
});
