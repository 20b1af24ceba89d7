/**
 * The site's visit counting end to end on the twin (issue 32, docs/decisions/0081-privacy-first-analytics.md):
 * synthetic visitors on two firm days, each a browser with its own address and user agent, some
 * from a campaign's link, some converting through the real form and confirmation handlers; a
 * crawler and a headless browser; the hourly roll-up; then the console's report, whose figures must
 * be exactly the traffic's, before the roll-up (counted live) and after it (from the day's sums).
 *
 * The handlers' clock is this file's: days far ahead, random per run, so the shared tables' days are
 * its alone. The site's sitemap is served through the global fetch the collectVisit function uses.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { addDays, SITE_ROUTES, type SiteReport, type SiteRow } from '#shared/console/site.ts';
import { asFunction } from '#test/support/twin-iam.ts';
import { confirmEvent, invoke, scorecardEvent, signupEvent } from '#test/support/api-events.ts';
import { scorecardBody, signupBody } from '#test/support/payloads.ts';
import { confirmationTokenFor, leadsOf, readItem, tables, uniqueEmail, writeItem } from './support/local-aws';
import {
  at,
  farDay,
  headersOf,
  randomAddress,
  sendBeacon,
  serveSitemap,
  USER_AGENTS,
  type Browser,
} from './support/site-traffic';

let clock = 0;
jest.mock('#lambdas/runtime/clock.ts', () => ({
  ...jest.requireActual<object>('#lambdas/runtime/clock.ts'),
  nowSeconds: () => clock,
}));

type Handler = (event: unknown, context: unknown) => Promise<unknown>;
let collect: Handler;
let signup: Handler;
let scorecard: Handler;
let confirm: Handler;
let mailer: Handler;
let rollup: () => Promise<unknown>;
let console_: typeof import('./console/console-client');
let passkey: Awaited<ReturnType<(typeof import('./console/console-client'))['enrol']>>['passkey'];
let sitemap: ReturnType<typeof serveSitemap>;

beforeAll(async () => {
  sitemap = serveSitemap();
  collect = asFunction('collectVisit', (await import('#lambdas/handlers/collect-visit.ts')).handler) as Handler;
  signup = asFunction('signup', (await import('#lambdas/handlers/signup.ts')).handler) as unknown as Handler;
  scorecard = asFunction(
    'requestScorecard',
    (await import('#lambdas/handlers/request-scorecard.ts')).handler,
  ) as unknown as Handler;
  confirm = asFunction(
    'confirmSubscription',
    (await import('#lambdas/handlers/confirm-subscription.ts')).handler,
  ) as unknown as Handler;
  mailer = asFunction('mailer', (await import('#lambdas/handlers/mailer.ts')).handler) as unknown as Handler;
  const rollupHandler = (await import('#lambdas/handlers/site-rollup.ts')).handler;
  rollup = asFunction('siteRollup', () => rollupHandler());
  console_ = await import('./console/console-client');
  clock = Math.floor(Date.now() / 1000);
  ({ passkey } = await console_.enrol('ann@chinooktalent.ca'));
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => sitemap.restore());

const DAY_1 = farDay();
const DAY_2 = addDays(DAY_1, 1);

/** The browsers of the traffic (addresses random per run; eve shares ana's address, not her browser). */
const ana: Browser = { address: randomAddress(), userAgent: USER_AGENTS.chromeMac, country: 'CA' };
const ben: Browser = { address: randomAddress(), userAgent: USER_AGENTS.iPhone, country: 'CA' };
const cat: Browser = { address: randomAddress(), userAgent: USER_AGENTS.firefoxWindows, country: 'US' };
const dan: Browser = { address: randomAddress(), userAgent: USER_AGENTS.androidTablet, country: 'CA' };
const eve: Browser = { address: ana.address, userAgent: USER_AGENTS.iPhone, country: 'CA' };
const fay: Browser = { address: randomAddress(), userAgent: USER_AGENTS.chromeMac, country: 'CA' };
const crawler: Browser = { address: randomAddress(), userAgent: USER_AGENTS.googlebot, country: 'US' };
const headless: Browser = { address: randomAddress(), userAgent: USER_AGENTS.headlessChrome, country: 'CA' };

const CAMPAIGN = { source: 'newsletter', medium: 'email', campaign: 'winter-hiring' };

/** A page view at `time` of `day` (day 1 unless said). */
const view = async (browser: Browser, time: string, path: string, origin: Record<string, string> = {}, day = DAY_1) => {
  clock = at(day, time);
  const answer = await sendBeacon(collect, browser, { path, ...origin });
  expect(answer.statusCode).toBe(204);
};

/** The stored lead of a form, handed to the mailer as the leads stream would (its confirmation email). */
const mailLeadOf = async (email: string) => {
  const [lead] = await leadsOf(email);
  const Records = [{ eventName: 'INSERT', dynamodb: { NewImage: { kind: { S: 'lead' }, id: { S: lead!.id } } } }];
  await mailer({ Records } as unknown as DynamoDBStreamEvent, {});
};

/** The Site screen's report, as an owner signed in now (the handlers' clock) sees it. */
const report = async (from: string, to: string): Promise<SiteReport> => {
  const session = console_.sessionOf(await console_.signInWith(passkey))!;
  const answer = await console_.api(SITE_ROUTES.report, { session, query: { from, to } });
  expect(answer.statusCode).toBe(200);
  return answer.json as SiteReport;
};

const row = (key: string, visitors: number, views: number, conversions: number): SiteRow => ({
  key,
  visitors,
  views,
  conversions,
  conversionRate: visitors > 0 ? conversions / visitors : null,
});
const sorted = (rows: SiteRow[]) => [...rows].sort((a, b) => (a.key < b.key ? -1 : 1));

/** What the traffic of DAY_1 below makes, list by list. */
const DAY_1_LISTS = {
  pages: [
    row('/', 2, 2, 2),
    row('/about', 1, 2, 0),
    row('/contact', 1, 1, 1),
    row('/employer', 1, 1, 1),
    row('/employer/form', 1, 1, 1),
    row('/hiring-for-the-holidays', 1, 1, 0),
    row('/quiet-quitting', 2, 2, 1),
  ],
  entryPages: [
    row('/', 1, 3, 1),
    row('/about', 1, 2, 0),
    row('/hiring-for-the-holidays', 1, 1, 0),
    row('/quiet-quitting', 2, 4, 1),
  ],
  articles: [row('/hiring-for-the-holidays', 1, 1, 0), row('/quiet-quitting', 2, 2, 1)],
  sources: [
    row('(direct) / (none)', 1, 2, 0),
    row('newsletter / email', 2, 4, 1),
    row('www.google.com / referral', 1, 1, 0),
    row('www.linkedin.com / referral', 1, 3, 1),
  ],
  referrers: [row('(none)', 3, 6, 1), row('www.google.com', 1, 1, 0), row('www.linkedin.com', 1, 3, 1)],
  campaigns: [row('(none)', 3, 6, 1), row('winter-hiring', 2, 4, 1)],
  countries: [row('CA', 4, 7, 1), row('US', 1, 3, 1)],
  devices: [row('desktop', 2, 6, 2), row('mobile', 2, 2, 0), row('tablet', 1, 2, 0)],
};

describe('synthetic traffic on two days, counted, converted, rolled up and reported', () => {
  it('counts each page, source and campaign exactly, a visitor once a day, and no crawler', async () => {
    // Arrange: nothing of these days yet.
    clock = at(DAY_1, '09:00');
    expect((await report(DAY_1, DAY_1)).totals).toMatchObject({ visitors: 0, views: 0, conversions: 0 });

    // Act, day 1. ana follows the newsletter's link to a post, reads the contact page, signs up and
    // confirms from the same browser; she comes back in the afternoon from LinkedIn to the home page.
    await view(ana, '10:00', '/quiet-quitting', CAMPAIGN);
    await view(ana, '10:02', '/contact', CAMPAIGN);
    const anaEmail = uniqueEmail('ana');
    clock = at(DAY_1, '10:03');
    expect((await invoke(signup, signupEvent(signupBody({ email: anaEmail }), headersOf(ana)))).statusCode).toBe(200);
    // A double click: the same submission again is no second conversion.
    expect((await invoke(signup, signupEvent(signupBody({ email: anaEmail }), headersOf(ana)))).statusCode).toBe(200);
    await mailLeadOf(anaEmail);
    clock = at(DAY_1, '10:20');
    const token = await confirmationTokenFor(anaEmail);
    expect((await invoke(confirm, confirmEvent('candidate', token, headersOf(ana)))).statusCode).toBe(200);
    await view(ana, '15:00', '/', { referrer: 'www.linkedin.com' });
    // ben: the same campaign on his phone, one page.
    await view(ben, '11:00', '/quiet-quitting', CAMPAIGN);
    // cat: from LinkedIn, reads about the scorecard and requests it.
    await view(cat, '11:30', '/', { referrer: 'www.linkedin.com' });
    await view(cat, '11:31', '/employer');
    await view(cat, '11:32', '/employer/form', { referrer: 'www.linkedin.com' });
    clock = at(DAY_1, '11:35');
    const catEmail = uniqueEmail('cat');
    expect(
      (await invoke(scorecard, scorecardEvent(scorecardBody({ email: catEmail }), headersOf(cat)))).statusCode,
    ).toBe(202);
    // dan types the address on a tablet and reloads the page.
    await view(dan, '12:00', '/about');
    await view(dan, '12:01', '/about');
    // eve shares ana's address (one household), on her own phone, from a search.
    await view(eve, '13:00', '/hiring-for-the-holidays', { referrer: 'www.google.com' });
    // A crawler and a headless browser run the script too.
    await view(crawler, '14:00', '/');
    await view(crawler, '14:01', '/about');
    await view(headless, '14:02', '/');
    // fay never ran the script (or came from another device) and signs up: a conversion with no visit.
    clock = at(DAY_1, '16:00');
    expect(
      (await invoke(signup, signupEvent(signupBody({ email: uniqueEmail('fay') }), headersOf(fay)))).statusCode,
    ).toBe(200);

    // Act, day 2: ana and cat come back; each is a new visitor of the day.
    await view(ana, '09:00', '/', {}, DAY_2);
    await view(cat, '09:30', '/blog', {}, DAY_2);
    const live = await report(DAY_1, DAY_1);
    const twoDaysLive = await report(DAY_1, DAY_2);

    // The roll-up after day 1 ends: day 1's sums stored, its raw records and salt gone.
    clock = at(DAY_2, '01:00');
    await rollup();
    const rolled = await report(DAY_1, DAY_1);
    const twoDaysRolled = await report(DAY_1, DAY_2);

    // Assess: day 1, counted live and from its sums alike.
    for (const day1 of [live, rolled]) {
      expect(day1.days).toEqual([{ day: DAY_1, visitors: 5, views: 10, conversions: 4 }]);
      expect(day1.totals).toEqual({
        visitors: 5,
        views: 10,
        conversions: 4,
        byKind: { scorecard: 1, signup: 2, subscription: 1 },
        conversionRate: 4 / 5,
      });
      for (const [list, rows] of Object.entries(DAY_1_LISTS)) {
        expect([list, sorted(day1.lists[list as keyof typeof DAY_1_LISTS])]).toEqual([list, sorted(rows)]);
      }
    }
    // Both days: ana and cat count again on day 2 (days are not linked), the crawler never.
    for (const both of [twoDaysLive, twoDaysRolled]) {
      expect(both.days).toEqual([
        { day: DAY_1, visitors: 5, views: 10, conversions: 4 },
        { day: DAY_2, visitors: 2, views: 2, conversions: 0 },
      ]);
      expect(both.totals).toMatchObject({ visitors: 7, views: 12, conversions: 4 });
      expect(both.previous).toEqual({ from: addDays(DAY_1, -2), to: addDays(DAY_1, -1) });
      expect(both.previousDays.map((day) => day.visitors)).toEqual([0, 0]);
      expect(sorted(both.lists.pages).find((page) => page.key === '/')).toEqual(row('/', 3, 3, 2));
    }
    expect(rolled.finalThrough).toBe(DAY_1);
    expect(await readItem(tables.analytics, `salt#${DAY_1}`)).toBeUndefined();
  });

  it('flags a day whose visitors exceed three times the median of the 28 days before it', async () => {
    // Arrange: 28 quiet days of 4 visitors, then a day of 13 and a day of 12 (3 × 4 is not exceeded).
    const start = farDay();
    const quiet = Array.from({ length: 28 }, (_, index) => addDays(start, index));
    const [spike, notSpike] = [addDays(start, 28), addDays(start, 29)];
    const summary = (day: string, visitors: number) => ({
      id: `day#${day}`,
      kind: 'site-day',
      day,
      visitors,
      views: visitors,
      conversions: 0,
      byKind: { scorecard: 0, signup: 0, subscription: 0 },
      lists: {},
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    for (const day of quiet) await writeItem(tables.analytics, summary(day, 4));
    await writeItem(tables.analytics, summary(spike, 13));
    await writeItem(tables.analytics, summary(notSpike, 12));
    clock = at(addDays(notSpike, 3), '12:00');

    // Act
    const answer = await report(spike, notSpike);

    // Assess: the 28 days before the spike have a median of 4; before the next day, still 4.
    expect(answer.spikes).toEqual([{ day: spike, visitors: 13, median: 4 }]);
  });
});
