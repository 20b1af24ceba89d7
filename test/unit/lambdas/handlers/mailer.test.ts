/**
 * The mailer's two triggers, with SES and SQS mocked and the file's own dynalite: the leads
 * stream (a new lead's first attempt) and the mail sweep (retries from the MailDue index).
 * What the recipients read is asserted on the MIME SES received.
 */
import '#test/unit/support/env.ts';
import { SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import { handler as mailer } from '#lambdas/handlers/mailer.ts';
import { handler as mailSweep } from '#lambdas/handlers/mail-sweep.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { leadLinkToken } from '#lambdas/domain/lead-link-token.ts';
import { subscriberLinkToken } from '#lambdas/domain/subscriber-link-token.ts';
import { dueLead, dueSignupLead, SECRET } from '#test/unit/support/lead-items.ts';
import { NOW } from '#test/support/payloads.ts';
import { readMail } from '#test/support/parse-mime.ts';
import { insertRecord, streamEvent } from '#test/support/stream-records.ts';
import { fakeClock } from '#test/unit/support/clock.ts';

const ses = mockClient(SESClient);
const sqs = mockClient(SQSClient);
const LEADS = 'Leads-unit';
const SUBSCRIBERS = 'Subscribers-unit';
const SCORECARD_KEY = 'ScorecardKeyAbcdefghij';
const SIGNUP_KEY = 'SignupKeyAbcdefghijklm';

const tables = ownDynalite();

const scorecardLead = (overrides: Record<string, unknown> = {}) => ({
  ...dueLead(`lead#${SCORECARD_KEY}`),
  type: 'scorecard',
  audience: 'employer',
  email: 'avery.stone+hr@example.ca',
  mailbox: 'avery.stone@example.ca',
  firstName: 'Avery',
  lastName: 'Stone',
  jobTitle: 'HR Director',
  organization: 'Prairie Builders',
  helpDescription: 'We are hiring.',
  mail: { notification: 'pending', requester: 'pending' },
  ...overrides,
});
const signupLead = (overrides: Record<string, unknown> = {}) =>
  dueSignupLead(`lead#${SIGNUP_KEY}`, { helpDescription: 'Call me at https://evil.example', ...overrides });

/** Stores the lead and delivers its stream INSERT record, as DynamoDB Streams would. */
const insert = async (lead: Record<string, unknown>) => {
  await tables.put(LEADS, lead);
  return mailer(streamEvent(insertRecord(lead, '7')), {} as Context);
};
const sentMail = () =>
  Promise.all(
    ses.commandCalls(SendRawEmailCommand).map((call) => readMail(Buffer.from(call.args[0].input.RawMessage!.Data!))),
  );
const lead = async (key: string) => (await tables.get(LEADS, `lead#${key}`))!;
const sweepContext = (remainingMs = 60_000) => ({ getRemainingTimeInMillis: () => remainingMs }) as unknown as Context;

beforeEach(() => {
  ses.reset();
  sqs.reset();
  let count = 0;
  ses.on(SendRawEmailCommand).callsFake(async () => ({ MessageId: `ses-${(count += 1)}` }));
  sqs.on(SendMessageCommand).resolves({});
  fakeClock(NOW, 'setTimeout', 'clearTimeout');
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('mailer (leads stream)', () => {
  it('notifies the firm, then sends the scorecard link to the typed address with the links of a new subscriber that has no consent yet', async () => {
    // Act
    const result = await insert(scorecardLead());

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    const [subscriber, ...others] = (await tables.all(SUBSCRIBERS)).filter((item) => item.kind === 'subscriber');
    expect(others).toEqual([]);
    expect(subscriber).toMatchObject({
      audience: 'employer',
      email: 'avery.stone+hr@example.ca',
      mailbox: 'avery.stone@example.ca',
      consent: 'none',
      subscribed: true,
      lastConsent: { type: 'inquired', at: NOW, source: 'scorecard-form', leadId: `lead#${SCORECARD_KEY}` },
      consentCount: 1,
    });
    expect(subscriber!.impliedUntil).toBeUndefined();
    expect(await tables.get(SUBSCRIBERS, `consent#${subscriber!.id}#1`)).toMatchObject({
      kind: 'consent-record',
      type: 'inquired',
      subscriberId: subscriber!.id,
    });
    // Its links carry one token per purpose, made with its own secret.
    expect(subscriber!.secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const { id, secret } = subscriber!;
    const unsubscribeToken = subscriberLinkToken({ id, secret }, 'unsubscribe');
    const preferencesToken = subscriberLinkToken({ id, secret }, 'preferences');
    const [notification, requester] = await sentMail();
    expect(notification!.header('to')).toBe('leads@chinooktalent.ca');
    expect(notification!.header('reply-to')).toBe('avery.stone+hr@example.ca');
    expect(notification!.subject).toBe('New scorecard request: Avery Stone');
    expect(notification!.text).toContain('Organization: Prairie Builders');
    expect(notification!.text).toContain('Their message:\n> We are hiring.');
    // The lead's console page, by its URL-safe key (the stored id's `#` would end the path).
    expect(notification!.text).toContain(
      `Open the lead in the console: https://site.test/admin/leads/${SCORECARD_KEY}`,
    );
    expect(notification!.html).toContain(`<a href="https://site.test/admin/leads/${SCORECARD_KEY}">`);
    expect(requester!.header('to')).toBe('avery.stone+hr@example.ca');
    expect(requester!.header('from')).toBe('Chinook Talent Partners <no-reply@chinooktalent.ca>');
    expect(requester!.subject).toBe('Your Human Relations Scorecard');
    for (const body of [requester!.text, requester!.html]) {
      expect(body).toContain(
        `https://site.test/api/employer/scorecard/download/${leadLinkToken({ id: `lead#${SCORECARD_KEY}`, secret: SECRET }, 'download')}`,
      );
      expect(body).toContain(`https://site.test/unsubscribe/employer/${unsubscribeToken}#${preferencesToken}`);
      expect(body).toContain(`https://site.test/employer/setting/${preferencesToken}`);
    }
    expect(requester!.header('list-unsubscribe')).toBe(
      `<https://site.test/api/employer/subscribers/${unsubscribeToken}/one-click>`,
    );
    expect(requester!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await lead(SCORECARD_KEY)).toMatchObject({
      mail: { notification: 'sent', requester: 'sent' },
      sesMessageIds: { notification: 'ses-1', requester: 'ses-2' },
      mailStatus: 'sent',
    });
  });

  it('uses an existing subscriber as it is: no new subscriber, no change to its consent', async () => {
    // Prepare
    await tables.put(SUBSCRIBERS, {
      id: 'email#employer#avery.stone@example.ca',
      kind: 'email-claim',
      subscriberId: 'ExistingSubscriberId22',
    });
    const existing = {
      id: 'ExistingSubscriberId22',
      kind: 'subscriber',
      audience: 'employer',
      email: 'avery.stone@example.ca',
      consent: 'express',
      subscribed: true,
      firstName: 'Avery',
    };
    await tables.put(SUBSCRIBERS, existing);

    // Act
    await insert(scorecardLead());

    // Assess
    expect(await tables.all(SUBSCRIBERS)).toHaveLength(2);
    expect(await tables.get(SUBSCRIBERS, 'ExistingSubscriberId22')).toEqual(existing);
    const [, requester] = await sentMail();
    expect(requester!.text).toContain('https://site.test/unsubscribe/employer/ExistingSubscriberId22');
  });

  it('does not mail a suppressed address but still notifies the firm', async () => {
    await tables.put(SUBSCRIBERS, {
      id: 'email#employer#avery.stone@example.ca',
      kind: 'email-claim',
      subscriberId: 'SuppressedSubscriber22',
    });
    await tables.put(SUBSCRIBERS, {
      id: 'SuppressedSubscriber22',
      kind: 'subscriber',
      audience: 'employer',
      consent: 'implied',
      subscribed: false,
      suppressed: true,
      lastConsent: { type: 'withdrawn', at: NOW - 100, source: 'bounce', reasons: [] },
      consentCount: 1,
    });

    await insert(scorecardLead());

    expect((await sentMail()).map((mail) => mail.header('to'))).toEqual(['leads@chinooktalent.ca']);
    expect(await lead(SCORECARD_KEY)).toMatchObject({
      mail: { notification: 'sent', requester: 'suppressed' },
      mailStatus: 'sent',
    });
  });

  it("quotes the visitor's message in the firm's notification: no line of it passes for a field, no control survives", async () => {
    // Prepare: a message that forges field lines, with a bidi override and an escape sequence.
    const forged = 'Hello\r\nEmail: forged@example.ca\nReceived: 1999-01-01\u202Egnp.exe\u001b[2J';
    await insert(signupLead({ helpDescription: forged, organization: 'Acme\nEmail: other@example.ca' }));

    // Assess
    const [notification] = await sentMail();
    const lines = notification!.text.split(/\r?\n/);
    expect(lines.filter((line) => line.startsWith('Email:'))).toEqual(['Email: jordan.lee@example.org']);
    expect(lines.filter((line) => line.startsWith('Received:'))).toHaveLength(1);
    expect(notification!.text).toContain('Organization: Acme Email: other@example.ca');
    expect(notification!.text).toContain(
      'Their message:\n> Hello\n> Email: forged@example.ca\n> Received: 1999-01-01gnp.exe[2J',
    );
    expect(notification!.raw).not.toContain('\u202E');
    expect(notification!.raw).not.toContain('\u001b');
  });

  it('sends a sign-up the confirmation link, with no text the visitor typed, not even the first name', async () => {
    // Act
    await insert(signupLead());

    // Assess
    const [notification, confirmation] = await sentMail();
    expect(notification!.subject).toBe('New candidate sign-up: Jordan Lee');
    expect(notification!.text).toContain('Their message:\n> Call me at https://evil.example');
    expect(confirmation!.header('to')).toBe('jordan.lee@example.org');
    expect(confirmation!.subject).toBe('Please confirm your subscription to Chinook Talent Partners');
    expect(confirmation!.text).toMatch(/^Hello,$/m);
    expect(confirmation!.raw).not.toContain('Jordan');
    expect(confirmation!.text).toContain(
      `https://site.test/confirm/candidate/${leadLinkToken({ id: `lead#${SIGNUP_KEY}`, secret: SECRET }, 'confirmation')}`,
    );
    expect(confirmation!.raw).not.toContain('evil.example');
    expect(confirmation!.text).not.toContain('Lee');
    expect(await tables.all(SUBSCRIBERS)).toEqual([]);
  });

  it('ignores records that are not new leads (counters, modifications)', async () => {
    const counter = insertRecord({ id: 'limit#client#203.0.113.7#1', kind: 'submission-counter' });
    const modify = { ...insertRecord(signupLead()), eventName: 'MODIFY' as const };

    const result = await mailer(streamEvent(counter, modify), {} as Context);

    expect(result).toEqual({ batchItemFailures: [] });
    expect(ses.calls()).toHaveLength(0);
  });

  it('leaves a part SES refused for the sweep, without failing the stream batch', async () => {
    // Prepare
    ses.on(SendRawEmailCommand).rejects(
      Object.assign(new Error('Maximum sending rate exceeded.'), {
        name: 'Throttling',
        $metadata: { httpStatusCode: 400 },
      }),
    );

    // Act
    const result = await insert(signupLead());

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await lead(SIGNUP_KEY)).toMatchObject({
      mail: { notification: 'pending', confirmation: 'pending' },
      mailQueue: 'due',
      nextAttemptAt: NOW + 60,
    });
  });

  it('treats an address the composer will not write as refused: nothing sent, retried, never uncertain', async () => {
    // Prepare: an address stored before the forms refused such addresses (SES would refuse it too).
    const stored = signupLead({ email: 'jordan..lee@example.org' });

    // Act
    const result = await insert(stored);

    // Assess: the firm's notice (Reply-To) and the confirmation both wait for the sweep, with the reason.
    expect(result).toEqual({ batchItemFailures: [] });
    expect(ses.calls()).toHaveLength(0);
    expect(await lead(SIGNUP_KEY)).toMatchObject({
      mail: { notification: 'pending', confirmation: 'pending' },
      mailQueue: 'due',
      lastMailError: 'UnwritableHeader: An email address in a header must be a plain ASCII local@domain',
    });
  });

  it('reports the record failed when the attempt cannot be recorded at all', async () => {
    tables.failNext(1, (command) => command === 'UpdateItem');

    const result = await insert(signupLead());

    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '7' }] });
    expect(ses.calls()).toHaveLength(0);
  });
});

describe('emails owed past the form-mail budget', () => {
  it("notifies the firm at once that the visitor's email waits, and keeps it owed until its turn", async () => {
    // Act
    await insert(
      scorecardLead({ mail: { notification: 'pending', requester: 'waiting' }, mailWaitsUntil: NOW + 3600 }),
    );

    // Assess
    const sent = await sentMail();
    expect(sent.map((mail) => mail.header('to'))).toEqual(['leads@chinooktalent.ca']);
    expect(sent[0]!.text).toContain(
      `Our email to them: waiting: the limit of form email is reached for now; it goes out at ${new Date((NOW + 3600) * 1000).toISOString()}.`,
    );
    expect(await lead(SCORECARD_KEY)).toMatchObject({
      mail: { notification: 'sent', requester: 'waiting' },
      mailStatus: 'pending',
      mailQueue: 'due',
      nextAttemptAt: NOW + 3600,
    });
  });

  it('sends the waiting email once its turn has come, and only then marks it sent', async () => {
    // Prepare
    await tables.put(
      LEADS,
      scorecardLead({ mail: { notification: 'sent', requester: 'waiting' }, mailWaitsUntil: NOW, nextAttemptAt: NOW }),
    );

    // Act
    await mailSweep({}, sweepContext());

    // Assess
    expect((await sentMail()).map((mail) => mail.subject)).toEqual(['Your Human Relations Scorecard']);
    expect(await lead(SCORECARD_KEY)).toMatchObject({ mail: { requester: 'sent' }, mailStatus: 'sent' });
  });

  it('tells the firm how to release or drop a held email, and settles the lead as held', async () => {
    // Act
    await insert(scorecardLead({ mail: { notification: 'pending', requester: 'held' } }));

    // Assess
    const sent = await sentMail();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`npm run ops -- release-mail lead#${SCORECARD_KEY}`);
    expect(await lead(SCORECARD_KEY)).toMatchObject({
      mail: { notification: 'sent', requester: 'held' },
      mailStatus: 'held',
    });
    expect((await lead(SCORECARD_KEY)).mailQueue).toBeUndefined();
  });
});

describe('mail sweep (MailDue index)', () => {
  it('attempts every due lead once and leaves leads that are not due', async () => {
    // Prepare
    await tables.put(
      LEADS,
      signupLead({ mail: { notification: 'sent', confirmation: 'pending' }, nextAttemptAt: NOW - 5, mailAttempts: 2 }),
    );
    await tables.put(LEADS, scorecardLead({ nextAttemptAt: NOW + 300 }));

    // Act
    const result = await mailSweep({}, sweepContext());

    // Assess
    expect(result).toEqual({ due: 1, settled: 1, retry: 0, busy: 0, errors: 0 });
    expect((await sentMail()).map((mail) => mail.header('to'))).toEqual(['jordan.lee@example.org']);
    expect(await lead(SCORECARD_KEY)).toMatchObject({ mailQueue: 'due', mailAttempts: 0 });
  });

  it('dead-letters a lead whose retries ran out, naming the lead, for the operators', async () => {
    // Prepare
    await tables.put(
      LEADS,
      signupLead({ mail: { notification: 'sent', confirmation: 'pending' }, retryUntil: NOW - 1, mailAttempts: 25 }),
    );
    ses.on(SendRawEmailCommand).rejects(
      Object.assign(new Error('Service Unavailable'), {
        name: 'ServiceUnavailable',
        $metadata: { httpStatusCode: 503 },
      }),
    );

    // Act
    const result = await mailSweep({}, sweepContext());

    // Assess
    expect(result).toMatchObject({ due: 1, settled: 1 });
    expect(await lead(SIGNUP_KEY)).toMatchObject({
      mailStatus: 'failed',
      mail: { notification: 'sent', confirmation: 'failed' },
    });
    const [message] = sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input);
    expect(message!.QueueUrl).toBe(process.env.MAIL_DEAD_LETTER_QUEUE_URL);
    expect(JSON.parse(message!.MessageBody!)).toMatchObject({
      leadId: `lead#${SIGNUP_KEY}`,
      failedParts: ['confirmation'],
      attempts: 26,
    });
  });

  it('stops before its time runs out; the next sweep goes on', async () => {
    await tables.put(LEADS, signupLead());
    const result = await mailSweep({}, sweepContext(1000));
    expect(result).toEqual({ due: 1, settled: 0, retry: 0, busy: 0, errors: 0 });
    expect(ses.calls()).toHaveLength(0);
  });
});
