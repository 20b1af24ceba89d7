import './support/env';
import { PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  API_ERRORS, API_SUCCESS, CONSENT_TEXT, DOWNLOAD_LINK_TTL_SECONDS, DUPLICATE_WINDOW_SECONDS, RETENTION_SECONDS,
  SCORECARD_MAILS_PER_ADDRESS_PER_DAY,
  SIGNUP_MAILS_PER_ADDRESS_PER_DAY,
} from '../../../shared/constants';
import { SUBSCRIBER_ID_PATTERN } from '../../../shared/paths';
import { handler as requestScorecard } from '../../../lambdas/handlers/request-scorecard';
import { handler as signup } from '../../../lambdas/handlers/signup';
import { invoke, scorecardEvent, signupEvent } from './support/api-events';
import { answerBy, callsOf, conditionFailed, consentRecordPuts, dynamo, failFor, item, RECORD_CONDITION, subscriberAfterUpdate, valuesOf } from './support/dynamo-mock';
import { NOW, scorecardBody, signupBody } from './support/payloads';

const puts = () => callsOf(PutItemCommand).map((input) => ({ table: input.TableName, item: unmarshall(input.Item), condition: input.ConditionExpression }));
const putOf = (prefix: string) => puts().filter((put) => String(put.item.id).startsWith(prefix));
const updatesOf = (prefix: string) => callsOf(UpdateItemCommand).filter((input) => String(input.Key.id.S).startsWith(prefix));
/** Subscriber ids are bare tokens; every other item kind's id has a `kind#` prefix. */
const isSubscriberUpdate = (input: Record<string, any>) => !String(input.Key.id.S).includes('#');

beforeEach(() => {
  dynamo.reset();
  dynamo.on(PutItemCommand).resolves({});
  // A first sign-up: the subscriber UpdateItem (ALL_NEW) answers consent count 1.
  dynamo.on(UpdateItemCommand).callsFake((input: Record<string, any>) =>
    isSubscriberUpdate(input) ? subscriberAfterUpdate(input.Key.id.S, 1) : {},
  );
  jest.useFakeTimers({ now: NOW * 1000, doNotFake: ['nextTick', 'setImmediate'] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('POST /api/employer/scorecard', () => {
  it('answers 202 and writes marker, counter, subscriber, download token and lead, in that order', async () => {
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    expect(answer).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
    const written = dynamo.calls().map((call) => {
      const input = call.args[0].input as Record<string, any>;
      return `${call.args[0].constructor.name}:${String((input.Item ?? input.Key).id.S).split('#')[0]}`;
    });
    expect(written).toEqual([
      'PutItemCommand:dedupe',
      'UpdateItemCommand:limit',
      'PutItemCommand:email',
      `UpdateItemCommand:${putOf('email#')[0]!.item.subscriberId}`,
      'UpdateItemCommand:consent',
      'PutItemCommand:download',
      'PutItemCommand:lead',
    ]);
  });

  it('stores the lead with pending mail, the normalised email and a 128-bit download token', async () => {
    await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    const lead = putOf('lead#')[0]!;
    const token = putOf('download#')[0]!;
    const claim = putOf('email#')[0]!;
    expect(lead.table).toBe('Leads-unit');
    expect(lead.item).toEqual({
      id: lead.item.id,
      kind: 'lead',
      type: 'scorecard',
      audience: 'employer',
      subscriberId: claim.item.subscriberId,
      email: 'avery.stone@example.ca',
      firstName: 'Avery',
      lastName: 'Stone',
      jobTitle: 'HR Director',
      organization: 'Prairie Builders',
      helpDescription: 'We are hiring 12 site supervisors.',
      downloadToken: lead.item.downloadToken,
      createdAt: NOW,
      expiresAt: NOW + RETENTION_SECONDS,
      mailStatus: 'pending',
      mail: { requester: 'pending', notification: 'pending' },
    });
    expect(lead.item.downloadToken).toMatch(SUBSCRIBER_ID_PATTERN);
    expect(lead.item.id).toBe(`lead#${lead.item.downloadToken}`);
    expect(token.item).toEqual({ id: `download#${lead.item.downloadToken}`, kind: 'download-token', leadId: lead.item.id, createdAt: NOW, expiresAt: NOW + DOWNLOAD_LINK_TTL_SECONDS });
    expect(claim.item).toMatchObject({ id: 'email#employer#avery.stone@example.ca', audience: 'employer', email: 'avery.stone@example.ca' });
    expect(claim.item.subscriberId).toMatch(SUBSCRIBER_ID_PATTERN);
  });

  it('records the consent given on the scorecard form with the subscriber', async () => {
    await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    const subscriberId = putOf('email#')[0]!.item.subscriberId;
    const [subscriberUpdate] = updatesOf(subscriberId);
    const granted = { type: 'granted', at: NOW, source: 'scorecard-form', text: CONSENT_TEXT.scorecard };
    expect(valuesOf(subscriberUpdate!)).toMatchObject({
      ':kind': 'subscriber',
      ':audience': 'employer',
      ':email': 'avery.stone@example.ca',
      ':subscribed': true,
      ':unsubscribeAllEmail': [false],
      ':allSettings': [true, true, true],
      ':expiresAt': NOW + RETENTION_SECONDS,
      ':lastConsent': granted,
      ':noConsents': 0,
      ':oneConsent': 1,
    });
    expect(subscriberUpdate!.UpdateExpression).toContain('#emailSetting = if_not_exists(#emailSetting, :allSettings)');
    expect(subscriberUpdate!.UpdateExpression).toContain('#consentCount = if_not_exists(#consentCount, :noConsents) + :oneConsent');
    expect(subscriberUpdate!.ReturnValues).toBe('ALL_NEW');
    expect(consentRecordPuts()).toEqual([
      {
        table: 'Subscribers-unit',
        item: { ...granted, id: `consent#${subscriberId}#1`, kind: 'consent-record', subscriberId, expiresAt: NOW + RETENTION_SECONDS },
        condition: RECORD_CONDITION,
      },
    ]);
  });

  it('claims the duplicate window and the daily counter with conditional writes', async () => {
    await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    const marker = putOf('dedupe#')[0]!;
    expect(marker.item.id).toMatch(/^dedupe#[0-9a-f]{64}$/);
    expect(marker.item.expiresAt).toBe(NOW + DUPLICATE_WINDOW_SECONDS);
    expect(marker.condition).toBe('attribute_not_exists(id) OR expiresAt < :now');
    const [counter] = updatesOf('limit#');
    expect(counter!.Key.id.S).toBe('limit#scorecard#avery.stone@example.ca#2025-10-09');
    expect(valuesOf(counter!)[':limit']).toBe(SCORECARD_MAILS_PER_ADDRESS_PER_DAY);
  });

  it('gives the same fingerprint to a resubmission with new timestamps and other letter case', async () => {
    await invoke(requestScorecard, scorecardEvent(scorecardBody()));
    await invoke(requestScorecard, scorecardEvent(scorecardBody({ createdAt: NOW + 5, updatedAt: NOW + 5, email: 'avery.stone@example.ca ' })));
    const [first, second] = putOf('dedupe#');
    expect(second!.item.id).toBe(first!.item.id);
  });

  it('answers a duplicate with the same 202 and writes no lead', async () => {
    failFor(PutItemCommand, 'dedupe#', conditionFailed());

    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    expect(answer).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
    expect(putOf('lead#')).toHaveLength(0);
    expect(callsOf(UpdateItemCommand)).toHaveLength(0);
  });

  it('answers 429 at the daily limit, frees the duplicate marker and writes no lead', async () => {
    failFor(UpdateItemCommand, 'limit#', conditionFailed());

    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    expect(answer).toMatchObject({ statusCode: 429, json: { message: API_ERRORS.scorecardLimit } });
    expect(putOf('lead#')).toHaveLength(0);
    const [release] = updatesOf('dedupe#');
    expect(release!.Key.id.S).toBe(putOf('dedupe#')[0]!.item.id);
    expect(valuesOf(release!)[':expired']).toBeLessThan(NOW);
  });

  it('frees the duplicate marker when a later write fails, so a retry is not swallowed', async () => {
    failFor(PutItemCommand, 'lead#', new Error('throttled'));

    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    expect(answer).toMatchObject({ statusCode: 500, json: { message: API_ERRORS.internal } });
    expect(updatesOf('dedupe#')).toHaveLength(1);
  });

  it('accepts a filled honeypot with the same 202 and touches nothing', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody({ website: 'http://spam.example' })));

    expect(answer).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
    expect(dynamo.calls()).toHaveLength(0);
    expect(JSON.parse(warn.mock.calls[0]![0] as string)).toMatchObject({ message: 'Honeypot field filled; submission dropped', form: 'scorecard' });
  });

  it.each([
    [{ firstName: '' }, 'First Name is Required*'],
    [{ firstName: '', lastName: ' ' }, 'First Name is Required* Last Name is Required*'],
    [{ email: '' }, 'Email is Required*'],
    [{ email: 'not-an-email' }, 'Invalid email'],
    [{ email: 'a@b.c0m' }, 'Email is invalid '],
    [{ signupMe: false }, 'You need to accept the terms and conditions'],
    [{ formType: 'Candidate' }, "formType must be 'Employer'"],
    [{ createdAt: 12 }, 'createdAt must be Unix seconds'],
  ])('answers 400 with the spec message for %p', async (overrides, message) => {
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody(overrides)));
    expect(answer).toMatchObject({ statusCode: 400, json: { message } });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('reuses the claimed subscriber id for a repeat request of the same address', async () => {
    failFor(PutItemCommand, 'email#', conditionFailed());
    answerBy(UpdateItemCommand, [
      ['email#employer#avery.stone@example.ca', () => ({ Attributes: item({ id: 'email#employer#avery.stone@example.ca', subscriberId: 'ExistingSubscriberId22' }) })],
      ['ExistingSubscriberId22', () => subscriberAfterUpdate('ExistingSubscriberId22', 3)],
    ]);

    await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    expect(updatesOf('ExistingSubscriberId22')).toHaveLength(1);
    expect(putOf('lead#')[0]!.item.subscriberId).toBe('ExistingSubscriberId22');
    // Its third consent: record 3, next to the two it already has.
    expect(consentRecordPuts().map((record) => record.item)).toEqual([
      expect.objectContaining({ id: 'consent#ExistingSubscriberId22#3', subscriberId: 'ExistingSubscriberId22', type: 'granted', source: 'scorecard-form' }),
    ]);
  });
});

describe('POST /api/signup', () => {
  it.each([
    ['candidate', 'candidate-signup-form'],
    ['employer', 'contact-form'],
  ])('answers 200 and stores a %s subscriber with consent from the %s', async (audience, source) => {
    const answer = await invoke(signup, signupEvent(signupBody({ audience, email: '  Jordan.Lee@Example.ORG ' })));

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    const claim = putOf('email#')[0]!;
    expect(claim.item.id).toBe(`email#${audience}#jordan.lee@example.org`);
    const granted = { type: 'granted', at: NOW, source, text: CONSENT_TEXT.signup };
    expect(valuesOf(updatesOf(claim.item.subscriberId)[0]!)[':lastConsent']).toEqual(granted);
    expect(consentRecordPuts().map((record) => record.item)).toEqual([
      { ...granted, id: `consent#${claim.item.subscriberId}#1`, kind: 'consent-record', subscriberId: claim.item.subscriberId, expiresAt: NOW + RETENTION_SECONDS },
    ]);
    expect(putOf('lead#')[0]!.item).toMatchObject({
      kind: 'lead',
      type: 'signup',
      audience,
      subscriberId: claim.item.subscriberId,
      email: 'jordan.lee@example.org',
      helpDescription: 'Looking for a site supervisor role.',
      mailStatus: 'pending',
      mail: { welcome: 'pending', notification: 'pending' },
    });
    expect(putOf('download#')).toHaveLength(0);
    const [counter] = updatesOf('limit#');
    expect(counter!.Key).toEqual(item({ id: 'limit#signup#jordan.lee@example.org#2025-10-09' }));
    expect(valuesOf(counter!)[':limit']).toBe(SIGNUP_MAILS_PER_ADDRESS_PER_DAY);
  });

  it('answers a duplicate with the same 200 and stores nothing new', async () => {
    failFor(PutItemCommand, 'dedupe#', conditionFailed());
    const answer = await invoke(signup, signupEvent(signupBody()));
    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    expect(dynamo.calls()).toHaveLength(1);
  });

  it('accepts a filled honeypot with the same 200 and stores nothing', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await invoke(signup, signupEvent(signupBody({ website: 'x' })));
    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it.each([
    [{ signupMe: false }, 'Please Select A Privacy Policy'],
    [{ audience: 'admin' }, 'audience must be candidate or employer'],
    [{ email: 'jordan@example.c0m' }, 'Email is invalid '],
    [{ jobTitle: 'x'.repeat(121) }, 'Job Title must be at most 120 characters'],
    [{ extra: 1 }, 'Unknown field(s): extra.'],
    [{ signupMe: 'yes' }, 'signupMe must be true or false.'],
  ])('answers 400 for %p', async (overrides, message) => {
    const answer = await invoke(signup, signupEvent(signupBody(overrides)));
    expect(answer).toMatchObject({ statusCode: 400, json: { message } });
    expect(dynamo.calls()).toHaveLength(0);
  });
});
