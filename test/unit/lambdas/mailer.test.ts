import './support/env';
import { GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import { handler as mailer } from '../../../lambdas/handlers/mailer';
import { MAX_MAIL_ATTEMPTS } from '../../../lambdas/mail/deliver-lead-mail';
import { callsOf, dynamo, item, valuesOf } from './support/dynamo-mock';
import { NOW } from './support/payloads';
import { readMail } from './support/parse-mime';
import { insertRecord, streamEvent } from './support/stream-records';

const ses = mockClient(SESClient);
const SUBSCRIBER = 'SubscriberIdAbcdefghij';
const TOKEN = 'DownloadTokenAbcdefghi';

const scorecardLead = (overrides: Record<string, unknown> = {}) => ({
  id: `lead#${TOKEN}`, kind: 'lead', type: 'scorecard', audience: 'employer', subscriberId: SUBSCRIBER,
  email: 'avery.stone@example.ca', firstName: 'Avery', lastName: 'Stone', jobTitle: 'HR Director',
  organization: 'Prairie Builders', helpDescription: 'We are hiring.', downloadToken: TOKEN, createdAt: NOW,
  expiresAt: NOW + 1, mailStatus: 'pending', mail: { requester: 'pending', notification: 'pending' },
  ...overrides,
});

const signupLead = (overrides: Record<string, unknown> = {}) => ({
  id: 'lead#SignupLeadAbcdefghijk', kind: 'lead', type: 'signup', audience: 'candidate', subscriberId: SUBSCRIBER,
  email: 'jordan.lee@example.org', firstName: 'Jordan', lastName: 'Lee', jobTitle: '', organization: '',
  helpDescription: 'Looking for work.', createdAt: NOW, expiresAt: NOW + 1, mailStatus: 'pending',
  mail: { welcome: 'pending', notification: 'pending' },
  ...overrides,
});

const subscriber = (overrides: Record<string, unknown> = {}) => ({ id: SUBSCRIBER, kind: 'subscriber', audience: 'employer', email: 'avery.stone@example.ca', ...overrides });

/** Serves the lead and the subscriber; counts attempts like DynamoDB's ADD. */
const storeWith = (lead: Record<string, unknown>, stored = subscriber(), attempts = 1) => {
  dynamo.on(GetItemCommand).callsFake((input: Record<string, any>) => ({
    Item: input.Key.id.S === lead.id ? item(lead) : input.Key.id.S === SUBSCRIBER ? item(stored) : undefined,
  }));
  dynamo.on(UpdateItemCommand).callsFake((input: Record<string, any>) =>
    input.UpdateExpression === 'ADD mailAttempts :one' ? { Attributes: item({ mailAttempts: attempts }) } : {},
  );
};

const sentMime = () => ses.commandCalls(SendRawEmailCommand).map((call) => Buffer.from(call.args[0].input.RawMessage!.Data!).toString('utf8'));
const sentMail = () => Promise.all(sentMime().map(readMail));
const partUpdates = () => callsOf(UpdateItemCommand).filter((input) => input.UpdateExpression === 'SET #mail.#part = :status').map((input) => `${input.ExpressionAttributeNames['#part']}=${valuesOf(input)[':status']}`);
const statusUpdate = () => callsOf(UpdateItemCommand).map(valuesOf).filter((values) => ':mailStatus' in values).pop();
const run = (lead: Record<string, unknown>) => mailer(streamEvent(insertRecord(lead, '7')), {} as Context);

beforeEach(() => {
  dynamo.reset();
  ses.reset();
  ses.on(SendRawEmailCommand).resolves({ MessageId: 'ses-1' });
  jest.useFakeTimers({ now: NOW * 1000, doNotFake: ['nextTick', 'setImmediate'] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('mailer (leads stream)', () => {
  it('sends the scorecard link to the requester with unsubscribe links and List-Unsubscribe headers', async () => {
    storeWith(scorecardLead());

    const result = await run(scorecardLead());

    expect(result).toEqual({ batchItemFailures: [] });
    const [requester, notification] = await sentMail();
    expect(requester!.header('to')).toBe('avery.stone@example.ca');
    expect(requester!.header('from')).toBe('Chinook Talent Partners <no-reply@chinooktalent.ca>');
    expect(requester!.subject).toBe('Your Human Relations Scorecard');
    expect(requester!.header('content-type')).toMatch(/^multipart\/alternative/);
    for (const body of [requester!.text, requester!.html]) {
      expect(body).toContain(`https://site.test/api/employer/scorecard/download/${TOKEN}`);
      expect(body).toContain(`https://site.test/unsubscribe/employer/${SUBSCRIBER}`);
      expect(body).toContain(`https://site.test/employer/setting/${SUBSCRIBER}`);
    }
    expect(requester!.header('list-unsubscribe')).toBe(`<https://site.test/api/employer/subscribers/${SUBSCRIBER}/one-click>`);
    expect(requester!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(notification!.header('to')).toBe('leads@chinooktalent.ca');
    expect(notification!.header('reply-to')).toBe('avery.stone@example.ca');
    expect(notification!.subject).toBe('New scorecard request: Avery Stone');
    expect(notification!.text).toContain('Organization: Prairie Builders');
    expect(notification!.header('list-unsubscribe')).toBeUndefined();
    expect(partUpdates()).toEqual(['requester=sent', 'notification=sent']);
    expect(statusUpdate()).toEqual({ ':mailStatus': 'sent', ':sentAt': NOW });
  });

  it('sends a sign-up a welcome with its audience links and a notification', async () => {
    storeWith(signupLead(), subscriber({ audience: 'candidate', email: 'jordan.lee@example.org' }));

    await run(signupLead());

    const [welcome, notification] = await sentMail();
    expect(welcome!.subject).toBe('Thank you for contacting Chinook Talent Partners');
    expect(welcome!.text).toContain(`https://site.test/unsubscribe/candidate/${SUBSCRIBER}`);
    expect(welcome!.text).toContain(`https://site.test/candidate/setting/${SUBSCRIBER}`);
    expect(welcome!.header('list-unsubscribe')).toBe(`<https://site.test/api/candidate/subscribers/${SUBSCRIBER}/one-click>`);
    expect(notification!.subject).toBe('New candidate sign-up: Jordan Lee');
  });

  it('ignores non-lead items and non-INSERT records', async () => {
    const marker = insertRecord({ id: 'dedupe#abc', kind: 'duplicate-marker' });
    const modify = { ...insertRecord(scorecardLead()), eventName: 'MODIFY' as const };

    const result = await mailer(streamEvent(marker, modify), {} as Context);

    expect(result).toEqual({ batchItemFailures: [] });
    expect(dynamo.calls()).toHaveLength(0);
    expect(ses.calls()).toHaveLength(0);
  });

  it('does nothing for a lead whose mail is already done', async () => {
    storeWith(scorecardLead({ mailStatus: 'sent', mail: { requester: 'sent', notification: 'sent' } }));
    await run(scorecardLead());
    expect(ses.calls()).toHaveLength(0);
    expect(callsOf(UpdateItemCommand)).toHaveLength(0);
  });

  it('on retry sends only the part that failed before', async () => {
    storeWith(scorecardLead({ mail: { requester: 'sent', notification: 'pending' } }), subscriber(), 2);

    await run(scorecardLead());

    const sent = await sentMail();
    expect(sent.map((mail) => mail.header('to'))).toEqual(['leads@chinooktalent.ca']);
    expect(partUpdates()).toEqual(['notification=sent']);
  });

  it('reports the record for retry when SES fails, keeping the part that was sent', async () => {
    storeWith(scorecardLead());
    ses.on(SendRawEmailCommand).rejectsOnce(Object.assign(new Error('Throttling'), { name: 'Throttling' })).resolves({ MessageId: 'ses-2' });

    const result = await run(scorecardLead());

    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '7' }] });
    expect(partUpdates()).toEqual(['notification=sent']);
    expect(statusUpdate()).toEqual({ ':mailStatus': 'pending', ':lastMailError': 'Throttling: Throttling' });
  });

  it(`gives up after ${MAX_MAIL_ATTEMPTS} attempts: marks the lead failed and reports it once more, for the dead-letter queue`, async () => {
    storeWith(scorecardLead(), subscriber(), MAX_MAIL_ATTEMPTS);
    ses.on(SendRawEmailCommand).rejects(new Error('MessageRejected'));

    const result = await run(scorecardLead());

    expect(result.batchItemFailures).toHaveLength(1);
    expect(partUpdates()).toEqual(['requester=failed', 'notification=failed']);
    expect(statusUpdate()).toEqual({ ':mailStatus': 'failed', ':lastMailError': 'Error: MessageRejected' });
  });

  it('does not mail a suppressed subscriber but still notifies the consultancy', async () => {
    storeWith(scorecardLead(), subscriber({ suppressed: true }));

    await run(scorecardLead());

    const sent = await sentMail();
    expect(sent.map((mail) => mail.header('to'))).toEqual(['leads@chinooktalent.ca']);
    expect(partUpdates()).toEqual(['requester=suppressed', 'notification=sent']);
    expect(statusUpdate()).toEqual({ ':mailStatus': 'suppressed', ':sentAt': NOW });
  });

  it('counts every attempt atomically', async () => {
    storeWith(scorecardLead());
    await run(scorecardLead());
    expect(callsOf(UpdateItemCommand).filter((input) => input.UpdateExpression === 'ADD mailAttempts :one')).toHaveLength(1);
  });
});
