/**
 * Nothing of a visitor is kept once their day is over (issue 32, docs/decisions/0081-privacy-first-analytics.md):
 * after a day of synthetic visits (some of them signing up and confirming) and that day's roll-up,
 * every item of every table is read, and everything the functions logged: no item holds a browsing
 * visitor's address, the visits' hashes or the day's salt, and no log line holds an address. The
 * next day's salt hashes the same browser to another visitor, so the days cannot be linked.
 *
 * What the forms keep of a person who submits one is theirs, not the counting's, and is named here:
 * the per-client limit counters of the forms (`limit#client#<address>#<hour>`, kept two hours,
 * decision 0003) and the confirmation's consent record and the subscriber's last consent (the
 * address and agent it came from, CASL's proof, decision 0002).
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '#lambdas/data/attribute-values.ts';
import { localDynamoClient } from '#infra/local/services.ts';
import { TABLES } from '#infra/cdk/constructs/table-definitions.ts';
import { addDays } from '#shared/console/site.ts';
import { asFunction } from '#test/support/twin-iam.ts';
import { visitorOf } from '#lambdas/domain/visitor-day.ts';
import { confirmEvent, invoke, signupEvent } from '#test/support/api-events.ts';
import { signupBody } from '#test/support/payloads.ts';
import { confirmationTokenFor, leadsOf, readItem, siteUrl, tables, uniqueEmail } from './support/local-aws';
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
let confirm: Handler;
let mailer: Handler;
let rollup: () => Promise<unknown>;
let sitemap: ReturnType<typeof serveSitemap>;
/** Every line the functions printed (their logs, as CloudWatch would keep them). */
const logged: string[] = [];

beforeAll(async () => {
  sitemap = serveSitemap();
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    jest.spyOn(console, level).mockImplementation((...parts: unknown[]) => {
      logged.push(
        parts.map((part) => (part instanceof Error ? `${part.message} ${part.stack}` : String(part))).join(' '),
      );
    });
  }
  collect = asFunction('collectVisit', (await import('#lambdas/handlers/collect-visit.ts')).handler) as Handler;
  signup = asFunction('signup', (await import('#lambdas/handlers/signup.ts')).handler) as unknown as Handler;
  confirm = asFunction(
    'confirmSubscription',
    (await import('#lambdas/handlers/confirm-subscription.ts')).handler,
  ) as unknown as Handler;
  mailer = asFunction('mailer', (await import('#lambdas/handlers/mailer.ts')).handler) as unknown as Handler;
  const rollupHandler = (await import('#lambdas/handlers/site-rollup.ts')).handler;
  rollup = asFunction('siteRollup', () => rollupHandler());
});
afterAll(() => sitemap.restore());

const DAY = farDay();
const NEXT_DAY = addDays(DAY, 1);
const SITE_HOST = new URL(siteUrl).host;

/** Every item of every table the stack has (this run's names), as JSON text. */
const everyItem = async (): Promise<{ table: string; item: Record<string, unknown>; text: string }[]> => {
  const db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  const names = TABLES.flatMap((table) => process.env[`${table.logicalName.toUpperCase()}_TABLE`] ?? []);
  const items: { table: string; item: Record<string, unknown>; text: string }[] = [];
  for (const table of names) {
    let ExclusiveStartKey: ScanCommand['input']['ExclusiveStartKey'];
    do {
      const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey }));
      for (const raw of page.Items ?? []) {
        const item = unmarshall(raw);
        items.push({ table, item, text: JSON.stringify(item) });
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
  return items;
};

describe("after a day's roll-up", () => {
  it("no table and no log holds a visitor's address, the day's hashes or its salt, and the next day's hash is another", async () => {
    // Arrange: four people browse; ana also signs up and confirms from the same browser.
    const ana: Browser = { address: randomAddress(), userAgent: USER_AGENTS.chromeMac, country: 'CA' };
    const browsing: Browser[] = [
      { address: randomAddress(), userAgent: USER_AGENTS.iPhone, country: 'CA' },
      {
        address: `2001:db8:${randomAddress().split('.').slice(1).join(':')}::7`,
        userAgent: USER_AGENTS.firefoxWindows,
      },
      { address: randomAddress(), userAgent: USER_AGENTS.androidTablet, country: 'US' },
    ];
    for (const [index, browser] of [ana, ...browsing].entries()) {
      clock = at(DAY, `1${index}:00`);
      await sendBeacon(collect, browser, { path: '/', referrer: 'www.linkedin.com', campaign: 'winter-hiring' });
      await sendBeacon(collect, browser, { path: '/contact' });
    }
    const email = uniqueEmail('ana');
    clock = at(DAY, '15:00');
    await invoke(signup, signupEvent(signupBody({ email }), headersOf(ana)));
    const [lead] = await leadsOf(email);
    const Records = [{ eventName: 'INSERT', dynamodb: { NewImage: { kind: { S: 'lead' }, id: { S: lead!.id } } } }];
    await mailer({ Records } as unknown as DynamoDBStreamEvent, {});
    await invoke(confirm, confirmEvent('candidate', await confirmationTokenFor(email), headersOf(ana)));
    // What the day's records are, before the roll-up: its salt and its visitors' hashes.
    const salt = (await readItem(tables.analytics, `salt#${DAY}`))!.salt as string;
    const dayItems = (await everyItem()).filter(({ item }) => item.visitDay === DAY);
    const hashes = dayItems.map(({ item }) => String(item.id).split('#')[2]!);
    expect(dayItems.filter(({ item }) => item.kind === 'visit')).toHaveLength(4);

    // Act: the next day comes; the roll-up runs; ana comes back.
    clock = at(NEXT_DAY, '01:00');
    await rollup();
    clock = at(NEXT_DAY, '09:00');
    await sendBeacon(collect, ana, { path: '/' });
    const items = await everyItem();

    // Assess: the day's salt and hashes are nowhere, nor is anything of it but its sums.
    expect(items.filter(({ text }) => text.includes(salt))).toEqual([]);
    expect(items.filter(({ text }) => hashes.some((hash) => text.includes(hash)))).toEqual([]);
    expect(items.filter(({ item }) => item.visitDay === DAY)).toEqual([]);
    expect(await readItem(tables.analytics, `day#${DAY}`)).toMatchObject({ visitors: 4, views: 8, conversions: 2 });
    // No address of a browsing visitor in any item; ana's only where the forms keep it (see above).
    for (const { address } of browsing) expect(items.filter(({ text }) => text.includes(address))).toEqual([]);
    expect(
      items
        .filter(({ text }) => text.includes(ana.address))
        .map(({ item }) => String(item.kind))
        .sort(),
    ).toEqual(['consent-record', 'submission-counter', 'subscriber']);
    // The analytics table holds no address and no user agent at all.
    const analytics = items.filter(({ table }) => table === tables.analytics);
    for (const { address, userAgent } of [ana, ...browsing]) {
      expect(analytics.filter(({ text }) => text.includes(address) || text.includes(userAgent))).toEqual([]);
    }
    // Today ana is another visitor: today's salt gives her another hash, which yesterday's records never held.
    const todaySalt = (await readItem(tables.analytics, `salt#${NEXT_DAY}`))!.salt as string;
    const today = visitorOf({ day: NEXT_DAY, salt: todaySalt }, { site: SITE_HOST, ...ana });
    expect(await readItem(tables.analytics, `visit#${NEXT_DAY}#${today}`)).toMatchObject({ views: 1 });
    expect(hashes).not.toContain(today);
    // Nothing logged holds an address.
    for (const { address } of [ana, ...browsing]) expect(logged.filter((line) => line.includes(address))).toEqual([]);
  });
});
