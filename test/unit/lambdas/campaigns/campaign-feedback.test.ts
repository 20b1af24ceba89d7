/**
 * SES's events (SNS, configuration-set event publishing) recorded on the send record of the
 * campaign email they are about: the SES message tags `campaign` and `recipient` name it, the
 * destination address finds the person's record (docs/decisions/0063-settling-mail-from-ses-events.md).
 * The file's own dynalite.
 */
import '#test/unit/support/env.ts';
import type { Context } from 'aws-lambda';
import { handler as sesEvents } from '#lambdas/handlers/ses-events.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { NOW } from '#test/support/payloads.ts';
import { snsEvent } from '#test/support/stream-records.ts';
import { CAMPAIGNS, sendRecord, SLUG, storeSubscriber, SUBSCRIBERS } from '#test/unit/support/campaign-fixtures.ts';
import { fakeClock } from '#test/unit/support/clock.ts';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { callsOf } from '#test/unit/support/dynamo-mock.ts';
import { sendProgress } from '#lambdas/campaigns/send-progress.ts';
import type { CampaignItem } from '#lambdas/data/campaign-item.ts';

const tables = ownDynalite();

/** An event as a configuration set publishes it, with the message's tags. */
const event = (
  eventType: 'Bounce' | 'Complaint' | 'Send' | 'Delivery',
  address: string,
  tags: Record<string, string[]> = {},
) =>
  JSON.stringify({
    eventType,
    mail: {
      messageId: 'ses-1',
      timestamp: new Date(NOW * 1000).toISOString(),
      destination: [address],
      tags: { 'ses:configuration-set': ['events'], ...tags },
    },
    ...(eventType === 'Bounce'
      ? {
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address }] },
        }
      : eventType === 'Complaint'
        ? { complaint: { complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse' } }
        : {}),
  });
const tagged = (slug: string) => ({ campaign: [slug], recipient: ['PatIdAbcdefghijklmnop'] });
const run = (...messages: string[]) => sesEvents(snsEvent(...messages), {} as Context);

/** Pat's email of the campaign, as the sender left it. */
const storeSent = (mailbox: string, slug = SLUG, overrides: Record<string, unknown> = {}) =>
  tables.put(CAMPAIGNS, {
    id: `send#${slug}#${mailbox}`,
    kind: 'campaign-send',
    campaign: slug,
    mailbox,
    subscriberId: 'PatIdAbcdefghijklmnop',
    status: 'sent',
    attempts: 1,
    firstAttemptAt: NOW - 600,
    lastAttemptAt: NOW - 600,
    sentAt: NOW - 600,
    messageId: 'ses-1',
    expiresAt: NOW + 86400,
    ...overrides,
  });

beforeEach(() => {
  fakeClock(NOW);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const outcome = (name: string) => ({ delivery: expect.objectContaining({ outcome: name }) });

describe("SES's events on a campaign email", () => {
  it.each([
    ['bounced', 'bounce', 'Bounce'],
    ['complained', 'complaint', 'Complaint'],
  ] as const)(
    "a tagged %s is recorded on that person's send record, and the address is suppressed",
    async (recorded, feedback, type) => {
      // Prepare
      const pat = await storeSubscriber(tables, 'pat@example.ca');
      await storeSent('pat@example.ca');

      // Act
      await run(event(type, 'Pat <pat@example.ca>', tagged(SLUG)));

      // Assess
      expect(await sendRecord(tables, 'pat@example.ca')).toMatchObject({ status: 'sent', ...outcome(recorded) });
      expect(await tables.get(SUBSCRIBERS, pat.id)).toMatchObject({ suppressed: true, suppressionReason: feedback });
    },
  );

  it('counts a transient bounce apart from a permanent one, suppresses nobody for it, and a later Delivery replaces it in the results', async () => {
    // Prepare: the campaign item whose counters its progress reads, and two people's emails.
    await tables.put(CAMPAIGNS, { id: `campaign#${SLUG}`, kind: 'campaign', slug: SLUG, queued: 2, runs: 1 });
    const pat = await storeSubscriber(tables, 'pat@example.ca');
    await storeSubscriber(tables, 'lee@example.ca');
    await storeSent('pat@example.ca');
    await storeSent('lee@example.ca');
    const full = JSON.parse(event('Bounce', 'pat@example.ca', tagged(SLUG)));
    full.bounce = { ...full.bounce, bounceType: 'Transient', bounceSubType: 'MailboxFull' };
    const results = async () =>
      sendProgress((await tables.get(CAMPAIGNS, `campaign#${SLUG}`)) as unknown as CampaignItem).results;

    // Act
    await run(JSON.stringify(full), event('Bounce', 'lee@example.ca', tagged(SLUG)));
    const afterBounces = await results();
    await run(event('Delivery', 'pat@example.ca', tagged(SLUG)));

    // Assess
    expect(afterBounces).toMatchObject({ softBounced: 1, bounced: 1, delivered: 0 });
    expect(await sendRecord(tables, 'pat@example.ca')).toMatchObject(outcome('delivered'));
    expect(await tables.get(SUBSCRIBERS, pat.id)).not.toHaveProperty('suppressed');
    expect(await results()).toMatchObject({ softBounced: 0, bounced: 1, delivered: 1 });
  });

  it('finds the record of a +tag variant of the address (the canonical mailbox)', async () => {
    await storeSubscriber(tables, 'pat@example.ca');
    await storeSent('pat@example.ca');

    await run(event('Bounce', 'pat+news@example.ca', tagged(SLUG)));

    expect(await sendRecord(tables, 'pat@example.ca')).toMatchObject(outcome('bounced'));
  });

  it('keeps a complaint when a bounce arrives after it (the stronger signal)', async () => {
    await storeSubscriber(tables, 'pat@example.ca');
    await storeSent('pat@example.ca');

    await run(event('Complaint', 'pat@example.ca', tagged(SLUG)), event('Bounce', 'pat@example.ca', tagged(SLUG)));

    expect(await sendRecord(tables, 'pat@example.ca')).toMatchObject(outcome('complained'));
  });

  it('a Send event settles an email in doubt as sent, with SES message id; a Delivery then counts it delivered', async () => {
    await storeSubscriber(tables, 'pat@example.ca');
    await storeSent('pat@example.ca', SLUG, { status: 'uncertain', messageId: undefined, doubtSince: NOW - 5 });

    await run(event('Send', 'pat@example.ca', tagged(SLUG)));
    expect(await sendRecord(tables, 'pat@example.ca')).toMatchObject({
      status: 'sent',
      messageId: 'ses-1',
      ...outcome('accepted'),
    });

    await run(event('Delivery', 'pat@example.ca', tagged(SLUG)), event('Send', 'pat@example.ca', tagged(SLUG)));
    expect(await sendRecord(tables, 'pat@example.ca')).toMatchObject({ status: 'sent', ...outcome('delivered') });
  });

  it("an email's Send and Delivery in one delivery settle it from the Send, keep the Delivery, and write its record once each", async () => {
    // Prepare: Pat's email in doubt; the local relay hands SES's events over together.
    await storeSubscriber(tables, 'pat@example.ca');
    await storeSent('pat@example.ca', SLUG, { status: 'uncertain', messageId: undefined, doubtSince: NOW - 5 });
    const delivered = JSON.parse(event('Delivery', 'pat@example.ca', tagged(SLUG)));
    delivered.delivery = { timestamp: new Date((NOW + 3) * 1000).toISOString() };

    // Act
    await run(event('Send', 'pat@example.ca', tagged(SLUG)), JSON.stringify(delivered));

    // Assess: sent when SES took it (the Send's time), delivered when it said so.
    expect(await sendRecord(tables, 'pat@example.ca')).toMatchObject({
      status: 'sent',
      messageId: 'ses-1',
      sentAt: NOW,
      delivery: { outcome: 'delivered', at: NOW + 3 },
    });
    const writes = callsOf(UpdateItemCommand).filter((input) => input.Key.id.S === `send#${SLUG}#pat@example.ca`);
    expect(writes).toHaveLength(2);
  });

  it('a Send and Delivery of an email already sent cost its record one write, and the same delivery again changes nothing', async () => {
    await storeSubscriber(tables, 'pat@example.ca');
    await storeSent('pat@example.ca');
    const delivery = [event('Send', 'pat@example.ca', tagged(SLUG)), event('Delivery', 'pat@example.ca', tagged(SLUG))];

    const writesToPat = () =>
      callsOf(UpdateItemCommand).filter((input) => input.Key.id.S === `send#${SLUG}#pat@example.ca`).length;

    await run(...delivery);
    const once = await sendRecord(tables, 'pat@example.ca');
    const writesOnce = writesToPat();
    await run(...delivery);

    expect(once).toMatchObject({ status: 'sent', sentAt: NOW - 600, ...outcome('delivered') });
    expect(writesOnce).toBe(1);
    expect(await sendRecord(tables, 'pat@example.ca')).toEqual(once);
  });

  it('an untagged bounce or complaint (lead mail) suppresses the address but counts against no campaign', async () => {
    // Prepare
    const pat = await storeSubscriber(tables, 'pat@example.ca');
    await storeSent('pat@example.ca');
    const before = await sendRecord(tables, 'pat@example.ca');

    // Act
    await run(event('Bounce', 'pat@example.ca'), event('Complaint', 'pat@example.ca'));

    // Assess
    expect(await sendRecord(tables, 'pat@example.ca')).toEqual(before);
    expect(await tables.get(SUBSCRIBERS, pat.id)).toMatchObject({ suppressed: true });
  });

  it("feedback tagged with another campaign changes this one's record not at all and creates none", async () => {
    await storeSubscriber(tables, 'pat@example.ca');
    await storeSent('pat@example.ca');
    const before = await sendRecord(tables, 'pat@example.ca');

    await run(event('Bounce', 'pat@example.ca', tagged('autumn-announcement')));

    expect(await sendRecord(tables, 'pat@example.ca')).toEqual(before);
    expect(await tables.all(CAMPAIGNS)).toEqual([before]);
  });
});
