/**
 * POST /api/{audience}/confirmations/{token}: the confirmation page's button (double opt-in).
 * Only the owner's click creates or resubscribes a subscriber, with express consent and its
 * proof, and queues the welcome email once. The consent model is in docs/decisions/.
 */
import '#test/unit/support/env.ts';
import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { CONFIRMATION_TTL_SECONDS, CONSENT_TEXT } from '#shared/constants/consent.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { handler as confirm } from '#lambdas/handlers/confirm-subscription.ts';
import { confirmEvent, invoke } from '#test/support/api-events.ts';
import { leadLinkToken } from '#lambdas/domain/lead-link-token.ts';
import { dynamo } from '#test/unit/support/dynamo-mock.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { NOW } from '#test/support/payloads.ts';
import { fakeClock } from '#test/unit/support/clock.ts';

const LEADS = 'Leads-unit';
const SUBSCRIBERS = 'Subscribers-unit';
const KEY = 'SignupKeyAbcdefghijklm';
const SECRET = 'SecretAbcdefghijklmnop';
const TOKEN = leadLinkToken({ id: `lead#${KEY}`, secret: SECRET }, 'confirmation');
const LEAD_ID = `lead#${KEY}`;
const CREATED = NOW - 3600;

const tables = ownDynalite();
const lead = async () => (await tables.get(LEADS, LEAD_ID))!;
const subscribers = async () => (await tables.all(SUBSCRIBERS)).filter((item) => item.kind === 'subscriber');
const storeLead = (overrides: Record<string, unknown> = {}) =>
  tables.put(LEADS, {
    id: LEAD_ID,
    kind: 'lead',
    type: 'signup',
    audience: 'candidate',
    email: 'jordan.lee+jobs@example.org',
    mailbox: 'jordan.lee@example.org',
    firstName: 'Jordan',
    lastName: 'Lee',
    jobTitle: '',
    organization: '',
    helpDescription: 'Looking for work.',
    secret: SECRET,
    consentRequest: { source: 'candidate-signup-form', text: CONSENT_TEXT.signup },
    createdAt: CREATED,
    expiresAt: CREATED + CONFIRMATION_TTL_SECONDS,
    mail: { notification: 'sent', confirmation: 'sent' },
    sesMessageIds: {},
    mailStatus: 'sent',
    retryUntil: CREATED + 1,
    mailAttempts: 1,
    ...overrides,
  });
const storeSubscriber = async (overrides: Record<string, unknown>) => {
  await tables.put(SUBSCRIBERS, {
    id: 'email#candidate#jordan.lee@example.org',
    kind: 'email-claim',
    subscriberId: 'CarolSubscriberAbcdefg',
  });
  await tables.put(SUBSCRIBERS, {
    id: 'CarolSubscriberAbcdefg',
    kind: 'subscriber',
    audience: 'candidate',
    email: 'carol@example.org',
    mailbox: 'jordan.lee@example.org',
    firstName: 'Carol',
    lastName: 'Owner',
    jobTitle: '',
    organization: '',
    helpDescription: '',
    consent: 'express',
    subscribed: false,
    emailSetting: [false, false, false],
    unsubscribeAllEmail: [true],
    unsubscribedAt: NOW - 86400,
    consentCount: 3,
    createdAt: NOW - 9e5,
    updatedAt: NOW - 86400,
    expiresAt: NOW - 86400 + RETENTION_SECONDS,
    lastConsent: { type: 'withdrawn', at: NOW - 86400, source: 'one-click', reasons: [] },
    ...overrides,
  });
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

describe('POST /api/{audience}/confirmations/{token}', () => {
  it('subscribes a new address with express consent, keeps the proof, and queues the welcome', async () => {
    // Prepare
    await storeLead();

    // Act
    const answer = await invoke(confirm, confirmEvent('candidate', TOKEN));

    // Assess
    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.subscriptionConfirmed } });
    const [subscriber, ...others] = await subscribers();
    expect(others).toEqual([]);
    expect(subscriber).toMatchObject({
      audience: 'candidate',
      email: 'jordan.lee+jobs@example.org',
      mailbox: 'jordan.lee@example.org',
      firstName: 'Jordan',
      lastName: 'Lee',
      consent: 'express',
      subscribed: true,
      confirmedAt: NOW,
      emailSetting: [true, true, true],
      unsubscribeAllEmail: [false],
      consentCount: 2,
    });
    const requested = {
      type: 'requested',
      at: CREATED,
      source: 'candidate-signup-form',
      text: CONSENT_TEXT.signup,
      leadId: LEAD_ID,
    };
    const confirmed = {
      type: 'confirmed',
      at: NOW,
      source: 'confirmation-page',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (unit)',
      leadId: LEAD_ID,
    };
    expect(await tables.get(SUBSCRIBERS, `consent#${subscriber!.id}#1`)).toMatchObject({
      ...requested,
      kind: 'consent-record',
      subscriberId: subscriber!.id,
    });
    expect(await tables.get(SUBSCRIBERS, `consent#${subscriber!.id}#2`)).toMatchObject({
      ...confirmed,
      kind: 'consent-record',
      subscriberId: subscriber!.id,
    });
    expect(subscriber!.lastConsent).toEqual(confirmed);
    expect(await lead()).toMatchObject({
      mail: { notification: 'sent', confirmation: 'sent', welcome: 'pending' },
      confirmedAt: NOW,
      subscriberId: subscriber!.id,
      mailStatus: 'pending',
      mailQueue: 'due',
      nextAttemptAt: NOW,
    });
  });

  it('keeps a confirmed sign-up 2 years, no longer the 7 days of a request awaiting confirmation', async () => {
    await storeLead();
    await invoke(confirm, confirmEvent('candidate', TOKEN));
    expect((await lead()).expiresAt).toBe(CREATED + RETENTION_SECONDS);
  });

  it('gives the welcome a whole retry window from the confirmation, however old the request (day 6 of 7)', async () => {
    await storeLead({ createdAt: NOW - 6 * 24 * 3600, retryUntil: NOW - 5 * 24 * 3600 });
    await invoke(confirm, confirmEvent('candidate', TOKEN));
    expect(await lead()).toMatchObject({ mail: { welcome: 'pending' }, retryUntil: NOW + 26 * 3600 });
  });

  it('answers a second press the same and changes nothing', async () => {
    // Prepare
    await storeLead();
    await invoke(confirm, confirmEvent('candidate', TOKEN));
    const before = { leads: await tables.all(LEADS), subscribers: await tables.all(SUBSCRIBERS) };

    // Act
    const again = await invoke(confirm, confirmEvent('candidate', TOKEN));

    // Assess
    expect(again).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.subscriptionConfirmed } });
    expect({ leads: await tables.all(LEADS), subscribers: await tables.all(SUBSCRIBERS) }).toEqual(before);
  });

  it('resubscribes an unsubscribed owner with express consent without changing who they are', async () => {
    // Prepare
    await storeLead();
    await storeSubscriber({});

    // Act
    const answer = await invoke(confirm, confirmEvent('candidate', TOKEN));

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(await subscribers()).toEqual([
      expect.objectContaining({
        id: 'CarolSubscriberAbcdefg',
        email: 'carol@example.org',
        firstName: 'Carol',
        lastName: 'Owner',
        subscribed: true,
        consent: 'express',
        confirmedAt: NOW,
        unsubscribeAllEmail: [false],
        emailSetting: [true, true, true],
        consentCount: 5,
      }),
    ]);
    expect(await tables.get(SUBSCRIBERS, 'consent#CarolSubscriberAbcdefg#4')).toMatchObject({
      type: 'requested',
      leadId: LEAD_ID,
    });
    expect(await tables.get(SUBSCRIBERS, 'consent#CarolSubscriberAbcdefg#5')).toMatchObject({
      type: 'confirmed',
      ip: '203.0.113.7',
    });
    expect(await lead()).toMatchObject({ subscriberId: 'CarolSubscriberAbcdefg', mail: { welcome: 'pending' } });
  });

  it('turns implied consent into express consent, keeping the settings the owner chose', async () => {
    await storeLead();
    await storeSubscriber({
      consent: 'implied',
      subscribed: true,
      impliedUntil: NOW + 1000,
      emailSetting: [true, false, true],
      unsubscribeAllEmail: [false],
    });

    await invoke(confirm, confirmEvent('candidate', TOKEN));

    expect((await subscribers())[0]).toMatchObject({
      consent: 'express',
      subscribed: true,
      emailSetting: [true, false, true],
    });
  });

  it('queues no welcome for an owner who already is a confirmed subscriber', async () => {
    await storeLead();
    await storeSubscriber({
      subscribed: true,
      emailSetting: [true, true, true],
      unsubscribeAllEmail: [false],
      expiresAt: undefined,
    });
    const before = await tables.all(SUBSCRIBERS);

    const answer = await invoke(confirm, confirmEvent('candidate', TOKEN));

    expect(answer.statusCode).toBe(200);
    expect(await tables.all(SUBSCRIBERS)).toEqual(before);
    expect((await lead()).mail).not.toHaveProperty('welcome');
  });

  it('still queues the welcome when the first press subscribed the owner but answered 503', async () => {
    // Prepare: the write that queues the welcome fails once.
    await storeLead();
    tables.failNext(1, (command, input) => command === 'UpdateItem' && String(input.Key.id.S).startsWith('lead#'));
    const first = await invoke(confirm, confirmEvent('candidate', TOKEN));

    // Act
    const again = await invoke(confirm, confirmEvent('candidate', TOKEN));

    // Assess
    expect(first).toMatchObject({ statusCode: 503, json: { message: API_ERRORS.dependencyUnavailable } });
    expect(again.statusCode).toBe(200);
    expect(await subscribers()).toHaveLength(1);
    expect(await lead()).toMatchObject({
      mail: { welcome: 'pending' },
      mailQueue: 'due',
      subscriberId: (await subscribers())[0]!.id,
    });
  });

  it('answers 410 after the 7 days a confirmation is valid, and subscribes nobody', async () => {
    await storeLead({ createdAt: NOW - CONFIRMATION_TTL_SECONDS - 1 });
    const answer = await invoke(confirm, confirmEvent('candidate', TOKEN));
    expect(answer).toMatchObject({ statusCode: 410, json: { message: API_ERRORS.confirmationExpired } });
    expect(await tables.all(SUBSCRIBERS)).toEqual([]);
  });

  it.each([
    ['a wrong secret', 'candidate', `${KEY}${'z'.repeat(22)}`, {}],
    ['the other audience', 'employer', TOKEN, {}],
    [
      'a lead that asked for no consent (a scorecard without the marketing box)',
      'candidate',
      TOKEN,
      { consentRequest: undefined },
    ],
    ['an unknown lead', 'candidate', `${'Q'.repeat(22)}${TOKEN.slice(22)}`, {}],
    [
      "the lead's scorecard download token (one token per purpose)",
      'candidate',
      leadLinkToken({ id: `lead#${KEY}`, secret: SECRET }, 'download'),
      {},
    ],
  ])('answers 404 for %s and subscribes nobody', async (_case, audience, token, overrides) => {
    await storeLead(overrides);
    const answer = await invoke(confirm, confirmEvent(audience, token));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.confirmationNotFound } });
    expect(await tables.all(SUBSCRIBERS)).toEqual([]);
  });

  it.each([
    ['admin', TOKEN],
    ['candidate', 'short'],
    ['candidate', `${TOKEN}!`],
  ])('answers 404 for /%s/%s without reading a table', async (audience, token) => {
    const answer = await invoke(confirm, confirmEvent(audience, token));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.confirmationNotFound } });
    expect(dynamo.calls()).toHaveLength(0);
  });
});
