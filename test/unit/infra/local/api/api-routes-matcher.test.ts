/**
 * Every console route reaches its console function, as API Gateway chooses routes (a route
 * without a greedy variable wins over one with, and of the greedy ones the most specific:
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html#http-api-develop-routes.evaluation),
 * which the local twin's matcher follows: a console path that also fits a public route such as
 * `GET /api/{audience}/subscribers/{id}` would be answered by the public handler.
 */
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { LEAD_ROUTES } from '#shared/console/leads.ts';
import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { PEOPLE_ROUTES } from '#shared/console/people.ts';
import { SUBSCRIBER_ROUTES } from '#shared/console/subscribers.ts';
import { pathMatcher, route, routeKeyOf, type Route } from '#shared/route-key.ts';
import { matchApiRoute } from '#infra/local/api/api-routes-matcher.ts';

const SCREENS_ROUTES = [
  ...Object.values(PEOPLE_ROUTES),
  ...Object.values(SUBSCRIBER_ROUTES),
  ...Object.values(LEAD_ROUTES),
  ...Object.values(AUDIT_ROUTES),
];
const CAMPAIGNS_ROUTES = Object.values(CAMPAIGN_ROUTES);

const routeOf = ({ method, path }: Route, parameter = 'AbCdEfGhIjKlMnOpQrStUv') =>
  matchApiRoute(method, path.replace(/\{\w+\}/g, parameter))?.routeName;

describe('the console routes as the gateway routes them', () => {
  test.each(SCREENS_ROUTES.map((each) => [routeKeyOf(each), each] as const))(
    '%s goes to the screens function',
    (_key, each) => {
      expect(routeOf(each)).toBe('consoleApi');
    },
  );

  test.each(CAMPAIGNS_ROUTES.map((each) => [routeKeyOf(each), each] as const))(
    '%s goes to the campaigns function',
    (_key, each) => {
      expect(routeOf(each, '2026-spring-news')).toBe('consoleCampaigns');
    },
  );

  it('sends a path beside the campaigns prefix to the screens function, which answers it 404 after the session check', () => {
    expect(routeOf(route('GET', '/api/admin/campaigns'))).toBe('consoleApi');
    expect(routeOf(route('GET', '/api/admin/campaigns-old/x'))).toBe('consoleApi');
  });
});

describe('the campaigns paths', () => {
  // Every literal segment of the campaigns' paths, which a slug might spell.
  const words = [...new Set(CAMPAIGNS_ROUTES.flatMap((each) => each.path.split('/')))].filter(
    (word) => word && !word.startsWith('{'),
  );

  test.each(CAMPAIGNS_ROUTES.map((each) => [routeKeyOf(each), each] as const))(
    '%s, whatever slug it names, is no other campaigns route',
    (_key, { method, path }) => {
      // Prepare
      const others = CAMPAIGNS_ROUTES.filter((other) => other.method !== method || other.path !== path).map(
        (other) => ({ route: other, match: pathMatcher(other.path) }),
      );

      // Act
      const collisions = words.flatMap((slug) =>
        others
          .filter((other) => other.route.method === method && other.match(path.replace('{slug}', slug)))
          .map((other) => `${slug}: ${routeKeyOf(other.route)}`),
      );

      // Assess
      expect(collisions).toEqual([]);
    },
  );
});
