import '#test/unit/support/env.ts';
import { GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { handler as getSubscriber } from '#lambdas/handlers/get-subscriber.ts';
import { handler as putSubscriber } from '#lambdas/handlers/put-subscriber.ts';
import { handler as oneClick } from '#lambdas/handlers/one-click-unsubscribe.ts';
import { invoke, oneClickEvent, subscriberEvent } from '#test/support/api-events.ts';
import {
  callsOf,
  conditionFailed,
  consentRecordPuts,
  dynamo,
  item,
  RECORD_CONDITION,
  valuesOf,
} from '#test/unit/support/dynamo-mock.ts';
import { NOW, SUBSCRIBER_ID, preferenceBody, unsubscribeBody } from '#test/support/payloads.ts';
import { fakeClock } from '#test/unit/support/clock.ts';
import { subscriberLinkToken } from '#lambdas/domain/subscriber-link-token.ts';
import { resubscribeLeadKey } from '#lambdas/domain/lead-key.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { unmarshall } from '@aws-sdk/util-dynamodb';

const SECRET = 'SecretSecretSecretSecr';
/** The tokens its emails' links carry (lambdas/mail/subscriber-links.ts). */
const TOKENS = {
  unsubscribe: subscriberLinkToken({ id: SUBSCRIBER_ID, secret: SECRET }, 'unsubscribe'),
  preferences: subscriberLinkToken({ id: SUBSCRIBER_ID, secret: SECRET }, 'preferences'),
};

const stored = (overrides: Record<string, unknown> = {}) => ({
  id: SUBSCRIBER_ID,
  kind: 'subscriber',
  secret: SECRET,
  audience: 'candidate',
  email: 'jordan.lee@example.org',
  firstName: 'Jordan',
  lastName: 'Lee',
  helpDescription: 'Looking for a site supervisor role.',
  jobTitle: '',
  organization: '',
  subscribed: true,
  emailSetting: [true, true, true],
  unsubscribeAllEmail: [false],
  mailbox: 'jordan.lee@example.org',
  consent: 'express',
  confirmedAt: NOW - 3600,
  lastConsent: {
    type: 'confirmed',
    at: NOW - 3600,
    source: 'confirmation-page',
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    leadId: 'lead#SignupKeyAbcdefghijklm',
  },
  consentCount: 2,
  ...overrides,
});

/** The subscriber after a consent change: UpdateItem returns ALL_NEW, so the advanced count (6 earlier events). */
const CONSENT_COUNT_AFTER = 7;
const afterUpdate = () => ({ Attributes: item(stored({ consentCount: CONSENT_COUNT_AFTER })) });

/**
 * The consent record the change must write: the next number in the sequence, the event, the
 * subscriber, and its subscriber's expiry as it stood (none: it was getting email). How long the
 * items are then kept is subscriber-retention.test.ts's.
 */
const expectConsentRecord = (event: Record<string, unknown>) => {
  const records = consentRecordPuts();
  expect(records).toHaveLength(1);
  expect(records[0]).toEqual({
    table: 'Subscribers-unit',
    item: {
      ...event,
      id: `consent#${SUBSCRIBER_ID}#${CONSENT_COUNT_AFTER}`,
      kind: 'consent-record',
      subscriberId: SUBSCRIBER_ID,
    },
    condition: RECORD_CONDITION,
  });
};

/** The consent history is not kept on the subscriber: the update sets the latest event and advances the count, atomically. */
const expectLatestConsentOnly = (update: Record<string, any>) => {
  expect(update.UpdateExpression).toContain('#consentCount = if_not_exists(#consentCount, :noConsents) + :newConsents');
  expect(update.ExpressionAttributeNames).toMatchObject({
    '#lastConsent': 'lastConsent',
    '#consentCount': 'consentCount',
  });
  expect(valuesOf(update)).toMatchObject({ ':noConsents': 0, ':newConsents': 1 });
  expect(update.UpdateExpression).not.toMatch(/list_append|#consent\b/);
  expect(update.ReturnValues).toBe('ALL_NEW');
};

/** The SET attribute names of an UpdateItem call (identity fields must never be among them). */
const writtenAttributes = (input: Record<string, any>) =>
  [...(input.UpdateExpression as string).matchAll(/(#\w+) = /g)].map(
    ([, name]) => input.ExpressionAttributeNames[name!],
  );

beforeEach(() => {
  dynamo.reset();
  // No campaign email reached them, so an unsubscribe moves no campaign's counters (those are
  // tested against dynalite: test/integration/console/console-campaign-results.test.ts).
  dynamo.on(QueryCommand).resolves({ Items: [] });
  fakeClock(NOW);
});
afterEach(() => jest.useRealTimers());

describe('GET /api/{audience}/subscribers/{id}', () => {
  it('answers the subscriber as a list of one with the four fields the pages show', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored()) });

    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', TOKENS.preferences));

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toEqual([
      {
        email: 'jordan.lee@example.org',
        firstName: 'Jordan',
        lastName: 'Lee',
        helpDescription: 'Looking for a site supervisor role.',
      },
    ]);
    expect(callsOf(GetItemCommand)[0]).toMatchObject({ TableName: 'Subscribers-unit', ConsistentRead: true });
  });

  it('never writes', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored()) });
    await invoke(getSubscriber, subscriberEvent('GET', 'candidate', TOKENS.preferences));
    expect(dynamo.calls().map((call) => call.args[0].constructor.name)).toEqual(['GetItemCommand']);
  });

  it.each([
    ['an unknown id', 'candidate', TOKENS.preferences, undefined],
    ['a subscriber of the other audience', 'employer', TOKENS.preferences, stored()],
    [
      'an email claim item',
      'candidate',
      TOKENS.preferences,
      { id: SUBSCRIBER_ID, kind: 'email-claim', subscriberId: 'x' },
    ],
    ['the bare id of a subscriber whose links have tokens', 'candidate', SUBSCRIBER_ID, stored()],
  ])('answers 404 for %s', async (_case, audience, id, found) => {
    dynamo.on(GetItemCommand).resolves({ Item: found && item(found) });
    const answer = await invoke(getSubscriber, subscriberEvent('GET', audience, id));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
  });

  it.each([
    ['a short id', 'candidate', 'abc'],
    ['an id with a #', 'candidate', 'email#candidate#a@b.ca'],
    ['an unknown audience', 'admin', TOKENS.preferences],
    ['a token of 30 characters', 'candidate', TOKENS.preferences.slice(0, 30)],
    ['a token of 45 characters', 'candidate', `${TOKENS.preferences}A`],
  ])('answers the same 404 for %s without reading the table', async (_case, audience, id) => {
    const answer = await invoke(getSubscriber, subscriberEvent('GET', audience, id));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('PUT /api/{audience}/subscribers/{id}', () => {
  beforeEach(() => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored()) });
    dynamo.on(UpdateItemCommand).resolves(afterUpdate());
    dynamo.on(PutItemCommand).resolves({});
  });

  it('unsubscribes: stores the reasons as ticks and keys, the time, and a withdrawal event', async () => {
    const answer = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', TOKENS.unsubscribe, unsubscribeBody('candidate')),
    );

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.unsubscribed } });
    const [update] = callsOf(UpdateItemCommand); // then the consent record
    // Only an existing subscriber of this audience, and not one already unsubscribed from all.
    expect(update!.ConditionExpression).toBe(
      'attribute_exists(id) AND #kind = :subscriberKind AND #audience = :audience AND NOT (#subscribed = :withdrawnNo AND #unsubscribeAllEmail[0] = :withdrawnYes)',
    );
    expect(valuesOf(update!)).toMatchObject({
      ':subscribed': false,
      ':unsubscribeAllEmail': [true],
      ':unsubscribeReason': [false, true, false, false, true, false, false],
      ':unsubscribeReasons': ['noLongerWant', 'tooFrequent'],
      ':unsubscribedAt': NOW,
      ':updatedAt': NOW,
      ':audience': 'candidate',
      ':lastConsent': {
        type: 'withdrawn',
        at: NOW,
        source: 'unsubscribe-page',
        reasons: ['noLongerWant', 'tooFrequent'],
      },
    });
    expectLatestConsentOnly(update!);
    expectConsentRecord({
      type: 'withdrawn',
      at: NOW,
      source: 'unsubscribe-page',
      reasons: ['noLongerWant', 'tooFrequent'],
    });
  });

  it("maps the employer page's reason order (previously unsubscribed 6th, spam 7th)", async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored({ audience: 'employer' })) });
    await invoke(
      putSubscriber,
      subscriberEvent(
        'PUT',
        'employer',
        TOKENS.unsubscribe,
        unsubscribeBody('employer', { unsubscribeReason: [false, false, false, false, false, true, false] }),
      ),
    );
    expect(valuesOf(callsOf(UpdateItemCommand)[0]!)[':unsubscribeReasons']).toEqual(['previouslyUnsubscribed']);
  });

  it('never writes identity fields from the body', async () => {
    const body = unsubscribeBody('candidate', { email: 'someone.else@example.ca', firstName: 'Mallory' });
    await invoke(putSubscriber, subscriberEvent('PUT', 'candidate', TOKENS.unsubscribe, body));
    await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', TOKENS.preferences, preferenceBody({ lastName: 'Changed' })),
    );

    for (const update of callsOf(UpdateItemCommand).filter((input) => input.Key.id.S === SUBSCRIBER_ID)) {
      const written = writtenAttributes(update);
      expect(written).toEqual(expect.arrayContaining(['updatedAt', 'lastConsent', 'consentCount']));
      for (const identity of [
        'email',
        'firstName',
        'lastName',
        'helpDescription',
        'jobTitle',
        'organization',
        'signupMe',
      ]) {
        expect(written).not.toContain(identity);
      }
    }
  });

  it('saves preferences and keeps the subscriber subscribed while one setting is ticked', async () => {
    const answer = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', TOKENS.preferences, preferenceBody()),
    );

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.preferencesSaved } });
    expect(valuesOf(callsOf(UpdateItemCommand)[0]!)).toMatchObject({
      ':subscribed': true,
      ':emailSetting': [true, false, true],
      ':unsubscribeAllEmail': [false],
      ':lastConsent': {
        type: 'preferences-changed',
        at: NOW,
        source: 'preferences-page',
        emailSetting: ['newsletter', 'servicesNews'],
      },
    });
    expectLatestConsentOnly(callsOf(UpdateItemCommand)[0]!);
    expectConsentRecord({
      type: 'preferences-changed',
      at: NOW,
      source: 'preferences-page',
      emailSetting: ['newsletter', 'servicesNews'],
    });
  });

  it('treats unsubscribe-all in the preferences as a withdrawal', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored({ audience: 'employer' })) });
    await invoke(
      putSubscriber,
      subscriberEvent(
        'PUT',
        'employer',
        TOKENS.preferences,
        preferenceBody({ emailSetting: [true, true, true], unsubscribeAllEmail: [true] }),
      ),
    );
    expect(valuesOf(callsOf(UpdateItemCommand)[0]!)).toMatchObject({
      ':subscribed': false,
      ':unsubscribedAt': NOW,
      ':lastConsent': { type: 'withdrawn', at: NOW, source: 'preferences-page', reasons: [] },
    });
    expectConsentRecord({ type: 'withdrawn', at: NOW, source: 'preferences-page', reasons: [] });
  });

  it('answers 404 when the subscriber does not exist and writes nothing', async () => {
    dynamo.on(GetItemCommand).resolves({});
    const answer = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', TOKENS.preferences, preferenceBody()),
    );
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
    expect(callsOf(UpdateItemCommand)).toHaveLength(0);
    expect(callsOf(PutItemCommand)).toHaveLength(0);
  });

  it('answers 404 for a malformed id before validating the body', async () => {
    const answer = await invoke(putSubscriber, subscriberEvent('PUT', 'candidate', 'short', { anything: true }));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
  });

  it.each([
    [
      'no reason ticked',
      unsubscribeBody('candidate', { unsubscribeReason: [false, false, false, false, false, false, false] }),
      'Please Select Minimum one option compulsory!',
    ],
    [
      'six reasons',
      unsubscribeBody('candidate', { unsubscribeReason: [true, false, false, false, false, false] }),
      'unsubscribeReason must list exactly 7 choices',
    ],
    ['signupMe true', unsubscribeBody('candidate', { signupMe: true }), 'signupMe must be false on this page'],
    [
      'updatedAt on the candidate variant',
      unsubscribeBody('candidate', { updatedAt: NOW }),
      'Unknown field(s): updatedAt.',
    ],
  ])('answers 400 for an unsubscribe with %s', async (_case, body, message) => {
    const answer = await invoke(putSubscriber, subscriberEvent('PUT', 'candidate', TOKENS.unsubscribe, body));
    expect(answer).toMatchObject({ statusCode: 400, json: { message } });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('requires updatedAt on the employer unsubscribe', async () => {
    const { updatedAt: _dropped, ...body } = unsubscribeBody('employer');
    const answer = await invoke(putSubscriber, subscriberEvent('PUT', 'employer', TOKENS.unsubscribe, body));
    expect(answer).toMatchObject({ statusCode: 400, json: { message: 'updatedAt must be defined' } });
  });
});

describe('POST /api/{audience}/subscribers/{id}/one-click (RFC 8058)', () => {
  beforeEach(() => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored()) });
    dynamo.on(UpdateItemCommand).resolves(afterUpdate());
    dynamo.on(PutItemCommand).resolves({});
  });

  it('unsubscribes from everything and answers 200 with an empty body', async () => {
    const answer = await invoke(oneClick, oneClickEvent('candidate', TOKENS.unsubscribe, 'List-Unsubscribe=One-Click'));

    expect(answer).toMatchObject({ statusCode: 200, body: '' });
    expect(valuesOf(callsOf(UpdateItemCommand)[0]!)).toMatchObject({
      ':subscribed': false,
      ':unsubscribeAllEmail': [true],
      ':unsubscribedAt': NOW,
      ':lastConsent': { type: 'withdrawn', at: NOW, source: 'one-click', reasons: [] },
    });
    expectLatestConsentOnly(callsOf(UpdateItemCommand)[0]!);
    expectConsentRecord({ type: 'withdrawn', at: NOW, source: 'one-click', reasons: [] });
  });

  it('accepts the field as multipart/form-data', async () => {
    const body = '--b1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b1--\r\n';
    dynamo.on(GetItemCommand).resolves({ Item: item(stored({ audience: 'employer' })) });
    const answer = await invoke(
      oneClick,
      oneClickEvent('employer', TOKENS.unsubscribe, body, 'multipart/form-data; boundary=b1'),
    );
    expect(answer.statusCode).toBe(200);
  });

  it('answers 415 for other media types and 400 for another body, changing nothing', async () => {
    const json = await invoke(
      oneClick,
      oneClickEvent('candidate', TOKENS.unsubscribe, '{"List-Unsubscribe":"One-Click"}', 'application/json'),
    );
    const wrong = await invoke(oneClick, oneClickEvent('candidate', TOKENS.unsubscribe, 'List-Unsubscribe=Yes'));

    expect(json).toMatchObject({
      statusCode: 415,
      json: { message: 'Send List-Unsubscribe=One-Click as application/x-www-form-urlencoded or multipart/form-data.' },
    });
    expect(wrong).toMatchObject({
      statusCode: 400,
      json: { message: 'The request body must be List-Unsubscribe=One-Click.' },
    });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('answers 404 for an unknown subscriber', async () => {
    dynamo.on(GetItemCommand).resolves({});
    const answer = await invoke(oneClick, oneClickEvent('candidate', TOKENS.unsubscribe, 'List-Unsubscribe=One-Click'));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
    expect(consentRecordPuts()).toHaveLength(0);
  });
});

describe('subscriber links: one token per purpose (docs/decisions/0002-consent-model.md)', () => {
  const NOT_FOUND = { statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } };
  const withdrawn = () => stored({ subscribed: false, unsubscribeAllEmail: [true] });

  beforeEach(() => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored()) });
    dynamo.on(UpdateItemCommand).resolves(afterUpdate());
    dynamo.on(PutItemCommand).resolves({});
  });

  const expectNoWrite = () => {
    expect(callsOf(UpdateItemCommand)).toHaveLength(0);
    expect(callsOf(PutItemCommand)).toHaveLength(0);
  };

  it('lets the unsubscribe token read only the address its page names', async () => {
    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', TOKENS.unsubscribe));

    expect(answer).toMatchObject({
      statusCode: 200,
      json: [{ email: 'jordan.lee@example.org', firstName: '', lastName: '', helpDescription: '' }],
    });
  });

  it('refuses the preferences token at the unsubscribe page with the 404 of an unknown subscriber', async () => {
    const answer = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', TOKENS.preferences, unsubscribeBody('candidate')),
    );

    expect(answer).toMatchObject(NOT_FOUND);
    expectNoWrite();
  });

  it('refuses the preferences token at one-click', async () => {
    const answer = await invoke(oneClick, oneClickEvent('candidate', TOKENS.preferences, 'List-Unsubscribe=One-Click'));

    expect(answer).toMatchObject(NOT_FOUND);
    expectNoWrite();
  });

  it('refuses the unsubscribe token at the preferences page, even to subscribe again after a one-click', async () => {
    for (const subscriber of [stored(), withdrawn()]) {
      dynamo.on(GetItemCommand).resolves({ Item: item(subscriber) });

      const answer = await invoke(
        putSubscriber,
        subscriberEvent('PUT', 'candidate', TOKENS.unsubscribe, preferenceBody()),
      );

      expect(answer).toMatchObject(NOT_FOUND);
    }
    expectNoWrite();
  });

  it("refuses a token whose proof is another subscriber's", async () => {
    const foreign = subscriberLinkToken({ id: SUBSCRIBER_ID, secret: 'AnotherSecretAnotherSe' }, 'unsubscribe');

    const answer = await invoke(oneClick, oneClickEvent('candidate', foreign, 'List-Unsubscribe=One-Click'));

    expect(answer).toMatchObject(NOT_FOUND);
    expectNoWrite();
  });

  it('takes the bare id of a subscriber created before links had purposes, for every purpose', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored({ secret: undefined })) });

    const read = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', SUBSCRIBER_ID));
    const page = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', SUBSCRIBER_ID, unsubscribeBody('candidate')),
    );
    const preferences = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', SUBSCRIBER_ID, preferenceBody()),
    );
    const press = await invoke(oneClick, oneClickEvent('candidate', SUBSCRIBER_ID, 'List-Unsubscribe=One-Click'));

    expect(read).toMatchObject({ statusCode: 200, json: [{ firstName: 'Jordan', lastName: 'Lee' }] });
    expect(page).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.unsubscribed } });
    expect(preferences).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.preferencesSaved } });
    expect(press.statusCode).toBe(200);
  });
});

describe('a resubscribe from the preferences page waits for the confirmation (docs/decisions/0002-consent-model.md)', () => {
  const RESUBSCRIBE_LEAD_ID = `lead#${resubscribeLeadKey(SUBSCRIBER_ID, NOW)}`;
  const leadPuts = () => callsOf(PutItemCommand).filter((input) => input.TableName === 'Leads-unit');
  const save = (emailSetting = [true, false, true], unsubscribeAllEmail = [false]) =>
    invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', TOKENS.preferences, preferenceBody({ emailSetting, unsubscribeAllEmail })),
    );

  beforeEach(() => {
    dynamo.on(UpdateItemCommand).resolves(afterUpdate());
    dynamo.on(PutItemCommand).resolves({});
  });

  it.each([
    [
      'after an unsubscribe from everything (one-click or either page)',
      { subscribed: false, unsubscribeAllEmail: [true] },
    ],
    ['with implied consent that has ended', { consent: 'implied', impliedSince: NOW - 60, impliedUntil: NOW - 1 }],
    ['with no consent yet (a scorecard requester before the download)', { consent: 'none' }],
  ])('subscribes nobody %s: keeps the ticked choice and stores a confirmation lead', async (_case, state) => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored(state)) });

    const answer = await save();

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.resubscribeConfirmationSent } });
    const [choice] = callsOf(UpdateItemCommand);
    expect(writtenAttributes(choice!).sort()).toEqual(['emailSetting', 'updatedAt']);
    expect(valuesOf(choice!)).toMatchObject({ ':emailSetting': [true, false, true] });
    expect(consentRecordPuts()).toHaveLength(0);
    const [lead] = leadPuts();
    expect(lead!.ConditionExpression).toBe('attribute_not_exists(id)');
    expect(unmarshall(lead!.Item)).toMatchObject({
      id: RESUBSCRIBE_LEAD_ID,
      kind: 'lead',
      type: 'resubscribe',
      audience: 'candidate',
      email: 'jordan.lee@example.org',
      firstName: 'Jordan',
      mailbox: 'jordan.lee@example.org',
      consentRequest: { source: 'preferences-page', text: CONSENT_TEXT.preferencesPage },
      mail: { confirmation: 'pending' },
      mailStatus: 'pending',
      mailQueue: 'due',
      nextAttemptAt: NOW,
    });
  });

  it('saves at once for a subscriber with valid implied consent (its download link followed), as for express consent', async () => {
    dynamo
      .on(GetItemCommand)
      .resolves({ Item: item(stored({ consent: 'implied', impliedSince: NOW - 60, impliedUntil: NOW + 3600 })) });

    const answer = await save();

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.preferencesSaved } });
    expect(valuesOf(callsOf(UpdateItemCommand)[0]!)).toMatchObject({ ':subscribed': true });
    expect(leadPuts()).toHaveLength(0);
  });

  it('needs no confirmation to stop everything again', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored({ subscribed: false, unsubscribeAllEmail: [true] })) });

    const answer = await save([false, false, false], [true]);

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.preferencesSaved } });
    expect(leadPuts()).toHaveLength(0);
  });

  it('asks for the confirmation when an opt-out (one-click, or a save with nothing ticked) lands between reading and saving', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item(stored()) });
    dynamo.on(UpdateItemCommand).rejectsOnce(conditionFailed()).resolves(afterUpdate());

    const answer = await save();

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.resubscribeConfirmationSent } });
    expect(callsOf(UpdateItemCommand)[0]!.ConditionExpression).toContain(
      '#subscribed = :withdrawnYes AND NOT (#unsubscribeAllEmail[0] = :withdrawnYes)',
    );
    expect(consentRecordPuts()).toHaveLength(0);
    expect(leadPuts()).toHaveLength(1);
  });

  it('keys the lead by subscriber and UTC day: one confirmation a day however often the page is saved', () => {
    const midnight = Math.ceil(NOW / 86400) * 86400;
    expect(resubscribeLeadKey(SUBSCRIBER_ID, midnight - 1)).toBe(resubscribeLeadKey(SUBSCRIBER_ID, midnight - 86400));
    expect(resubscribeLeadKey(SUBSCRIBER_ID, midnight)).not.toBe(resubscribeLeadKey(SUBSCRIBER_ID, midnight - 1));
    expect(resubscribeLeadKey('AnotherSubscriberIdAbc', NOW)).not.toBe(resubscribeLeadKey(SUBSCRIBER_ID, NOW));
    expect(resubscribeLeadKey(SUBSCRIBER_ID, NOW)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
