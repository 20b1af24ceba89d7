/**
 * How long a subscriber, its email claim and its consent records are kept, against the file's
 * own dynalite: the privacy policy's "2 years after the service stops", and the proof of consent
 * never going before the subscription it proves (docs/decisions/0002-consent-model.md).
 */
import '#test/unit/support/env.ts';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Audience } from '#shared/constants/audiences.ts';
import { CONSENT_TEXT, IMPLIED_CONSENT_SECONDS } from '#shared/constants/consent.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { handler as confirm } from '#lambdas/handlers/confirm-subscription.ts';
import { handler as putSubscriber } from '#lambdas/handlers/put-subscriber.ts';
import { handler as oneClick } from '#lambdas/handlers/one-click-unsubscribe.ts';
import { leadLinkToken } from '#lambdas/domain/lead-link-token.ts';
import { subscriberLinkToken, type SubscriberLinkPurpose } from '#lambdas/domain/subscriber-link-token.ts';
import { suppressAddress } from '#lambdas/domain/suppress-address.ts';
import { ensureInquirySubscriber } from '#lambdas/data/subscribers.ts';
import { subscriberExpiry } from '#lambdas/domain/consent-retention.ts';
import type { ScorecardLead } from '#lambdas/data/lead-item.ts';
import { grantImpliedConsent } from '#lambdas/domain/implied-consent.ts';
import { confirmEvent, invoke, oneClickEvent, subscriberEvent } from '#test/support/api-events.ts';
import { fakeClock, setClock } from '#test/unit/support/clock.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { NOW, preferenceBody, unsubscribeBody } from '#test/support/payloads.ts';

const LEADS = 'Leads-unit';
const SUBSCRIBERS = 'Subscribers-unit';
const SECRET = 'SecretAbcdefghijklmnop';
const DAY = 24 * 3600;
const YEAR = 365 * DAY;
const CLAIM = 'email#candidate#jordan.lee@example.org';

const tables = ownDynalite();
const subscribers = async () => (await tables.all(SUBSCRIBERS)).filter((item) => item.kind === 'subscriber');
const records = () => tables.all(SUBSCRIBERS, 'consent#');
/** What the subscriber, its claim and its records are kept until (undefined: for good), by id. */
const expiries = async () =>
  Object.fromEntries(
    (await tables.all(SUBSCRIBERS))
      .filter((item) => item.kind !== 'suppression')
      .map((item) => [item.id, item.expiresAt]),
  );

/** jordan.lee@example.org as a form's lead brings them, for a subscriber of `audience`. */
const jordanOf = (audience: Audience) => ({
  details: {
    audience,
    email: 'jordan.lee@example.org',
    firstName: 'Jordan',
    lastName: 'Lee',
    jobTitle: '',
    organization: '',
    helpDescription: '',
  },
  mailbox: 'jordan.lee@example.org',
});

/** The token of the subscriber's emailed link for this purpose. */
const tokenOf = async (id: string, purpose: SubscriberLinkPurpose) =>
  subscriberLinkToken((await tables.get(SUBSCRIBERS, id)) as { id: string; secret?: string }, purpose);

/** A sign-up request of jordan.lee@example.org made at `at`, and the token of its confirmation link. */
const signupLead = async (key: string, at: number) => {
  await tables.put(LEADS, {
    id: `lead#${key}`,
    kind: 'lead',
    type: 'signup',
    audience: 'candidate',
    email: 'jordan.lee@example.org',
    mailbox: 'jordan.lee@example.org',
    firstName: 'Jordan',
    lastName: 'Lee',
    jobTitle: '',
    organization: '',
    helpDescription: 'Looking for work.',
    secret: SECRET,
    consentRequest: { source: 'candidate-signup-form', text: CONSENT_TEXT.signup },
    createdAt: at,
    mail: { notification: 'sent', confirmation: 'sent' },
    sesMessageIds: {},
    mailStatus: 'sent',
    retryUntil: at + 1,
    mailAttempts: 1,
  });
  return leadLinkToken({ id: `lead#${key}`, secret: SECRET }, 'confirmation');
};

/** The owner confirms a sign-up made an hour earlier, at `at`; the new subscriber's id. */
const confirmedAt = async (at: number, key = 'SignupKeyAbcdefghijklm') => {
  setClock(at);
  const answer = await invoke(confirm, confirmEvent('candidate', await signupLead(key, at - 3600)));
  expect(answer.statusCode).toBe(200);
  return (await subscribers())[0]!.id as string;
};

const unsubscribedAt = async (at: number, id: string) => {
  setClock(at);
  const answer = await invoke(
    putSubscriber,
    subscriberEvent('PUT', 'candidate', await tokenOf(id, 'unsubscribe'), unsubscribeBody('candidate')),
  );
  expect(answer.statusCode).toBe(200);
};

beforeEach(() => {
  fakeClock(NOW);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('a subscriber who gets email', () => {
  it('is kept, with its claim and its proof, for as long as it does', async () => {
    // Act
    const id = await confirmedAt(NOW);

    // Assess
    expect(await expiries()).toEqual({
      [id]: undefined,
      [CLAIM]: undefined,
      [`consent#${id}#1`]: undefined,
      [`consent#${id}#2`]: undefined,
    });
  });

  it('is still kept after changing its preferences 3 years after it subscribed, and so is its first proof', async () => {
    // Prepare
    const id = await confirmedAt(NOW);

    // Act
    setClock(NOW + 3 * YEAR);
    await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', await tokenOf(id, 'preferences'), preferenceBody()),
    );

    // Assess
    expect(await records()).toHaveLength(3);
    expect(Object.values(await expiries())).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('from a scorecard request is kept 2 years after it, and 2 years after the implied consent its download started lapses', async () => {
    // Prepare
    const store = { db: new DynamoDBClient({}), table: SUBSCRIBERS };
    const lead = {
      id: 'lead#x',
      type: 'scorecard',
      audience: 'employer',
      mailbox: 'jordan.lee@example.org',
      createdAt: NOW,
    };
    const id = await ensureInquirySubscriber(
      store,
      jordanOf('employer'),
      {
        type: 'inquired',
        at: NOW,
        source: 'scorecard-form',
        leadId: lead.id,
      },
      subscriberExpiry,
    );
    const claim = 'email#employer#jordan.lee@example.org';
    const afterInquiry = NOW + RETENTION_SECONDS;
    expect(await expiries()).toEqual({ [id]: afterInquiry, [claim]: afterInquiry, [`consent#${id}#1`]: afterInquiry });

    // Act: the download link is followed a day later.
    await grantImpliedConsent(store, lead as ScorecardLead, NOW + DAY);

    // Assess
    const keptUntil = NOW + IMPLIED_CONSENT_SECONDS + RETENTION_SECONDS;
    expect(await expiries()).toEqual({
      [id]: keptUntil,
      [claim]: keptUntil,
      [`consent#${id}#1`]: keptUntil,
      [`consent#${id}#2`]: keptUntil,
    });
  });
});

describe('a subscriber asked for a scorecard again', () => {
  it("is kept 2 years past a new scorecard request, so that email's unsubscribe links keep working; a retry records it once", async () => {
    // Prepare: unsubscribed almost 2 years ago.
    const id = await confirmedAt(NOW);
    await unsubscribedAt(NOW + DAY, id);
    const later = NOW + 2 * YEAR;
    const store = { db: new DynamoDBClient({}), table: SUBSCRIBERS };
    const person = jordanOf('candidate');
    const inquiry = { type: 'inquired' as const, at: later, source: 'scorecard-form' as const, leadId: 'lead#again' };

    // Act
    setClock(later);
    const same = await ensureInquirySubscriber(store, person, inquiry, subscriberExpiry);
    await ensureInquirySubscriber(store, person, inquiry, subscriberExpiry);

    // Assess
    expect(same).toBe(id);
    expect(await tables.get(SUBSCRIBERS, id)).toMatchObject({ subscribed: false, consent: 'express', consentCount: 4 });
    expect((await records()).map((record) => record.type)).toEqual(['requested', 'confirmed', 'withdrawn', 'inquired']);
    expect(new Set(Object.values(await expiries()))).toEqual(new Set([later + RETENTION_SECONDS]));
  });
});

describe('a subscriber whose service stops', () => {
  it('is kept 2 years from then, its claim and every consent record as long, even those from 3 years before', async () => {
    // Prepare
    const id = await confirmedAt(NOW);

    // Act
    await unsubscribedAt(NOW + 3 * YEAR, id);

    // Assess
    const keptUntil = NOW + 3 * YEAR + RETENTION_SECONDS;
    expect(await expiries()).toEqual({
      [id]: keptUntil,
      [CLAIM]: keptUntil,
      [`consent#${id}#1`]: keptUntil,
      [`consent#${id}#2`]: keptUntil,
      [`consent#${id}#3`]: keptUntil,
    });
  });

  it('is kept 2 years from a hard bounce, which stops its mail', async () => {
    // Prepare
    const id = await confirmedAt(NOW);

    // Act
    await suppressAddress(
      { db: new DynamoDBClient({}), table: SUBSCRIBERS },
      'jordan.lee@example.org',
      'bounce',
      NOW + YEAR,
    );

    // Assess
    expect(new Set(Object.values(await expiries()))).toEqual(new Set([NOW + YEAR + RETENTION_SECONDS]));
    expect(await records()).toHaveLength(3);
    expect(await tables.get(SUBSCRIBERS, id)).toMatchObject({ suppressed: true, subscribed: true });
  });

  it('is kept for good again, with all its proof, once its owner confirms a new sign-up', async () => {
    // Prepare
    const id = await confirmedAt(NOW);
    await unsubscribedAt(NOW + YEAR, id);

    // Act
    await confirmedAt(NOW + 2 * YEAR, 'SignupKeyZyxwvutsrqpon');

    // Assess
    expect(await records()).toHaveLength(5);
    expect(Object.values(await expiries())).toEqual(Array(7).fill(undefined));
  });

  it('never has a record expire before it when a write fails half way, and a repeat finishes the job', async () => {
    // Prepare: the records' expiry cannot be written once, after the subscriber's was.
    const id = await confirmedAt(NOW);
    tables.failNext(
      1,
      (command, input) =>
        command === 'UpdateItem' &&
        String(input.Key.id.S).startsWith('consent#') &&
        input.UpdateExpression === 'SET expiresAt = :expiresAt',
    );
    setClock(NOW + YEAR);
    const failed = await invoke(
      oneClick,
      oneClickEvent('candidate', await tokenOf(id, 'unsubscribe'), 'List-Unsubscribe=One-Click'),
    );
    const halfWay = await expiries();

    // Act: the mail client presses one-click again.
    const repeated = await invoke(
      oneClick,
      oneClickEvent('candidate', await tokenOf(id, 'unsubscribe'), 'List-Unsubscribe=One-Click'),
    );

    // Assess
    expect([failed.statusCode, repeated.statusCode]).toEqual([503, 200]);
    expect(halfWay[id]).toBe(NOW + YEAR + RETENTION_SECONDS);
    expect(halfWay[`consent#${id}#1`]).toBeUndefined();
    expect(new Set(Object.values(await expiries()))).toEqual(new Set([NOW + YEAR + RETENTION_SECONDS]));
    expect(await records()).toHaveLength(3);
  });
});
