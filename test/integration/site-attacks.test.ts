/**
 * The visit counting against a stranger (issue 32, docs/decisions/0081-privacy-first-analytics.md):
 * a flood of fake beacons from one client (counts bounded, and once the client is over its bound no
 * write at all), forged referrers and UTM values carrying markup and formulas (kept as text: the
 * report answers them as JSON strings, the CSV makes them inert), and beacons for paths that are no
 * page of the site (counted nowhere). Each case on a day of its own, far ahead.
 */
import { type RouteCall } from '#shared/route-key.ts';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { addDays, SITE_ROUTES, type SiteReport } from '#shared/console/site.ts';
import { VIEWS_PER_VISITOR_PER_DAY, VISITORS_PER_CLIENT_PER_DAY } from '#shared/site-visits.ts';
import { asFunction } from '#test/support/twin-iam.ts';
import { at, farDay, randomAddress, sendBeacon, serveSitemap, USER_AGENTS, type Browser } from './support/site-traffic';

// A net for a busy machine (a flood is a few hundred invocations), not a timing assertion.
jest.setTimeout(60_000);

let clock = 0;
jest.mock('#lambdas/runtime/clock.ts', () => ({
  ...jest.requireActual<object>('#lambdas/runtime/clock.ts'),
  nowSeconds: () => clock,
}));

type Handler = (event: unknown, context: unknown) => Promise<unknown>;
let collect: Handler;
let console_: typeof import('./console/console-client');
let passkey: Awaited<ReturnType<(typeof import('./console/console-client'))['enrol']>>['passkey'];
let sitemap: ReturnType<typeof serveSitemap>;

beforeAll(async () => {
  sitemap = serveSitemap();
  collect = asFunction('collectVisit', (await import('#lambdas/handlers/collect-visit.ts')).handler) as Handler;
  console_ = await import('./console/console-client');
  clock = Math.floor(Date.now() / 1000);
  ({ passkey } = await console_.enrol('bob@chinooktalent.ca'));
});
afterAll(() => sitemap.restore());

/** A route of the Site screen, as an owner signed in now (the handlers' clock) asks it. */
const ask = async (route: RouteCall, day: string) => {
  const session = console_.sessionOf(await console_.signInWith(passkey))!;
  return console_.api(route, { session, query: { from: day, to: day } });
};
const report = async (day: string) => (await ask(SITE_ROUTES.report, day)).json as SiteReport;

/** The DynamoDB calls the functions send while `work` runs. */
const dynamoCallsDuring = async (work: () => Promise<void>) => {
  const send = jest.spyOn(DynamoDBClient.prototype, 'send');
  try {
    await work();
    return send.mock.calls.length;
  } finally {
    send.mockRestore();
  }
};

describe('a stranger against the visit counting', () => {
  it('counts one replaying browser at most 100 views a day, and one address at most 50 visitors, then writes nothing', async () => {
    // Arrange
    const day = farDay();
    clock = at(day, '12:00');
    const address = randomAddress();
    const replay: Browser = { address, userAgent: USER_AGENTS.chromeMac };
    const agents = Array.from(
      { length: 70 },
      (_, index) =>
        `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${index}.0 Safari/537.36`,
    );

    // Act: one browser replays 150 beacons; then 70 made-up browsers of the same address.
    for (let index = 0; index < 150; index += 1) await sendBeacon(collect, replay, { path: '/' });
    for (const userAgent of agents.slice(0, 50)) await sendBeacon(collect, { address, userAgent }, { path: '/about' });
    const lastCalls = await dynamoCallsDuring(async () => {
      for (const userAgent of agents.slice(50)) await sendBeacon(collect, { address, userAgent }, { path: '/about' });
    });
    const counted = await report(day);

    // Assess: the replay is one visitor of 100 views; of the 70 browsers 49 more visitors (50 new
    // visitors for the address), one view each; the 20 after the bound cost no DynamoDB call.
    expect(VIEWS_PER_VISITOR_PER_DAY).toBe(100);
    expect(VISITORS_PER_CLIENT_PER_DAY).toBe(50);
    expect(counted.totals).toMatchObject({ visitors: 50, views: 100 + 49 });
    expect(counted.lists.pages).toEqual([
      expect.objectContaining({ key: '/about', visitors: 49, views: 49 }),
      expect.objectContaining({ key: '/', visitors: 1, views: 100 }),
    ]);
    expect(lastCalls).toBe(0);
  });

  it('keeps forged referrers and UTM values as inert text: markup as a string, a formula defused in the CSV', async () => {
    // Arrange
    const day = farDay();
    clock = at(day, '12:00');
    const markup = '<img src=x onerror="alert(1)">';
    const formula = '=HYPERLINK("https://evil.example","Click")';

    // Act
    await sendBeacon(
      collect,
      { address: randomAddress(), userAgent: USER_AGENTS.chromeMac },
      { path: '/', referrer: '<script>alert(1)</script>', source: formula, medium: 'email\u202e', campaign: markup },
    );
    const counted = await report(day);
    const csv = await ask(SITE_ROUTES.export, day);

    // Assess: a referrer that is no host is none; the UTM values are strings, the bidi override gone.
    expect(counted.lists.referrers.map((row) => row.key)).toEqual(['(none)']);
    expect(counted.lists.campaigns.map((row) => row.key)).toEqual([markup]);
    expect(counted.lists.sources.map((row) => row.key)).toEqual([`${formula} / email`]);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="site-${day}-to-${day}.csv"`);
    // The day's row and one row in each list but the articles ('/' is no post).
    expect(csv.headers['x-export-rows']).toBe('8');
    expect(csv.body).toContain(`"campaigns","${markup.replace(/"/g, '""')}","1","1","0","0"`);
    expect(csv.body).toContain(`"sources","'${formula.replace(/"/g, '""')} / email","1","1","0","0"`);
  });

  it("answers a range the rules refuse with 400 in the rule's words, for the report and the CSV alike", async () => {
    // Arrange
    const today = farDay();
    clock = at(today, '12:00');
    const session = console_.sessionOf(await console_.signInWith(passkey))!;
    const asked = (route: RouteCall, query: Record<string, string>) => console_.api(route, { session, query });

    // Act
    const answers = [
      await asked(SITE_ROUTES.report, { from: today, to: addDays(today, 1) }),
      await asked(SITE_ROUTES.export, { from: addDays(today, -400), to: today }),
      await asked(SITE_ROUTES.report, { from: today, to: addDays(today, -1) }),
      await asked(SITE_ROUTES.report, { from: '2026-02-30', to: today }),
      await asked(SITE_ROUTES.report, {}),
    ];

    // Assess
    expect(answers.map((answer) => [answer.statusCode, answer.json?.message])).toEqual([
      [400, 'The last day cannot be after today.'],
      [400, 'Choose at most 366 days.'],
      [400, 'The first day must not be after the last day.'],
      [400, 'Write each day as yyyy-mm-dd, a day that exists.'],
      [400, 'Choose the first and the last day.'],
    ]);
  });

  it('counts nothing for a path that is no page of the site, a token page, a bot or a body that is no beacon', async () => {
    // Arrange
    const day = farDay();
    clock = at(day, '12:00');
    const browser: Browser = { address: randomAddress(), userAgent: USER_AGENTS.iPhone };

    // Act
    const answers = [
      await sendBeacon(collect, browser, { path: '/wp-login.php' }),
      await sendBeacon(collect, browser, { path: '/does-not-exist' }),
      await sendBeacon(collect, browser, { path: '/unsubscribe/candidate/AbCdEfGhIjKlMnOpQrStUv' }),
      await sendBeacon(collect, browser, { path: 'https://evil.example/' }),
      await sendBeacon(collect, browser, 'not json'),
      await sendBeacon(collect, browser, JSON.stringify({ path: '/', referrer: 'x'.repeat(5000) })),
      await sendBeacon(collect, { ...browser, userAgent: 'curl/8.5.0' }, { path: '/' }),
    ];
    const counted = await report(day);

    // Assess: each answered 204, none counted.
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204, 204, 204]);
    expect(counted.totals).toMatchObject({ visitors: 0, views: 0 });
    expect(counted.lists.pages).toEqual([]);
  });
});
