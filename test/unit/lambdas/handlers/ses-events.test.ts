import '#test/unit/support/env.ts';
import { GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { handler as sesEvents } from '#lambdas/handlers/ses-events.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import {
  callsOf,
  consentRecordPuts,
  dynamo,
  expiryWrites,
  item,
  subscriberAfterUpdate,
  valuesOf,
} from '#test/unit/support/dynamo-mock.ts';
import { NOW } from '#test/support/payloads.ts';
import { bounceNotification, complaintNotification, snsEvent } from '#test/support/stream-records.ts';
import { fakeClock } from '#test/unit/support/clock.ts';

const CANDIDATE_ID = 'CandidateIdAbcdefghijk';
const EMPLOYER_ID = 'EmployerIdAbcdefghijkl';

const claims: Record<string, string> = {
  'email#candidate#pat@example.ca': CANDIDATE_ID,
  'email#employer#pat@example.ca': EMPLOYER_ID,
};

const run = (...messages: string[]) => sesEvents(snsEvent(...messages), {} as Context);
/** The consent changes of the subscribers (not the writes of their expiry alone). */
const subscriberUpdates = () =>
  callsOf(UpdateItemCommand).filter(
    (input) => [CANDIDATE_ID, EMPLOYER_ID].includes(input.Key.id.S) && input.ReturnValues === 'ALL_NEW',
  );
/** The consent records written, in id order. */
const consentRecords = () =>
  consentRecordPuts()
    .map((record) => record.item)
    .sort((a, b) => a.id.localeCompare(b.id));
/** The consent records each subscriber of pat@example.ca has after its withdrawal (4 + 1 and 1 + 1). */
const CONSENT_COUNTS: Record<string, number> = { [CANDIDATE_ID]: 5, [EMPLOYER_ID]: 2 };
/**
 * The withdrawal each subscriber gets, as its next consent record, written with its subscriber's
 * expiry as it stood (none: it was still getting email).
 */
const withdrawals = (source: 'bounce' | 'complaint') =>
  Object.entries(CONSENT_COUNTS).map(([subscriberId, n]) => ({
    type: 'withdrawn',
    at: NOW,
    source,
    reasons: [],
    kind: 'consent-record',
    id: `consent#${subscriberId}#${n}`,
    subscriberId,
  }));
/** Mail stopped: each subscriber, then every record of it and its claim, is kept 2 years from the withdrawal. */
const keptTwoYears = () =>
  Object.entries(CONSENT_COUNTS).flatMap(([subscriberId, n]) =>
    [
      subscriberId,
      ...Array.from({ length: n }, (_, index) => `consent#${subscriberId}#${index + 1}`),
      `email#${subscriberId === CANDIDATE_ID ? 'candidate' : 'employer'}#pat@example.ca`,
    ].map((id) => ({ id, expiresAt: NOW + RETENTION_SECONDS })),
  );

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetItemCommand).callsFake((input: Record<string, any>) => {
    const subscriberId = claims[input.Key.id.S];
    return { Item: subscriberId && item({ id: input.Key.id.S, subscriberId }) };
  });
  // ALL_NEW of a subscriber update: the candidate had 4 consent events before, the employer 1.
  dynamo.on(UpdateItemCommand).callsFake((input: Record<string, any>) =>
    subscriberAfterUpdate(input.Key.id.S, CONSENT_COUNTS[input.Key.id.S] ?? 0, {
      audience: input.Key.id.S === CANDIDATE_ID ? 'candidate' : 'employer',
      email: 'pat@example.ca',
      lastConsent: valuesOf(input)[':lastConsent'],
    }),
  );
  dynamo.on(PutItemCommand).resolves({});
  fakeClock(NOW);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('SES feedback (SNS)', () => {
  it('suppresses every subscriber of a permanently bounced address, in both audiences, and records the bounce', async () => {
    await run(bounceNotification('Permanent', 'Pat <PAT@example.ca>'));

    const updates = subscriberUpdates();
    expect(updates.map((input) => input.Key.id.S).sort()).toEqual([CANDIDATE_ID, EMPLOYER_ID].sort());
    for (const update of updates) {
      expect(valuesOf(update)).toMatchObject({
        ':suppressed': true,
        ':suppressedAt': NOW,
        ':suppressionReason': 'bounce',
        ':lastConsent': { type: 'withdrawn', at: NOW, source: 'bounce', reasons: [] },
      });
      // A bounce stops mail (suppressed) but is not the owner's unsubscribe.
      expect(valuesOf(update)).not.toHaveProperty(':subscribed');
    }
    expect(consentRecords()).toEqual(withdrawals('bounce'));
    expect(expiryWrites()).toEqual(keptTwoYears());
  });

  it('finds the subscribers of a +tag or Gmail-dot variant of their address (the canonical mailbox)', async () => {
    await run(bounceNotification('Permanent', 'pat+news@example.ca'));
    expect(subscriberUpdates()).toHaveLength(2);
  });

  it('treats a complaint as suppression and withdrawal of consent', async () => {
    await run(complaintNotification('pat@example.ca'));

    for (const update of subscriberUpdates()) {
      expect(valuesOf(update)).toMatchObject({
        ':suppressed': true,
        ':suppressionReason': 'complaint',
        ':subscribed': false,
        ':lastConsent': { type: 'withdrawn', at: NOW, source: 'complaint', reasons: [] },
      });
    }
    expect(consentRecords()).toEqual(withdrawals('complaint'));
    expect(expiryWrites()).toEqual(keptTwoYears());
  });

  it('ignores transient bounces and unknown addresses', async () => {
    await run(bounceNotification('Transient', 'pat@example.ca'), bounceNotification('Permanent', 'nobody@example.ca'));
    expect(subscriberUpdates()).toHaveLength(0);
  });

  it('logs and skips malformed messages without failing the batch', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    await expect(
      run(
        'not json',
        '{"notificationType":"Bounce","bounce":{"bounceType":"Permanent"}}',
        complaintNotification('pat@example.ca'),
      ),
    ).resolves.toBeUndefined();

    expect(warn).toHaveBeenCalledTimes(2);
    expect(JSON.parse(warn.mock.calls[0]![0] as string)).toMatchObject({
      message: 'Skipping malformed SES event',
      messageId: 'message-0',
    });
    expect(subscriberUpdates()).toHaveLength(2);
  });

  it('throws on store errors so the delivery is retried', async () => {
    dynamo.on(GetItemCommand).rejects(new Error('ProvisionedThroughputExceeded'));
    await expect(run(complaintNotification('pat@example.ca'))).rejects.toThrow('ProvisionedThroughputExceeded');
  });
});
