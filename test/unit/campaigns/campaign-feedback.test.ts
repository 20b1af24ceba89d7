/**
 * SES feedback (SNS, configuration-set event publishing) counted against the campaign whose
 * email bounced or was complained about: the SES message tag `campaign` names it
 * (docs/decisions/0050-campaign-sending.md, SES feedback). Tables in memory.
 */
import '../lambdas/support/env';
import type { Context } from 'aws-lambda';
import { handler as sesFeedback } from '#lambdas/handlers/ses-feedback.ts';
import { fakeTables, type FakeTables } from '../lambdas/support/fake-tables';
import { NOW } from '../lambdas/support/payloads';
import { snsEvent } from '../lambdas/support/stream-records';
import { CAMPAIGNS, sendRecord, SLUG, storeSubscriber, SUBSCRIBERS } from './support/campaign-fixtures';
import { fakeClock } from '../lambdas/support/clock';

let tables: FakeTables;

/** An event as a configuration set publishes it, with the message's tags. */
const event = (eventType: 'Bounce' | 'Complaint', address: string, tags: Record<string, string[]> = {}) =>
  JSON.stringify({
    eventType,
    mail: { messageId: 'ses-1', tags: { 'ses:configuration-set': ['feedback'], ...tags } },
    ...(eventType === 'Bounce'
      ? {
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address }] },
        }
      : { complaint: { complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse' } }),
  });
const tagged = (slug: string) => ({ campaign: [slug] });
const run = (...messages: string[]) => sesFeedback(snsEvent(...messages), {} as Context);

/** Pat's email of the campaign, as the sender left it. */
const storeSent = (mailbox: string, slug = SLUG) =>
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
  });

beforeEach(() => {
  tables = fakeTables();
  fakeClock(NOW);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('SES feedback on a campaign email', () => {
  it.each([
    ['bounce', 'Bounce'],
    ['complaint', 'Complaint'],
  ] as const)(
    "a tagged %s is counted on that person's send record, and the address is suppressed",
    async (feedback, type) => {
      // Prepare
      const pat = storeSubscriber(tables, 'pat@example.ca');
      storeSent('pat@example.ca');

      // Act
      await run(event(type, 'Pat <pat@example.ca>', tagged(SLUG)));

      // Assess
      expect(sendRecord(tables, 'pat@example.ca')).toMatchObject({ status: 'sent', feedback, feedbackAt: NOW });
      expect(tables.get(SUBSCRIBERS, pat.id)).toMatchObject({ suppressed: true, suppressionReason: feedback });
    },
  );

  it('finds the record of a +tag variant of the address (the canonical mailbox)', async () => {
    storeSubscriber(tables, 'pat@example.ca');
    storeSent('pat@example.ca');

    await run(event('Bounce', 'pat+news@example.ca', tagged(SLUG)));

    expect(sendRecord(tables, 'pat@example.ca')).toMatchObject({ feedback: 'bounce' });
  });

  it('keeps a complaint when a bounce arrives after it (the stronger signal)', async () => {
    storeSubscriber(tables, 'pat@example.ca');
    storeSent('pat@example.ca');

    await run(event('Complaint', 'pat@example.ca', tagged(SLUG)), event('Bounce', 'pat@example.ca', tagged(SLUG)));

    expect(sendRecord(tables, 'pat@example.ca')).toMatchObject({ feedback: 'complaint' });
  });

  it('an untagged bounce or complaint (lead mail) suppresses the address but counts against no campaign', async () => {
    // Prepare
    const pat = storeSubscriber(tables, 'pat@example.ca');
    storeSent('pat@example.ca');
    const before = sendRecord(tables, 'pat@example.ca');

    // Act
    await run(event('Bounce', 'pat@example.ca'), event('Complaint', 'pat@example.ca'));

    // Assess
    expect(sendRecord(tables, 'pat@example.ca')).toEqual(before);
    expect(tables.get(SUBSCRIBERS, pat.id)).toMatchObject({ suppressed: true });
  });

  it("feedback tagged with another campaign changes this one's record not at all and creates none", async () => {
    storeSubscriber(tables, 'pat@example.ca');
    storeSent('pat@example.ca');
    const before = sendRecord(tables, 'pat@example.ca');

    await run(event('Bounce', 'pat@example.ca', tagged('autumn-announcement')));

    expect(sendRecord(tables, 'pat@example.ca')).toEqual(before);
    expect(tables.all(CAMPAIGNS)).toEqual([before]);
  });
});
