/**
 * A flood spread over many addresses of one network, then a real visitor from elsewhere
 * (docs/decisions/0003-abuse-limits.md, amendment 2026-11-28; issue 33, part 8). 800 addresses of
 * one IPv6 /48, each its own /64 "client", spend the network's budget and are then refused; the
 * visitor's email, held because the flood filled the form-mail budget, goes out by itself once
 * the window turns, once, with no owner's release. The flood's own held emails wait for the firm.
 *
 * The handlers' clock is set to an hour of its own, far ahead, and moved on by the test (as the
 * unit limit tests move theirs), so the budget's counters are this file's alone; the budget is 3 emails a
 * 10-minute window, held beyond one window. The mailer is invoked as the leads stream invokes it,
 * for this file's leads only: a sweep at a later time would deliver other files' leads early.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { localDynamoClient } from '#infra/local/services.ts';
import { asFunction } from '#test/support/twin-iam.ts';
import { invoke, jsonEvent } from '#test/support/api-events.ts';
import { signupBody } from '#test/support/payloads.ts';
import { capturedEmailsTo, leadsOf, readItem, tables, uniqueEmail, writeItem } from './support/local-aws';

const WINDOW = 600;
const NEXT_ROOM = 'limit#form-mail#next-room';
// An hour no other file's clock reaches, different on every run (dynalite's data may persist).
const HOUR = 3600;
const START = (Math.floor(Date.now() / 1000 / HOUR) + 24 * 365 * 5 + Math.floor(Math.random() * 24 * 365)) * HOUR;

// The handlers' clock (lambdas/runtime/clock.ts), moved by the test; Date stays real, for the SDK.
let clock = START;
const setClock = (seconds: number) => (clock = seconds);
jest.mock('#lambdas/runtime/clock.ts', () => ({
  ...jest.requireActual<object>('#lambdas/runtime/clock.ts'),
  nowSeconds: () => clock,
}));

Object.assign(process.env, {
  SUBMISSIONS_PER_CLIENT_PER_HOUR: '10',
  SUBMISSIONS_PER_NETWORK_PER_HOUR: '30',
  FORM_MAILS_PER_HOUR: '3',
  FORM_MAILS_WINDOW_SECONDS: String(WINDOW),
  FORM_MAIL_HOLD_SECONDS: String(WINDOW),
});

type Handler = (event: unknown, context: unknown) => Promise<unknown>;
let signup: Handler;
let mailer: Handler;
let nextRoomBefore: Record<string, unknown> | undefined;

beforeAll(async () => {
  // Imported after the environment is set: the handlers read their limits when they load.
  signup = asFunction('signup', (await import('#lambdas/handlers/signup.ts')).handler) as unknown as Handler;
  mailer = asFunction('mailer', (await import('#lambdas/handlers/mailer.ts')).handler) as unknown as Handler;
  // The budget's "first window with room" marker is one item for the whole table: put it back after.
  nextRoomBefore = await readItem(tables.leads, NEXT_ROOM);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterAll(async () => {
  if (nextRoomBefore) await writeItem(tables.leads, nextRoomBefore);
  else await writeItem(tables.leads, { id: NEXT_ROOM, kind: 'submission-counter', window: 0 });
});

const submitFrom = (viewer: string, email: string) =>
  invoke(
    signup,
    jsonEvent({
      routeKey: 'POST /api/signup',
      path: '/api/signup',
      json: signupBody({ email, firstName: 'Flood' }),
      headers: { 'cloudfront-viewer-address': viewer },
    }),
  );

/** The mailer's attempt at these leads, as the leads stream (or the sweep, for one due) makes it. */
const deliver = async (leadIds: string[]) => {
  const Records = leadIds.map((id) => ({
    eventName: 'INSERT',
    dynamodb: { NewImage: { kind: { S: 'lead' }, id: { S: id } } },
  }));
  await mailer({ Records } as unknown as DynamoDBStreamEvent, {});
};

/** The leads whose address starts with `prefix` (one scan, all pages). */
const leadsStartingWith = async (prefix: string) => {
  const db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  const leads: Record<string, unknown>[] = [];
  let ExclusiveStartKey: ScanCommand['input']['ExclusiveStartKey'];
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tables.leads,
        FilterExpression: '#kind = :lead AND begins_with(email, :prefix)',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':lead': { S: 'lead' }, ':prefix': { S: prefix } },
        ExclusiveStartKey,
      }),
    );
    leads.push(...(page.Items ?? []).map((item) => unmarshall(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return leads as { id: string }[];
};

/** Runs `task` over `items`, `width` at a time. */
const inParallel = async <T, R>(items: T[], width: number, task: (item: T) => Promise<R>) => {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(task))));
  }
  return results;
};

describe('a flood from 800 addresses of one /48, then a real visitor from elsewhere', () => {
  it("refuses the flood past its network's budget and sends the visitor's email once the window turns, with no owner action", async () => {
    // Arrange
    setClock(START);
    const tag = uniqueEmail('flood').split('@')[0]!.replace(/\W/g, '');
    const flood = Array.from({ length: 800 }, (_, index) => ({
      viewer: `[2001:db8:f100:${index.toString(16)}::7]:443`,
      email: `${tag}.${index}@example.net`,
    }));
    const visitor = uniqueEmail('visitor');

    // Act: the flood, then the visitor, in the same window.
    const answers = await inParallel(flood, 8, ({ viewer, email }) => submitFrom(viewer, email));
    const visitorAnswer = await submitFrom('198.51.100.7:50123', visitor);
    const floodLeads = await leadsStartingWith(`${tag}.`);
    const [visitorLead] = await leadsOf(visitor);
    await deliver([...floodLeads.map((lead) => lead.id), visitorLead!.id]);

    // Assess: 30 of the flood accepted (the /48's hour), the rest refused as one client would be.
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(30);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(770);
    expect(floodLeads).toHaveLength(30);
    expect(visitorAnswer.statusCode).toBe(200);
    // The flood's 30 filled this window and the next: the visitor's email is held, not sent.
    expect(await readItem(tables.leads, visitorLead!.id)).toMatchObject({
      mail: { notification: 'sent', confirmation: 'held' },
      mailStatus: 'held',
    });
    expect(await capturedEmailsTo(visitor)).toEqual([]);

    // Act: the windows turn (the hour too, so the flood's block is judged on its whole hour);
    // the mailer makes its attempts as they come due, twice, as the sweep would.
    setClock(START + HOUR);
    const ids = [...floodLeads.map((lead) => lead.id), visitorLead!.id];
    await deliver(ids);
    setClock(START + HOUR + WINDOW);
    await deliver(ids);

    // Assess: the visitor's confirmation went once, by itself; the flood's held emails wait for the firm.
    const toVisitor = await capturedEmailsTo(visitor);
    expect(toVisitor.map((mail) => mail.subject)).toEqual([
      'Please confirm your subscription to Chinook Talent Partners',
    ]);
    expect(await readItem(tables.leads, visitorLead!.id)).toMatchObject({
      mail: { notification: 'sent', confirmation: 'sent' },
      mailStatus: 'sent',
    });
    const floodAfter = await inParallel(floodLeads, 8, (lead) => readItem(tables.leads, lead.id));
    const heldForTheFirm = floodAfter.filter((lead) => lead!.mail.confirmation === 'held');
    expect(heldForTheFirm.length).toBeGreaterThanOrEqual(24);
    for (const lead of heldForTheFirm) {
      expect(lead).toMatchObject({ mailStatus: 'held', partOfFlood: expect.stringContaining('2001:db8:f100::/48') });
      expect(lead!.mailQueue).toBeUndefined();
    }
  }, 240_000);
});
