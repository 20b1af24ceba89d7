/**
 * The Site screen's routes (lambdas/console/site/site-routes.ts) through the console's router and
 * signed-in kit, in process, against the file's own dynalite's Analytics table: the report of a
 * range from the days' stored sums and today's raw visits, a range the rules refuse in their exact
 * words, and nothing stored or audited by reading it (the report shows sums, never a person).
 */
import '#test/unit/support/env.ts';
import { addDays, SITE_LIST_NAMES } from '#shared/console/site.ts';
import { firmDay } from '#shared/firm-day.ts';
import { daySummaryId, visitId } from '#lambdas/data/site-visits.ts';
import { nowSeconds } from '#lambdas/runtime/clock.ts';
import { SITE_CONSOLE_ROUTES } from '#lambdas/console/site/site-routes.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { send, signIn, signOut } = signedInConsole(tables, SITE_CONSOLE_ROUTES);

const today = () => firmDay(nowSeconds());
/** A firm day `days` from today (negative: before). */
const dayFrom = (days: number) => addDays(today(), days);

/** A rolled-up day's stored sums, its pages list only (the other lists empty). */
const storedDay = (
  day: string,
  visitors: number,
  views: number,
  scorecards: number,
  pages: Record<string, number>,
) => ({
  id: daySummaryId(day),
  day,
  visitors,
  views,
  conversions: scorecards,
  byKind: { scorecard: scorecards, signup: 0, subscription: 0 },
  lists: {
    ...Object.fromEntries(SITE_LIST_NAMES.map((name) => [name, {}])),
    pages: Object.fromEntries(Object.entries(pages).map(([path, count]) => [path, [count, count, 0]])),
  },
});

const report = (from: string, to: string) => send('GET', `/api/admin/site/report?from=${from}&to=${to}`);

beforeEach(async () => {
  await signIn();
});

describe("the Site screen's routes", () => {
  it("sums the range's stored days, a day without visits at zero, and the period before it apart", async () => {
    const [from, to] = [dayFrom(-10), dayFrom(-8)];
    await tables.put(tables.names.analytics, storedDay(dayFrom(-10), 4, 9, 1, { '/': 3, '/quiet-quitting': 1 }));
    await tables.put(tables.names.analytics, storedDay(dayFrom(-8), 6, 11, 2, { '/': 6 }));
    await tables.put(tables.names.analytics, storedDay(dayFrom(-11), 5, 5, 0, { '/': 5 })); // the period before
    await tables.put(tables.names.analytics, storedDay(dayFrom(-7), 50, 50, 9, { '/': 50 })); // after the range

    const answer = await report(from, to);

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toMatchObject({
      range: { from, to },
      previous: { from: dayFrom(-13), to: dayFrom(-11) },
      days: [
        { day: dayFrom(-10), visitors: 4, views: 9, conversions: 1 },
        { day: dayFrom(-9), visitors: 0, views: 0, conversions: 0 },
        { day: dayFrom(-8), visitors: 6, views: 11, conversions: 2 },
      ],
      totals: {
        visitors: 10,
        views: 20,
        conversions: 3,
        byKind: { scorecard: 3, signup: 0, subscription: 0 },
        conversionRate: 0.3,
      },
      previousTotals: { visitors: 5, views: 5, conversions: 0, conversionRate: 0 },
      spikes: [],
    });
    expect((answer.json as { lists: { pages: unknown } }).lists.pages).toEqual([
      { key: '/', visitors: 9, views: 9, conversions: 0, conversionRate: 0 },
      { key: '/quiet-quitting', visitors: 1, views: 1, conversions: 0, conversionRate: 0 },
    ]);
  });

  it('counts today from its raw visits, not rolled up yet, and says which days are final', async () => {
    await tables.put(tables.names.analytics, {
      id: visitId(today(), 'visitor1'),
      kind: 'visit',
      visitDay: today(),
      firstSeenAt: nowSeconds(),
      expiresAt: nowSeconds() + 86_400,
      views: 2,
      entry: '/',
      'page:/': 1,
      'page:/about': 1,
      'conversion:signup': 1,
    });

    const answer = await report(today(), today());

    expect(answer).toMatchObject({
      statusCode: 200,
      json: {
        days: [{ day: today(), visitors: 1, views: 2, conversions: 1 }],
        totals: { visitors: 1, views: 2, conversions: 1, byKind: { signup: 1 }, conversionRate: 1 },
        finalThrough: dayFrom(-3),
      },
    });
  });

  it('refuses a range the rules do not allow (400), in their exact words', async () => {
    const refusals = await Promise.all([
      send('GET', '/api/admin/site/report'),
      report('2026-02-30', '2026-03-02'),
      report(dayFrom(-1), dayFrom(-2)),
      report(dayFrom(-1), dayFrom(1)),
      report(dayFrom(-400), dayFrom(-1)),
    ]);

    expect(refusals.map((answer) => [answer.statusCode, (answer.json as { message: string }).message])).toEqual([
      [400, 'Choose the first and the last day.'],
      [400, 'Write each day as yyyy-mm-dd, a day that exists.'],
      [400, 'The first day must not be after the last day.'],
      [400, 'The last day cannot be after today.'],
      [400, 'Choose at most 366 days.'],
    ]);
  });

  it('changes nothing it reads and logs nothing (sums, never a person); without a session it answers 401', async () => {
    const day = storedDay(dayFrom(-10), 4, 9, 1, { '/': 4 });
    await tables.put(tables.names.analytics, day);

    const answer = await report(dayFrom(-10), dayFrom(-10));
    signOut();
    const anonymous = await report(dayFrom(-10), dayFrom(-10));

    expect([answer.statusCode, anonymous.statusCode]).toEqual([200, 401]);
    expect(await tables.all(tables.names.analytics, '')).toEqual([day]);
    expect(await tables.all(tables.names.console, 'audit#')).toEqual([]);
  });
});
