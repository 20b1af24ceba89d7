/**
 * The console's Subscribers screen (shared/console/subscribers.ts) against tables of this file alone,
 * so its counts are exactly what it seeded: counts by audience, state and topic, implied consent
 * ending within 30 days, the filtered and paged list, and the CSV export (formula-safe, audited).
 */
import { type RouteCall } from '#shared/route-key.ts';
import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { createTables, localDynamoClient } from '#infra/local/services.ts';
import { emailClaimId } from '#lambdas/data/subscriber-item.ts';
import { BAD_FILTER, SUBSCRIBER_ROUTES } from '#shared/console/subscribers.ts';
import { subscriberItem, type Kind } from '../../support/campaign-subscribers';

const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
const saved = { ...process.env };
let client: typeof import('./console-client');
let session = '';
let subscribersTable = '';

const seed = async (kind: Kind, email: string, change: Record<string, unknown> = {}) => {
  const item = { ...subscriberItem(kind, email), ...change };
  await db.send(
    new PutItemCommand({ TableName: subscribersTable, Item: marshall(item, { removeUndefinedValues: true }) }),
  );
  await db.send(
    new PutItemCommand({
      TableName: subscribersTable,
      Item: marshall({ id: emailClaimId(item.audience, email), kind: 'email-claim', subscriberId: item.id }),
    }),
  );
};

beforeAll(async () => {
  // Tables of this file: the handler reads their names when it is loaded, below.
  const names = await createTables(
    process.env.AWS_ENDPOINT_URL_DYNAMODB!,
    (table) => `${table.logicalName}-subs-${process.pid}`,
  );
  Object.assign(process.env, {
    SUBSCRIBERS_TABLE: names.Subscribers,
    LEADS_TABLE: names.Leads,
    CAMPAIGNS_TABLE: names.Campaigns,
    CONSOLE_TABLE: names.Console,
  });
  subscribersTable = names.Subscribers!;
  client = await import('./console-client');
  session = client.sessionOf((await client.enrol('ann@chinooktalent.ca')).answer)!;
  await seed('eligible', 'ada@example.ca');
  await seed('eligible', 'bo@example.ca', { emailSetting: [false, true, false] });
  await seed('impliedValid', 'cy@example.ca', { impliedUntil: now() + 10 * DAY });
  await seed('impliedValid', 'di@example.ca', { impliedUntil: now() + 60 * DAY });
  await seed('unsubscribedAll', 'ed@example.ca');
  await seed('suppressed', 'fay@example.ca');
  await seed('eligible', '=HYPERLINK("x")@example.ca', { audience: 'employer', firstName: '@SUM(A1)' });
});
afterAll(() => {
  process.env = saved;
});

const get = (called: RouteCall, query?: Record<string, string>) => client.api(called, { session, query });

it("counts subscribers by audience, state and topic, and lists implied consent ending within 30 days, with the list's first page", async () => {
  // Act
  const answer = await get(SUBSCRIBER_ROUTES.list);
  const overview = answer.json.overview;
  // A later page (the cursor counts the rows before it) brings rows only.
  const later = await get(SUBSCRIBER_ROUTES.list, { cursor: Buffer.from('1').toString('base64url') });

  // Assess
  expect(answer.statusCode).toBe(200);
  expect(answer.json.items).toHaveLength(7);
  expect(overview.byState.candidate).toEqual({
    pending: 0,
    confirmed: 2,
    implied: 2,
    inquired: 0,
    lapsed: 0,
    unsubscribed: 1,
    suppressed: 1,
  });
  expect(overview.byState.employer).toMatchObject({ confirmed: 1 });
  expect(overview.byTopic.candidate).toEqual({ newsletter: 3, announcements: 4, services: 3 });
  expect(overview.impliedExpiring.map((row: { email: string }) => row.email)).toEqual(['cy@example.ca']);
  expect(later.json.items).toEqual(answer.json.items.slice(1));
  expect(later.json).not.toHaveProperty('overview');
});

it('lists by filter and refuses a filter or a cursor it does not know', async () => {
  // Act
  const confirmed = await get(SUBSCRIBER_ROUTES.list, { audience: 'candidate', state: 'confirmed' });
  const announcements = await get(SUBSCRIBER_ROUTES.list, { audience: 'candidate', topic: 'announcements' });
  const unknown = await get(SUBSCRIBER_ROUTES.list, { state: 'vip' });
  const badCursor = await get(SUBSCRIBER_ROUTES.list, { cursor: 'bm90LWEtbnVtYmVy' });

  // Assess
  expect(confirmed.json.items.map((row: { email: string }) => row.email).sort()).toEqual([
    'ada@example.ca',
    'bo@example.ca',
  ]);
  expect(confirmed.json.next).toBeUndefined();
  // The counts with a filtered first page are everyone's, not the filter's.
  expect(confirmed.json.overview.byState.candidate).toMatchObject({ confirmed: 2, implied: 2, unsubscribed: 1 });
  expect(announcements.json.items).toHaveLength(4);
  expect(unknown).toMatchObject({ statusCode: 400, json: { message: BAD_FILTER } });
  expect(badCursor.statusCode).toBe(400);
});

it('logs each page of the list it shows, with the filter and which rows, in plain words', async () => {
  // Act: the screen's first page, then a filtered page further on
  await get(SUBSCRIBER_ROUTES.list);
  await get(SUBSCRIBER_ROUTES.list, { audience: 'candidate', cursor: Buffer.from('2').toString('base64url') });
  const audit = await client.api(AUDIT_ROUTES.page, { session });

  // Assess: newest first
  expect(audit.json.items.slice(0, 2)).toEqual([
    expect.objectContaining({
      actor: 'ann@chinooktalent.ca',
      action: 'subscribers.view',
      summary: 'Viewed the subscriber list (audience candidate): 3 to 6 of 6 shown',
    }),
    expect.objectContaining({
      action: 'subscribers.view',
      summary: 'Viewed the subscriber list (everyone): 1 to 7 of 7 shown',
    }),
  ]);
});

it('exports the filtered list as CSV with every cell quoted and formulas defused, and audits it', async () => {
  // Act
  const answer = await get(SUBSCRIBER_ROUTES.export, { audience: 'employer' });
  const audit = await client.api(AUDIT_ROUTES.page, { session });

  // Assess
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
  const [header, row, ...rest] = answer.body.split('\n');
  expect(header).toBe('"audience","state","email","firstName","lastName","topics","since","impliedUntil"');
  expect(row).toMatch(
    /^"employer","confirmed","'=HYPERLINK\(""x""\)@example.ca","'@SUM\(A1\)","Seed","newsletter announcements services","[^"]+",""$/,
  );
  expect(rest).toEqual([]);
  expect(audit.json.items[0]).toMatchObject({
    action: 'subscribers.export',
    summary: 'Exported 1 subscriber as CSV (audience employer)',
  });
});
