/**
 * The campaign worker Lambda (SQS, one message per recipient) with SES and SQS mocked and the
 * file's own dynalite (docs/decisions/0050-campaign-sending.md): who got an email and how often,
 * what it hands back to the queue, and SES's rate. The clock is Jest's: the rate is read off
 * the times SES was called on it, not measured.
 */
import { CAMPAIGN_QUEUE_URL } from '#test/unit/support/worker-env.ts';
import { SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { handler as worker } from '#lambdas/handlers/campaign-worker.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { sesAnswer, timedOut } from '#test/unit/support/aws-errors.ts';
import { NOW } from '#test/support/payloads.ts';
import { readMail } from '#test/support/parse-mime.ts';
import {
  CAMPAIGNS,
  campaignContent,
  changeSubscriber,
  sendRecord,
  SLUG,
  storeSubscriber,
} from '#test/unit/support/campaign-fixtures.ts';
import { fakeClock } from '#test/unit/support/clock.ts';

const ses = mockClient(SESClient);
const sqs = mockClient(SQSClient);

const tables = ownDynalite();
/** The Jest clock's time of each email SES accepted, in ms, and its recipient. */
let accepted: { at: number; to: string }[];
let refuse: Set<string>;

const message = (messageId: string, body: unknown): SQSRecord =>
  ({
    messageId,
    receiptHandle: `receipt-${messageId}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }) as SQSRecord;
const recipientMessage = (messageId: string, subscriberId: string, campaign = SLUG) =>
  message(messageId, { campaign, subscriberId });

const tick = () => new Promise((resolve) => setImmediate(resolve));
/**
 * Runs the handler; whenever it waits on a timer (the pacer's sleep between sends), Jest's clock
 * jumps to that timer, so the clock moves only by what the pacer asks for.
 */
const run = async (...records: SQSRecord[]) => {
  let done = false;
  const result = worker({ Records: records } as SQSEvent, {} as Context).finally(() => (done = true));
  while (!done) {
    await tick();
    if (jest.getTimerCount() > 0) await jest.advanceTimersToNextTimerAsync();
  }
  return result;
};
const inbox = () => accepted.map((mail) => mail.to);
const visibilityChanges = () => sqs.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input);

beforeEach(async () => {
  fakeClock(NOW);
  await tables.put(CAMPAIGNS, {
    id: `campaign#${SLUG}`,
    kind: 'campaign',
    ...campaignContent(),
    startedAt: NOW,
    queued: 1,
    lastQueuedAt: NOW,
    runs: 1,
    expiresAt: NOW + 86400,
  });
  accepted = [];
  refuse = new Set();
  ses.reset();
  sqs.reset();
  ses.on(SendRawEmailCommand).callsFake(async (input: { RawMessage: { Data: Uint8Array } }) => {
    const to = (await readMail(Buffer.from(input.RawMessage.Data))).header('to')!;
    if (refuse.has(to)) throw sesAnswer(400, 'Throttling');
    accepted.push({ at: Date.now(), to });
    return { MessageId: `ses-${accepted.length}` };
  });
  sqs.on(ChangeMessageVisibilityCommand).resolves({});
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('campaign worker', () => {
  it('sends each recipient of the batch once, reports no failures, and keeps to its share of SES rate (14/s over 2 workers)', async () => {
    // Prepare
    const people = [];
    for (let index = 0; index < 10; index += 1)
      people.push(await storeSubscriber(tables, `person-${index}@example.ca`));

    // Act
    const result = await run(...people.map((person, index) => recipientMessage(`m-${index}`, person.id)));

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    expect(inbox()).toEqual(people.map((person) => person.email));
    const records = await Promise.all(people.map((person) => sendRecord(tables, person.email)));
    expect(records.every((record) => record?.status === 'sent')).toBe(true);
    // No more than 7 emails within any second of the clock.
    const times = accepted.map((mail) => mail.at);
    const withinASecond = times.map((at) => times.filter((other) => other >= at && other < at + 1000).length);
    expect(Math.max(...withinASecond)).toBe(7);
  });

  it('hands back a refused recipient with its backoff as visibility timeout and reports only the failed messages', async () => {
    // Prepare
    const sent = await storeSubscriber(tables, 'sent@example.ca');
    const refused = await storeSubscriber(tables, 'refused@example.ca');
    const unsubscribed = await storeSubscriber(tables, 'unsubscribed@example.ca', { subscribed: false });
    const unreadable = await storeSubscriber(tables, 'unreadable@example.ca');
    refuse.add(refused.email);
    // This one person's record cannot be read: DynamoDB fails its reads (the fault switch).
    tables.failNext(Infinity, (command, input) => command === 'GetItem' && input.Key.id.S === unreadable.id);

    // Act
    const result = await run(
      recipientMessage('m-sent', sent.id),
      recipientMessage('m-refused', refused.id),
      recipientMessage('m-unsubscribed', unsubscribed.id),
      recipientMessage('m-unreadable', unreadable.id),
      message('m-malformed', 'not a campaign message'),
      recipientMessage('m-duplicate', sent.id),
    );

    // Assess
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual([
      'm-refused',
      'm-unreadable',
      'm-malformed',
    ]);
    expect(visibilityChanges()).toEqual([
      { QueueUrl: CAMPAIGN_QUEUE_URL, ReceiptHandle: 'receipt-m-refused', VisibilityTimeout: 60 },
    ]);
    expect(inbox()).toEqual([sent.email]);
    expect(await sendRecord(tables, refused.email)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await sendRecord(tables, unsubscribed.email)).toBeUndefined();
    expect(await sendRecord(tables, unreadable.email)).toBeUndefined();
  });

  it('sends a refused recipient once when the queue hands it back after the backoff', async () => {
    // Prepare
    const refused = await storeSubscriber(tables, 'refused@example.ca');
    refuse.add(refused.email);
    await run(recipientMessage('m-1', refused.id));
    refuse.clear();
    jest.setSystemTime(Date.now() + 60_000);

    // Act
    const redelivered = await run(recipientMessage('m-1', refused.id));
    const duplicate = await run(recipientMessage('m-2', refused.id));

    // Assess
    expect([redelivered, duplicate]).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(inbox()).toEqual([refused.email]);
    expect(await sendRecord(tables, refused.email)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('hands back a recipient in doubt with its settling window as visibility timeout, and sends it once after', async () => {
    // Prepare: SES's call times out before SES gets the email.
    const pat = await storeSubscriber(tables, 'pat@example.ca');
    ses.on(SendRawEmailCommand).rejectsOnce(timedOut());
    const first = await run(recipientMessage('m-1', pat.id));
    ses.on(SendRawEmailCommand).callsFake(async () => {
      accepted.push({ at: Date.now(), to: pat.email });
      return { MessageId: 'ses-resent' };
    });
    jest.setSystemTime(Date.now() + 900_000);

    // Act: the queue hands the message back when its visibility timeout ends.
    const redelivered = await run(recipientMessage('m-1', pat.id));

    // Assess
    expect(first).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
    expect(visibilityChanges()).toEqual([
      { QueueUrl: CAMPAIGN_QUEUE_URL, ReceiptHandle: 'receipt-m-1', VisibilityTimeout: 900 },
    ]);
    expect(redelivered).toEqual({ batchItemFailures: [] });
    expect(inbox()).toEqual([pat.email]);
    expect(await sendRecord(tables, pat.email)).toMatchObject({
      status: 'sent',
      resent: true,
      messageId: 'ses-resent',
    });
  });

  it('honours an unsubscribe that arrived after the recipient was queued', async () => {
    const pat = await storeSubscriber(tables, 'pat@example.ca');
    await changeSubscriber(tables, pat.id, { unsubscribeAllEmail: [true] });

    expect(await run(recipientMessage('m-1', pat.id))).toEqual({ batchItemFailures: [] });
    expect(inbox()).toEqual([]);
  });

  it('fails every message of a campaign that has no campaign item, sending nothing', async () => {
    const pat = await storeSubscriber(tables, 'pat@example.ca');

    const result = await run(recipientMessage('m-1', pat.id, 'never-started'));

    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
    expect(inbox()).toEqual([]);
  });
});
