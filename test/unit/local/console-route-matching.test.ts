/**
 * Every console route reaches the console's function, as API Gateway chooses routes (a route
 * without a greedy variable wins over `ANY /api/admin/{proxy+}`), which the local twin's matcher
 * follows: a console path that also fits a public route such as
 * `GET /api/{audience}/subscribers/{id}` would be answered by the public handler.
 */
import { LEAD_ROUTES } from '#shared/console-leads.ts';
import { PEOPLE_ROUTES, SUBSCRIBER_ROUTES } from '#shared/console-people.ts';
import { matchApiRoute } from '#infra/local/api-routes-matcher.ts';

const CONSOLE_ROUTES = [
  ...Object.values(PEOPLE_ROUTES),
  ...Object.values(SUBSCRIBER_ROUTES),
  ...Object.values(LEAD_ROUTES),
];

describe('the console routes as the gateway routes them', () => {
  test.each(CONSOLE_ROUTES)('%s goes to the console function', (routeKey) => {
    // Prepare
    const [method, path] = routeKey.split(' ') as [string, string];

    // Act
    const match = matchApiRoute(method, path.replace('{id}', 'AbCdEfGhIjKlMnOpQrStUv'));

    // Assess
    expect(match?.routeName).toBe('consoleApi');
  });
});
