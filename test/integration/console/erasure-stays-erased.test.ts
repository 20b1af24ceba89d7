/**
 * An erasure stays erased (issue 33, docs/decisions/0072-erasure.md): SES's complaint or hard
 * bounce about an email sent before the erasure, arriving after it (or at the same moment), puts
 * the address back in no table; the mailbox stays suppressed by its hash; and the words an owner
 * typed when unsubscribing the person by phone are not in what the erasure keeps. Against
 * dynalite, each handler held to its function's role.
 */
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context } from 'aws-lambda';
import { localDynamoClient } from '#infra/local/services.ts';
import { campaignSenderDepsFromEnv } from '#lambdas/campaigns/campaign-deps.ts';
import { sendToRecipient } from '#lambdas/campaigns/send-to-recipient.ts';
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import { leadKeyOf } from '#lambdas/data/lead-item.ts';
import type { TableStore } from '#lambdas/data/stores.ts';
import { recordErasedSuppression, recordSuppression } from '#lambdas/data/suppressions.ts';
import { mailboxHash } from '#lambdas/domain/mailbox-hash.ts';
import { handler as sesEventsHandler } from '#lambdas/handlers/ses-events.ts';
import { handler as signupHandler } from '#lambdas/handlers/signup.ts';
import { PEOPLE_ROUTES } from '#shared/console/people.ts';
import { asFunction } from '#test/support/twin-iam.ts';
import { invoke, signupEvent } from '#test/support/api-events.ts';
import { signupBody } from '#test/support/payloads.ts';
import { snsEvent } from '#test/support/stream-records.ts';
import {
  capturedEmailsTo,
  deliverDueMail,
  leadsOf,
  readItem,
  subscribe,
  tables,
  uniqueEmail,
  writeItem,
} from '../support/local-aws';
import { api, enrol, sessionOf } from './console-client';

const sesEvents = asFunction('sesEvents', sesEventsHandler);
const signup = asFunction('signup', signupHandler);
/** The two writers of a suppression, each held to its own function's role. */
const reportSuppression = asFunction('sesEvents', recordSuppression);
const eraseSuppression = asFunction('consoleApi', recordErasedSuppression);

const CAMPAIGNS_TABLE = process.env.CAMPAIGNS_TABLE!;
const ALL_TABLES = [tables.subscribers, tables.leads, tables.console, CAMPAIGNS_TABLE];
const OWNERS = process.env.CONSOLE_OWNERS!;
let owner = '';
let session = '';
let db: DynamoDBClient;

beforeAll(async () => {
  owner = `erased.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
});
afterAll(() => {
  process.env.CONSOLE_OWNERS = OWNERS;
});
beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const now = () => Math.floor(Date.now() / 1000);
const person = (route: keyof typeof PEOPLE_ROUTES, json: unknown) => api(PEOPLE_ROUTES[route], { json, session });

const CAMPAIGN: CampaignContent = {
  slug: 'erasure-late-news',
  subject: 'Erasure test news',
  topic: 'newsletter',
  audience: 'candidate',
  bodyHtml: '<p>Hello</p>',
  bodyText: 'Hello',
  contentHash: 'erasure-late',
};

/** SES's event about one email, as the configuration set publishes it to SNS, with its tags. */
const sesEvent = (
  eventType: 'Bounce' | 'Complaint',
  address: string,
  tags: Record<string, string[]>,
  messageId: string,
) =>
  JSON.stringify({
    eventType,
    mail: {
      messageId,
      timestamp: new Date((now() - 3600) * 1000).toISOString(),
      destination: [address],
      tags: { 'ses:configuration-set': ['events'], ...tags },
    },
    ...(eventType === 'Bounce'
      ? {
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address }] },
        }
      : { complaint: { complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse' } }),
  });

/** Every item of every table that mentions the text, in any case (its keys included). */
const itemsMentioning = async (text: string) => {
  const needle = text.toLowerCase();
  const found: { table: string; id: unknown }[] = [];
  for (const table of ALL_TABLES) {
    let start: Record<string, any> | undefined;
    do {
      const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      for (const raw of page.Items ?? []) {
        const item = unmarshall(raw);
        if (JSON.stringify(item).toLowerCase().includes(needle)) found.push({ table, id: item.id });
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return found;
};

/**
 * A confirmed subscriber with a campaign email sent (so the erasure keeps a CASL record), then
 * erased by an owner. Returns what the late events need to name the emails sent before.
 */
const erasedSubscriber = async (name: string) => {
  const email = uniqueEmail(name);
  const subscriber = await subscribe('candidate', email);
  expect(await sendToRecipient(campaignSenderDepsFromEnv(), CAMPAIGN, subscriber.id, now())).toEqual({
    result: 'sent',
  });
  expect(await person('erasure', { email, confirmEmail: email })).toMatchObject({
    statusCode: 200,
    json: { keptRecord: true },
  });
  return { email, subscriber, localPart: email.split('@')[0]! };
};

/** What the owner and the mailbox notice afterwards: suppressed by hash, and a new sign-up mails it nothing. */
const expectStillSuppressed = async (email: string) => {
  expect(await readItem(tables.subscribers, `suppression#${mailboxHash(email)}`)).toMatchObject({
    kind: 'suppression',
    reason: 'erasure',
  });
  expect((await person('record', { email })).json).toMatchObject({ suppression: { reason: 'erasure' } });
  const mailsBefore = (await capturedEmailsTo(email)).length;
  await invoke(signup, signupEvent(signupBody({ email, audience: 'candidate' })));
  const [again] = await leadsOf(email);
  expect(await deliverDueMail(again!.id)).toMatchObject({ mail: { notification: 'sent', confirmation: 'suppressed' } });
  expect(await capturedEmailsTo(email)).toHaveLength(mailsBefore);
  // That new lead is the person writing to the firm again: erasing it again leaves no address either.
  await person('erasure', { email, confirmEmail: email });
};

describe('a late report from SES after an erasure', () => {
  it('a complaint about a campaign email sent before: no table holds the address, the hash still suppresses it', async () => {
    // Prepare
    const { email, subscriber, localPart } = await erasedSubscriber('late-complaint');

    // Act: the person marks the old newsletter as spam, days later
    await sesEvents(
      snsEvent(sesEvent('Complaint', email, { campaign: [CAMPAIGN.slug], recipient: [subscriber.id] }, 'ses-late-c')),
      {} as Context,
    );

    // Assess
    expect(await readItem(tables.subscribers, `suppression#${email}`)).toBeUndefined();
    expect(await itemsMentioning(localPart)).toEqual([]);
    await expectStillSuppressed(email);
    expect(await itemsMentioning(localPart)).toEqual([]);
  });

  it('a hard bounce of the confirmation email, naming the address in capitals: the same', async () => {
    // Prepare
    const { email, subscriber, localPart } = await erasedSubscriber('late-bounce');
    const leadKey = leadKeyOf(subscriber.lead.id as string);

    // Act: the mailbox is closed, and its server says so late, in its own case
    await sesEvents(
      snsEvent(sesEvent('Bounce', email.toUpperCase(), { lead: [leadKey], part: ['confirmation'] }, 'ses-late-b')),
      {} as Context,
    );

    // Assess
    expect(await readItem(tables.subscribers, `suppression#${email}`)).toBeUndefined();
    expect(await itemsMentioning(localPart)).toEqual([]);
    await expectStillSuppressed(email);
    expect(await itemsMentioning(localPart)).toEqual([]);
  });
});

describe('a report from SES at the same moment as the erasure', () => {
  const store = (client: Pick<DynamoDBClient, 'send'>): TableStore => ({
    db: client as DynamoDBClient,
    table: tables.subscribers,
  });
  /** The subscribers table, running `meanwhile` once, right after the call that `when` picks. */
  const interleaved = (when: (name: string, id: string | undefined) => boolean, meanwhile: () => Promise<unknown>) => {
    let ran = false;
    return store({
      send: (async (command: { constructor: { name: string }; input: { Key?: any; Item?: any } }) => {
        const answer = await db.send(command as never);
        const id = (command.input.Key ?? command.input.Item)?.id?.S as string | undefined;
        if (!ran && when(command.constructor.name, id)) {
          ran = true;
          await meanwhile();
        }
        return answer;
      }) as DynamoDBClient['send'],
    });
  };

  it.each([
    ['after the bounce found no erasure, before it writes', 'GetItemCommand'],
    ['after the bounce wrote its suppression, before it looks again', 'PutItemCommand'],
  ])('an erasure %s: the clear address is gone, the hash stays', async (_, commandName) => {
    // Prepare
    const email = uniqueEmail('race');
    const hashedId = `suppression#${mailboxHash(email)}`;
    const erase = () => eraseSuppression(store(db), email, now());
    const bounceStore = interleaved((name, id) => name === commandName && id !== undefined, erase);

    // Act
    const outcome = await reportSuppression(bounceStore, email, 'bounce', now());

    // Assess
    expect(outcome).toBe('erased');
    expect(await readItem(tables.subscribers, `suppression#${email}`)).toBeUndefined();
    expect(await readItem(tables.subscribers, hashedId)).toMatchObject({ reason: 'erasure' });
  });

  it('a bounce recorded in full just before the erasure: the erasure removes it', async () => {
    // Prepare
    const email = uniqueEmail('race-before');

    // Act
    expect(await reportSuppression(store(db), email, 'complaint', now())).toBe('recorded');
    await eraseSuppression(store(db), email, now());

    // Assess
    expect(await readItem(tables.subscribers, `suppression#${email}`)).toBeUndefined();
    expect(await readItem(tables.subscribers, `suppression#${mailboxHash(email)}`)).toMatchObject({
      reason: 'erasure',
    });
  });
});

describe('what an erasure keeps', () => {
  it('keeps the withdrawal by phone (when, by whom, through the console) without the words the owner typed', async () => {
    // Prepare: a subscriber who got a campaign, then phoned to be unsubscribed
    const email = uniqueEmail('phoned');
    const subscriber = await subscribe('candidate', email);
    await sendToRecipient(campaignSenderDepsFromEnv(), CAMPAIGN, subscriber.id, now());
    const typed = 'called from 403-555-0142, jane.doe@example.org, wants no more mail';
    expect(await person('unsubscribe', { email, reason: typed })).toMatchObject({ statusCode: 200 });

    // Act
    await person('erasure', { email, confirmEmail: email });

    // Assess
    const kept = await readItem(tables.subscribers, `erased#${mailboxHash(email)}`);
    expect(kept!.ledger).toContainEqual(
      expect.objectContaining({ type: 'withdrawn', source: 'console', by: owner, reasons: [] }),
    );
    expect(await itemsMentioning('403-555-0142')).toEqual([]);
    expect(await itemsMentioning('jane.doe@example.org')).toEqual([]);
    expect(await itemsMentioning(email.split('@')[0]!)).toEqual([]);
  });

  it('drops typed words from a record an erasure kept before this rule, when the owners erase the address again', async () => {
    // Prepare: the record as an erasure of last week left it, with the owner's words in it
    const email = uniqueEmail('erased-before');
    const hash = mailboxHash(email);
    const typed = 'called from 403-555-0199, wife said stop';
    await writeItem(tables.subscribers, {
      id: `erased#${hash}`,
      kind: 'erasure-record',
      mailboxHash: hash,
      erasedAt: now() - 7 * 86400,
      ledger: [
        {
          type: 'withdrawn',
          at: now() - 8 * 86400,
          source: 'console',
          reasons: [typed],
          by: owner,
          audience: 'candidate',
        },
        {
          type: 'withdrawn',
          at: now() - 9 * 86400,
          source: 'unsubscribe-page',
          reasons: ['tooFrequent'],
          audience: 'employer',
        },
      ],
      messagesSent: [{ what: `campaign ${CAMPAIGN.slug}`, sentAt: now() - 10 * 86400 }],
      expiresAt: now() + 86400,
    });

    // Act
    expect(await person('erasure', { email, confirmEmail: email })).toMatchObject({ statusCode: 200 });

    // Assess: the withdrawals stay, the page's reason key too; the typed words are gone
    expect((await readItem(tables.subscribers, `erased#${hash}`))!.ledger).toEqual([
      expect.objectContaining({ type: 'withdrawn', source: 'console', by: owner, reasons: [] }),
      expect.objectContaining({ type: 'withdrawn', source: 'unsubscribe-page', reasons: ['tooFrequent'] }),
    ]);
    expect(await itemsMentioning('403-555-0199')).toEqual([]);
  });
});
