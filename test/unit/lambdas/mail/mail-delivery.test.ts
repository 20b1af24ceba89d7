/**
 * deliverLeadMail with a fake `send` against the file's own dynalite: each part at most once, SES
 * refusals retried with backoff, giving up into a dead letter, sends in doubt never repeated.
 * The delivery semantics are described in docs/decisions/ (lead delivery).
 */
import { leadLinkToken } from '#lambdas/domain/lead-link-token.ts';
import '#test/unit/support/env.ts';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { deliverLeadMail, type MailerDeps } from '#lambdas/mail/deliver-lead-mail.ts';
import { retryDelay } from '#lambdas/mail/delivery-policy.ts';
import type { OutgoingMail } from '#lambdas/mail/outgoing-mail.ts';
import { sesRefused } from '#lambdas/mail/send.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { connectionReset, refusedConnection, sesAnswer, timedOut } from '#test/unit/support/aws-errors.ts';
import { dueSignupLead, POLICY } from '#test/unit/support/lead-items.ts';
import { NOW } from '#test/support/payloads.ts';

const LEAD_ID = 'lead#SignupKeyAbcdefghijk';
const LEADS = 'Leads-unit';

describe('retryDelay', () => {
  it.each([
    [0, 60],
    [1, 60],
    [2, 120],
    [3, 240],
    [6, 1920],
    [7, 3600],
    [40, 3600],
  ])('after %i failed attempts waits %i s (doubling, capped)', (attempts, seconds) => {
    expect(retryDelay(POLICY, attempts)).toBe(seconds);
  });

  it('adds up to more than a day before the default give-up time of 26 hours', () => {
    let waited = 0;
    let attempts = 0;
    while (waited < 24 * 3600) waited += retryDelay(POLICY, (attempts += 1));
    expect(waited).toBeLessThan(POLICY.giveUpAfterSeconds);
  });
});

describe('sesRefused', () => {
  it.each([
    ['a throttling answer (400)', sesAnswer(400, 'Throttling'), true],
    ['a rejection (400 MessageRejected)', sesAnswer(400, 'MessageRejected'), true],
    ['an outage answer (503)', sesAnswer(503, 'ServiceUnavailable'), true],
    ['a refused connection', refusedConnection(), true],
    ['an unknown host', Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), true],
    ['a timeout', timedOut(), false],
    ['a connection reset mid-request', connectionReset(), false],
    ['a plain error', new Error('?'), false],
    ['a thrown string', 'boom', false],
  ])('%s -> %p', (_case, error, refused) => {
    expect(sesRefused(error)).toBe(refused);
  });
});

describe('deliverLeadMail', () => {
  const tables = ownDynalite();
  let sent: OutgoingMail[];
  let send: jest.Mock<Promise<string>, [OutgoingMail]>;
  let deadLetter: jest.Mock;
  let deps: MailerDeps;

  const lead = async () => (await tables.get(LEADS, LEAD_ID))!;
  const store = (overrides: Record<string, unknown> = {}) => tables.put(LEADS, dueSignupLead(LEAD_ID, overrides));
  const sentTo = () => sent.map((mail) => mail.to);

  beforeEach(() => {
    sent = [];
    let count = 0;
    send = jest.fn(async (mail: OutgoingMail) => {
      sent.push(mail);
      count += 1;
      return `ses-${count}`;
    });
    deadLetter = jest.fn(async () => undefined);
    const db = new DynamoDBClient({});
    deps = {
      leads: { db, table: LEADS },
      subscribers: { db, table: 'Subscribers-unit' },
      send,
      siteUrl: 'https://site.test',
      notificationEmail: 'leads@chinooktalent.ca',
      policy: POLICY,
      deadLetter,
    };
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends each part once, records SES message ids, settles the lead and takes it out of the queue', async () => {
    // Prepare
    await store();

    // Act
    const outcome = await deliverLeadMail(deps, LEAD_ID, NOW);
    const again = await deliverLeadMail(deps, LEAD_ID, NOW + 600);

    // Assess
    expect([outcome, again]).toEqual(['settled', 'busy']);
    expect(sentTo()).toEqual(['leads@chinooktalent.ca', 'jordan.lee@example.org']);
    expect(sent[1]!.text).toContain(
      `https://site.test/confirm/candidate/${leadLinkToken({ id: LEAD_ID, secret: 'SecretAbcdefghijklmnop' }, 'confirmation')}`,
    );
    expect(await lead()).toMatchObject({
      mail: { notification: 'sent', confirmation: 'sent' },
      sesMessageIds: { notification: 'ses-1', confirmation: 'ses-2' },
      mailStatus: 'sent',
      settledAt: NOW,
      mailAttempts: 1,
    });
    expect(await lead()).not.toHaveProperty('mailQueue');
    expect(await lead()).not.toHaveProperty('leaseId');
  });

  it('sends nothing and changes nothing while another invocation holds the lead', async () => {
    // Prepare
    await store({ leaseId: 'SomeoneElse', leaseUntil: NOW + 100 });
    const before = await lead();

    // Act
    const outcome = await deliverLeadMail(deps, LEAD_ID, NOW);

    // Assess
    expect(outcome).toBe('busy');
    expect(send).not.toHaveBeenCalled();
    expect(await lead()).toEqual(before);
  });

  it('takes over a lead whose lease has run out', async () => {
    await store({ leaseId: 'Crashed', leaseUntil: NOW - 1 });
    expect(await deliverLeadMail(deps, LEAD_ID, NOW)).toBe('settled');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not attempt a lead before its next attempt is due', async () => {
    await store({ nextAttemptAt: NOW + 60 });
    expect(await deliverLeadMail(deps, LEAD_ID, NOW)).toBe('busy');
    expect(send).not.toHaveBeenCalled();
  });

  it('puts a part SES refused back to pending and schedules a retry with exponential backoff', async () => {
    // Prepare
    await store();
    send.mockImplementation(async (mail) => {
      if (mail.to !== 'leads@chinooktalent.ca') throw sesAnswer(400, 'Throttling');
      sent.push(mail);
      return 'ses-n';
    });

    // Act
    const first = await deliverLeadMail(deps, LEAD_ID, NOW);
    const afterFirst = await lead();
    const second = await deliverLeadMail(deps, LEAD_ID, NOW + 60);
    const afterSecond = await lead();

    // Assess
    expect([first, second]).toEqual(['retry', 'retry']);
    expect(afterFirst).toMatchObject({
      mail: { notification: 'sent', confirmation: 'pending' },
      mailQueue: 'due',
      nextAttemptAt: NOW + 60,
      lastMailError: 'Throttling: Throttling',
    });
    expect(afterFirst).not.toHaveProperty('leaseId');
    expect(afterSecond).toMatchObject({ mailAttempts: 2, nextAttemptAt: NOW + 60 + 120 });
    expect(sentTo()).toEqual(['leads@chinooktalent.ca']);
  });

  it('delivers the refused part once SES takes it again, without resending the others', async () => {
    // Prepare
    await store({ mail: { notification: 'sent', confirmation: 'pending' }, mailAttempts: 3, nextAttemptAt: NOW });

    // Act
    const outcome = await deliverLeadMail(deps, LEAD_ID, NOW);

    // Assess
    expect(outcome).toBe('settled');
    expect(sentTo()).toEqual(['jordan.lee@example.org']);
    expect(await lead()).toMatchObject({ mail: { notification: 'sent', confirmation: 'sent' }, mailStatus: 'sent' });
  });

  it('gives up after retryUntil: marks the part and the lead failed, dead-letters the lead and logs "Lead mail finally failed"', async () => {
    // Prepare
    await store({ mail: { notification: 'sent', confirmation: 'pending' }, mailAttempts: 30, retryUntil: NOW - 1 });
    send.mockRejectedValue(sesAnswer(503, 'ServiceUnavailable'));

    // Act
    const outcome = await deliverLeadMail(deps, LEAD_ID, NOW);

    // Assess
    expect(outcome).toBe('settled');
    expect(await lead()).toMatchObject({
      mail: { notification: 'sent', confirmation: 'failed' },
      mailStatus: 'failed',
      lastMailError: 'ServiceUnavailable: ServiceUnavailable',
    });
    expect(await lead()).not.toHaveProperty('mailQueue');
    expect(deadLetter).toHaveBeenCalledTimes(1);
    expect(deadLetter).toHaveBeenCalledWith({
      leadId: LEAD_ID,
      failedParts: ['confirmation'],
      attempts: 31,
      lastMailError: 'ServiceUnavailable: ServiceUnavailable',
      at: NOW,
    });
    const errors = (console.error as jest.Mock).mock.calls.map(([line]) => JSON.parse(line as string));
    expect(errors).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Lead mail finally failed',
        leadId: LEAD_ID,
        failedParts: ['confirmation'],
      }),
    );
  });

  it('keeps a part whose send timed out in doubt for the settling window, without sending it again', async () => {
    // Prepare
    await store();
    send.mockImplementationOnce(async () => {
      throw timedOut();
    });

    // Act
    const outcome = await deliverLeadMail(deps, LEAD_ID, NOW);

    // Assess
    expect(outcome).toBe('retry');
    expect(sentTo()).toEqual(['jordan.lee@example.org']);
    expect(send.mock.calls.map(([mail]) => mail.to)).toEqual(['leads@chinooktalent.ca', 'jordan.lee@example.org']);
    expect(await lead()).toMatchObject({
      mail: { notification: 'uncertain', confirmation: 'sent' },
      mailStatus: 'pending',
      mailQueue: 'due',
      doubtSince: NOW,
      nextAttemptAt: NOW + POLICY.settleSeconds,
    });
    expect(deadLetter).not.toHaveBeenCalled();
  });

  it('tags every email with its lead and part, so that SES events find it', async () => {
    await store();
    await deliverLeadMail(deps, LEAD_ID, NOW);
    expect(send.mock.calls.map(([mail]) => mail.tags)).toEqual([
      { lead: 'SignupKeyAbcdefghijk', part: 'notification' },
      { lead: 'SignupKeyAbcdefghijk', part: 'confirmation' },
    ]);
  });

  it('turns a part left "sending" by an interrupted attempt into doubt, not a second email', async () => {
    await store({ mail: { notification: 'sending', confirmation: 'pending' }, mailAttempts: 1 });

    await deliverLeadMail(deps, LEAD_ID, NOW);

    expect(sentTo()).toEqual(['jordan.lee@example.org']);
    expect(await lead()).toMatchObject({
      mail: { notification: 'uncertain', confirmation: 'sent' },
      mailStatus: 'pending',
      doubtSince: NOW,
    });
  });

  it('sends a doubtful part again, once, when the settling window passed with no word from SES', async () => {
    await store({ mail: { notification: 'uncertain', confirmation: 'sent' }, doubtSince: NOW - POLICY.settleSeconds });

    expect(await deliverLeadMail(deps, LEAD_ID, NOW)).toBe('settled');

    expect(send.mock.calls.map(([mail]) => mail.to)).toEqual(['leads@chinooktalent.ca']);
    expect(await lead()).toMatchObject({ mail: { notification: 'sent', confirmation: 'sent' }, mailStatus: 'sent' });
    expect((await lead()).resentParts).toEqual(new Set(['notification']));
    expect((await lead()).doubtSince).toBeUndefined();
  });

  it('does not send a part SES has settled meanwhile (its event made it sent)', async () => {
    await store({
      mail: { notification: 'sent', confirmation: 'sent' },
      doubtSince: NOW - POLICY.settleSeconds,
      sesMessageIds: { notification: 'ses-from-event' },
    });

    expect(await deliverLeadMail(deps, LEAD_ID, NOW)).toBe('settled');

    expect(send).not.toHaveBeenCalled();
    expect(await lead()).toMatchObject({ mailStatus: 'sent', sesMessageIds: { notification: 'ses-from-event' } });
  });

  it('waits while the window is open: a doubtful part is not sent before it ends', async () => {
    await store({
      mail: { notification: 'uncertain', confirmation: 'sent' },
      doubtSince: NOW - POLICY.settleSeconds + 1,
    });
    await tables.put(LEADS, { ...(await lead()), nextAttemptAt: NOW });

    expect(await deliverLeadMail(deps, LEAD_ID, NOW)).toBe('retry');

    expect(send).not.toHaveBeenCalled();
    expect(await lead()).toMatchObject({ doubtSince: NOW - POLICY.settleSeconds + 1, nextAttemptAt: NOW + 1 });
  });

  it('leaves a part in doubt again after its resend uncertain, settles the lead and raises the alarm', async () => {
    await store({
      mail: { notification: 'uncertain', confirmation: 'sent' },
      doubtSince: NOW - POLICY.settleSeconds,
      resentParts: new Set(['notification']),
    });

    expect(await deliverLeadMail(deps, LEAD_ID, NOW)).toBe('settled');

    expect(send).not.toHaveBeenCalled();
    expect(await lead()).toMatchObject({ mail: { notification: 'uncertain' }, mailStatus: 'uncertain' });
    expect((await lead()).settledDoubts).toEqual(new Set(['notification']));
    const errors = (console.error as jest.Mock).mock.calls.map(([line]) => JSON.parse(line as string));
    expect(errors).toContainEqual(
      expect.objectContaining({ message: 'Mail doubt outlived its window', leadId: LEAD_ID, part: 'notification' }),
    );
  });

  it('sends once when recording the send fails and then succeeds', async () => {
    // Prepare: the first write of "sent" for the notification is refused by DynamoDB.
    await store();
    tables.failNext(
      1,
      (command, input) => command === 'UpdateItem' && String(input.UpdateExpression).includes('#ids.#part'),
    );

    // Act
    const outcome = await deliverLeadMail(deps, LEAD_ID, NOW);

    // Assess
    expect(outcome).toBe('settled');
    expect(sentTo()).toEqual(['leads@chinooktalent.ca', 'jordan.lee@example.org']);
    expect(await lead()).toMatchObject({
      mail: { notification: 'sent', confirmation: 'sent' },
      sesMessageIds: { notification: 'ses-1', confirmation: 'ses-2' },
    });
  });

  it('throws, sending nothing, when the lead cannot even be claimed (the stream or the sweep retries)', async () => {
    await store();
    tables.failNext(1, (command) => command === 'UpdateItem');
    await expect(deliverLeadMail(deps, LEAD_ID, NOW)).rejects.toThrow('Service unavailable');
    expect(send).not.toHaveBeenCalled();
    expect(await lead()).toMatchObject({
      mailQueue: 'due',
      mail: { notification: 'pending', confirmation: 'pending' },
    });
  });

  it('skips the confirmation of an address that is already a confirmed subscriber', async () => {
    // Prepare
    await tables.put('Subscribers-unit', {
      id: 'email#candidate#jordan.lee@example.org',
      kind: 'email-claim',
      subscriberId: 'SubscriberAbcdefghijkl',
    });
    await tables.put('Subscribers-unit', {
      id: 'SubscriberAbcdefghijkl',
      kind: 'subscriber',
      audience: 'candidate',
      consent: 'express',
      subscribed: true,
    });
    await store();

    // Act
    await deliverLeadMail(deps, LEAD_ID, NOW);

    // Assess
    expect(sentTo()).toEqual(['leads@chinooktalent.ca']);
    expect(await lead()).toMatchObject({ mail: { notification: 'sent', confirmation: 'skipped' }, mailStatus: 'sent' });
  });
});
