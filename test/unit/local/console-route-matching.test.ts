/**
 * Every console route reaches its console function, as API Gateway chooses routes (a route
 * without a greedy variable wins over one with, and of the greedy ones the most specific:
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html#http-api-develop-routes.evaluation),
 * which the local twin's matcher follows: a console path that also fits a public route such as
 * `GET /api/{audience}/subscribers/{id}` would be answered by the public handler.
 */
import { CAMPAIGN_ROUTES } from '#shared/console-campaigns.ts';
import { LEAD_ROUTES } from '#shared/console-leads.ts';
import { PEOPLE_ROUTES, SUBSCRIBER_ROUTES } from '#shared/console-people.ts';
import { routeKeyPattern } from '#shared/route-key.ts';
import { matchApiRoute } from '#infra/local/api/api-routes-matcher.ts';

const SCREENS_ROUTES = [
  ...Object.values(PEOPLE_ROUTES),
  ...Object.values(SUBSCRIBER_ROUTES),
  ...Object.values(LEAD_ROUTES),
  'GET /api/admin/audit',
];
const CAMPAIGNS_ROUTES = Object.values(CAMPAIGN_ROUTES);

const routeOf = (routeKey: string, parameter = 'AbCdEfGhIjKlMnOpQrStUv') => {
  const [method, path] = routeKey.split(' ') as [string, string];
  return matchApiRoute(method, path.replace(/\{\w+\}/g, parameter))?.routeName;
};

describe('the console routes as the gateway routes them', () => {
  test.each(SCREENS_ROUTES)('%s goes to the screens function', (routeKey) => {
    expect(routeOf(routeKey)).toBe('consoleApi');
  });

  test.each(CAMPAIGNS_ROUTES)('%s goes to the campaigns function', (routeKey) => {
    expect(routeOf(routeKey, '2026-spring-news')).toBe('consoleCampaigns');
  });

  it('sends a path beside the campaigns prefix to the screens function, which answers it 404 after the session check', () => {
    expect(routeOf('GET /api/admin/campaigns')).toBe('consoleApi');
    expect(routeOf('GET /api/admin/campaigns-old/x')).toBe('consoleApi');
  });
});

describe('the campaigns paths', () => {
  // Every literal segment of the campaigns' paths, which a slug might spell.
  const words = [...new Set(CAMPAIGNS_ROUTES.flatMap((key) => key.split(' ')[1]!.split('/')))].filter(
    (word) => word && !word.startsWith('{'),
  );

  test.each(CAMPAIGNS_ROUTES)('%s, whatever slug it names, is no other campaigns route', (routeKey) => {
    // Prepare
    const [method, path] = routeKey.split(' ') as [string, string];
    const others = CAMPAIGNS_ROUTES.filter((other) => other !== routeKey).map(routeKeyPattern);

    // Act
    const collisions = words.flatMap((slug) =>
      others
        .filter((other) => other.method === method && other.match(path.replace('{slug}', slug)))
        .map((other) => `${slug}: ${other.routeKey}`),
    );

    // Assess
    expect(collisions).toEqual([]);
  });
});
