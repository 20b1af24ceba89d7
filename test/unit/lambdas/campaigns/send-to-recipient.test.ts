/**
 * sendToRecipient's failure paths, with a fake `send` (the inbox) against the file's own dynalite: at
 * most one email per person per campaign whatever fails (docs/decisions/0050-campaign-sending.md,
 * delivery semantics of docs/decisions/0001-lead-delivery.md).
 */
import '#test/unit/support/env.ts';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { sendToRecipient, type CampaignSenderDeps } from '#lambdas/campaigns/send-to-recipient.ts';
import { recordSendAccepted } from '#lambdas/data/campaign-sends.ts';
import { SES_MAY_SETTLE } from '#lambdas/domain/email-state.ts';
import type { OutgoingMail } from '#lambdas/mail/outgoing-mail.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import { callsOf } from '#test/unit/support/dynamo-mock.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { connectionReset, refusedConnection, sesAnswer, timedOut } from '#test/unit/support/aws-errors.ts';
import { POLICY } from '#test/unit/support/lead-items.ts';
import { NOW } from '#test/support/payloads.ts';
import {
  CAMPAIGNS,
  campaignContent,
  changeSubscriber,
  sendRecord,
  SLUG,
  storeSubscriber,
} from '#test/unit/support/campaign-fixtures.ts';
import { fakeClock, runTimersUntilSettled } from '#test/unit/support/clock.ts';

const CAMPAIGN = campaignContent();
const EMAIL = 'pat@example.ca';

const tables = ownDynalite();
/** What reached the inbox: SES accepted these. */
let inbox: OutgoingMail[];
let send: jest.Mock<Promise<string>, [OutgoingMail]>;
let deadLetter: jest.Mock;
let deps: CampaignSenderDeps;
let pat: SubscriberItem;

const errorLines = () => (console.error as jest.Mock).mock.calls.map(([line]) => JSON.parse(line as string));
const deliver = (mail: OutgoingMail) => {
  inbox.push(mail);
  return `ses-${inbox.length}`;
};

beforeEach(async () => {
  inbox = [];
  send = jest.fn(async (mail: OutgoingMail) => deliver(mail));
  deadLetter = jest.fn(async () => undefined);
  const db = new DynamoDBClient({});
  deps = {
    subscribers: { db, table: 'Subscribers-unit' },
    campaigns: { db, table: CAMPAIGNS },
    send,
    siteUrl: 'https://site.test',
    policy: POLICY,
    deadLetter,
  };
  pat = await storeSubscriber(tables, EMAIL);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a recipient SES refused', () => {
  it.each([
    ['a throttling answer', () => sesAnswer(400, 'Throttling')],
    ['an outage answer', () => sesAnswer(503, 'ServiceUnavailable')],
    ['no connection', refusedConnection],
  ])('(%s) comes back after its backoff and is sent exactly once then', async (_case, refusal) => {
    // Prepare
    send.mockImplementationOnce(async () => {
      throw refusal();
    });

    // Act
    const first = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW);
    const afterFirst = await sendRecord(tables, EMAIL);
    const second = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 60);
    const third = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 120);

    // Assess
    expect(first).toEqual({ result: 'retry', afterSeconds: 60 });
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, firstAttemptAt: NOW });
    expect([second, third]).toEqual([{ result: 'sent' }, { result: 'already' }]);
    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
    expect(await sendRecord(tables, EMAIL)).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: NOW + 60,
      messageId: 'ses-1',
    });
    expect(deadLetter).not.toHaveBeenCalled();
  });

  it('waits longer after each refusal (the mailer backoff: 60 s, 120 s, 240 s)', async () => {
    send.mockRejectedValue(sesAnswer(400, 'Throttling'));

    const delays = [];
    for (const at of [NOW, NOW + 60, NOW + 180]) delays.push(await sendToRecipient(deps, CAMPAIGN, pat.id, at));

    expect(delays).toEqual([60, 120, 240].map((afterSeconds) => ({ result: 'retry', afterSeconds })));
    expect(inbox).toEqual([]);
  });

  it('past the give-up time is failed, dead-lettered and logged as "Campaign mail finally failed"', async () => {
    // Prepare: refused since the first attempt, 26 hours ago.
    send.mockRejectedValue(sesAnswer(503, 'ServiceUnavailable'));
    await sendToRecipient(deps, CAMPAIGN, pat.id, NOW - POLICY.giveUpAfterSeconds);

    // Act
    const outcome = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW);

    // Assess
    expect(outcome).toEqual({ result: 'failed' });
    expect(inbox).toEqual([]);
    expect(await sendRecord(tables, EMAIL)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'ServiceUnavailable: ServiceUnavailable',
    });
    expect(deadLetter.mock.calls).toEqual([
      [
        {
          campaign: SLUG,
          subscriberId: pat.id,
          attempts: 2,
          lastMailError: 'ServiceUnavailable: ServiceUnavailable',
          at: NOW,
        },
      ],
    ]);
    expect(errorLines()).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'Campaign mail finally failed',
        campaign: SLUG,
        subscriberId: pat.id,
        attempts: 2,
      }),
    ]);
  });

  it('is still retried one second before the give-up time', async () => {
    send.mockRejectedValue(sesAnswer(503, 'ServiceUnavailable'));
    await sendToRecipient(deps, CAMPAIGN, pat.id, NOW - POLICY.giveUpAfterSeconds + 1);

    expect(await sendToRecipient(deps, CAMPAIGN, pat.id, NOW)).toMatchObject({ result: 'retry' });
    expect(deadLetter).not.toHaveBeenCalled();
  });
});

/** Pat's send record as an earlier attempt left it, last tried at `lastAttemptAt`. */
const storeSendRecord = (status: 'sending' | 'uncertain', lastAttemptAt: number) =>
  tables.put(CAMPAIGNS, {
    id: `send#${SLUG}#${EMAIL}`,
    kind: 'campaign-send',
    campaign: SLUG,
    mailbox: EMAIL,
    subscriberId: pat.id,
    status,
    attempts: 1,
    firstAttemptAt: lastAttemptAt,
    lastAttemptAt,
    expiresAt: NOW + 86400,
  });

describe('a send whose outcome is unknown', () => {
  const warnLines = () => (console.warn as jest.Mock).mock.calls.map(([line]) => JSON.parse(line as string));
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it.each([
    ['a timeout', timedOut],
    ['a connection reset mid-request (ECONNRESET)', connectionReset],
  ])(
    '(%s) waits for its settling window; SES took it, so its Send event settles it and nothing goes twice',
    async (_case, failure) => {
      // Prepare: SES took the email, but its answer never arrived.
      send.mockImplementationOnce(async (mail) => {
        deliver(mail);
        throw failure();
      });

      // Act
      const first = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW);
      const early = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 600);
      await recordSendAccepted(deps.campaigns, { campaign: SLUG, mailbox: EMAIL }, 'ses-1', NOW + 5, SES_MAY_SETTLE);
      const later = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + POLICY.settleSeconds);

      // Assess
      expect([first, early, later]).toEqual([
        { result: 'in-doubt', afterSeconds: POLICY.settleSeconds },
        { result: 'in-doubt', afterSeconds: POLICY.settleSeconds - 600 },
        { result: 'already' },
      ]);
      expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
      expect(await sendRecord(tables, EMAIL)).toMatchObject({ status: 'sent', messageId: 'ses-1', doubtSince: NOW });
      expect(deadLetter).not.toHaveBeenCalled();
      expect(warnLines()).toEqual([
        expect.objectContaining({
          message: "Campaign mail may not have been sent: awaiting SES's word",
          subscriberId: pat.id,
        }),
      ]);
    },
  );

  it('that never reached SES is sent again once, when the window passed with no word from SES', async () => {
    // Prepare: the call timed out before SES got it.
    send.mockRejectedValueOnce(timedOut());

    // Act
    const first = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW);
    const resent = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + POLICY.settleSeconds);
    const again = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 2 * POLICY.settleSeconds);

    // Assess
    expect([first, resent, again]).toEqual([
      { result: 'in-doubt', afterSeconds: POLICY.settleSeconds },
      { result: 'sent' },
      { result: 'already' },
    ]);
    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
    expect(await sendRecord(tables, EMAIL)).toMatchObject({ status: 'sent', resent: true, attempts: 2 });
    expect(warnLines().map((line) => line.message)).toEqual([
      "Campaign mail may not have been sent: awaiting SES's word",
      'Email in doubt sent again: SES has no record of it',
    ]);
  });

  it('in doubt again after its resend is left uncertain, once, with the alarm line', async () => {
    // Prepare: both calls time out and SES never says a word.
    send.mockRejectedValue(timedOut());

    // Act
    await sendToRecipient(deps, CAMPAIGN, pat.id, NOW);
    const resend = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + POLICY.settleSeconds);
    const outlived = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 2 * POLICY.settleSeconds);
    const afterwards = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 3 * POLICY.settleSeconds);

    // Assess
    expect([resend, outlived, afterwards]).toEqual([
      { result: 'in-doubt', afterSeconds: POLICY.settleSeconds },
      { result: 'uncertain' },
      { result: 'uncertain' },
    ]);
    expect(send).toHaveBeenCalledTimes(2);
    expect(await sendRecord(tables, EMAIL)).toMatchObject({ status: 'uncertain', resent: true, doubtSettled: true });
    expect(errorLines()).toEqual([
      expect.objectContaining({ message: 'Mail doubt outlived its window', campaign: SLUG, subscriberId: pat.id }),
    ]);
    expect(JSON.stringify(errorLines())).not.toContain(EMAIL);
    expect(deadLetter).not.toHaveBeenCalled();
  });

  it('in doubt from before settling windows existed (no doubtSince) stays in doubt: never sent again', async () => {
    await storeSendRecord('uncertain', NOW - 86400);

    expect(await sendToRecipient(deps, CAMPAIGN, pat.id, NOW)).toEqual({ result: 'uncertain' });
    expect(send).not.toHaveBeenCalled();
  });

  it('left "sending" by a sender that died waits out the lease, then the window, then is sent again once', async () => {
    await storeSendRecord('sending', NOW - 60);
    const afterLease = NOW - 60 + POLICY.leaseSeconds;

    const outcomes = [
      await sendToRecipient(deps, CAMPAIGN, pat.id, NOW),
      await sendToRecipient(deps, CAMPAIGN, pat.id, afterLease),
      await sendToRecipient(deps, CAMPAIGN, pat.id, afterLease + POLICY.settleSeconds),
    ];

    expect(outcomes).toEqual([
      { result: 'in-doubt', afterSeconds: POLICY.leaseSeconds - 60 },
      { result: 'in-doubt', afterSeconds: POLICY.settleSeconds },
      { result: 'sent' },
    ]);
    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
  });
});

describe('the bookkeeping write after SES accepted', () => {
  /** DynamoDB fails the calls after SES accepted the email (the writes that settle the claimed record). */
  const failWritesAfterSend = (calls?: number) =>
    send.mockImplementation(async (mail) => {
      tables.faults.set({ service: 'dynamodb', calls });
      return deliver(mail);
    });

  it('is retried when it fails, and the email still goes out once', async () => {
    // Prepare: DynamoDB refuses the first two writes of "sent".
    failWritesAfterSend(2);

    // Act
    const outcome = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW);
    const again = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 60);

    // Assess
    expect([outcome, again]).toEqual([{ result: 'sent' }, { result: 'already' }]);
    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
    expect(await sendRecord(tables, EMAIL)).toMatchObject({ status: 'sent', messageId: 'ses-1' });
  });

  it('that never succeeds throws (the queue redelivers), and the redelivery sends nothing', async () => {
    // Prepare: every write of "sent" fails for as long as the sender retries it (about 15 s).
    fakeClock(NOW);
    failWritesAfterSend();

    // Act
    const thrown = await runTimersUntilSettled(
      sendToRecipient(deps, CAMPAIGN, pat.id, NOW).catch((error: Error) => error),
    );
    tables.faults.clear();
    jest.useRealTimers();
    const redelivered = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW + 60);

    // Assess
    expect(thrown).toMatchObject({ name: 'ServiceUnavailable' });
    // Left `sending`: in flight, as far as anyone can tell, until its lease ends.
    expect(redelivered).toEqual({ result: 'in-doubt', afterSeconds: POLICY.leaseSeconds - 60 });
    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
    expect(await sendRecord(tables, EMAIL)).toMatchObject({ status: 'sending' });
  });
});

describe('a change read right before the send', () => {
  it.each<[string, Partial<SubscriberItem>, string]>([
    ['an unsubscribe', { subscribed: false, unsubscribedAt: NOW - 1 }, 'unsubscribed'],
    ['an unsubscribe from everything', { unsubscribeAllEmail: [true] }, 'unsubscribed'],
    ["the campaign's topic switched off", { emailSetting: [false, true, true] }, 'topic-off'],
    ['a suppression (bounce or complaint)', { suppressed: true, suppressionReason: 'bounce' }, 'suppressed'],
  ])('%s since the send was queued: skipped, nothing sent, no send record', async (_case, change, why) => {
    // Prepare: eligible when the send was queued, changed since.
    await changeSubscriber(tables, pat.id, change);

    // Act
    const outcome = await sendToRecipient(deps, CAMPAIGN, pat.id, NOW);

    // Assess
    expect(outcome).toEqual({ result: 'ineligible', why });
    expect(send).not.toHaveBeenCalled();
    expect(await sendRecord(tables, EMAIL)).toBeUndefined();
    // Read strongly consistent, so a change written just before is seen.
    expect(callsOf(GetItemCommand).every((input) => input.ConsistentRead === true)).toBe(true);
  });

  it('a subscriber deleted since is skipped', async () => {
    expect(await sendToRecipient(deps, CAMPAIGN, 'NoSuchSubscriberAbcdef', NOW)).toEqual({
      result: 'ineligible',
      why: 'no-subscriber',
    });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('a campaign to both audiences, to a person subscribed as candidate and as employer', () => {
  const BOTH = campaignContent({ audience: 'both' });
  let employer: SubscriberItem;

  beforeEach(async () => {
    // The send picked Pat's candidate subscription (one recipient per mailbox).
    employer = await storeSubscriber(tables, EMAIL, {}, 'employer');
  });

  it('sends through the candidate subscription once, the employer one not at all', async () => {
    expect(await sendToRecipient(deps, BOTH, pat.id, NOW)).toEqual({ result: 'sent' });
    expect(await sendToRecipient(deps, BOTH, employer.id, NOW)).toEqual({ result: 'already' });

    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
    expect(inbox[0]!.text).toContain(`https://site.test/unsubscribe/candidate/${pat.id}`);
  });

  it.each<[string, 'candidate' | 'employer', Partial<SubscriberItem>, string]>([
    ['unsubscribed from candidate mail', 'candidate', { subscribed: false, unsubscribedAt: NOW - 1 }, 'unsubscribed'],
    ['switched the newsletter off as a candidate', 'candidate', { emailSetting: [false, true, true] }, 'topic-off'],
    ['unsubscribed from employer mail', 'employer', { unsubscribeAllEmail: [true] }, 'unsubscribed'],
  ])(
    'who %s mid-send gets nothing: the withdrawal applies to this kind of mail',
    async (_case, audience, change, why) => {
      await changeSubscriber(tables, audience === 'candidate' ? pat.id : employer.id, change);

      expect(await sendToRecipient(deps, BOTH, pat.id, NOW)).toEqual({ result: 'ineligible', why });
      expect(send).not.toHaveBeenCalled();
      expect(await sendRecord(tables, EMAIL)).toBeUndefined();
    },
  );

  it("whose candidate consent lapsed mid-send (no withdrawal) gets it once through the employer subscription's links", async () => {
    // Prepare
    await changeSubscriber(tables, pat.id, { consent: 'implied', impliedUntil: NOW - 1 });

    // Act
    const outcome = await sendToRecipient(deps, BOTH, pat.id, NOW);
    const again = await sendToRecipient(deps, BOTH, employer.id, NOW + 60);

    // Assess
    expect([outcome, again]).toEqual([{ result: 'sent' }, { result: 'already' }]);
    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
    expect(inbox[0]!.text).toContain(`https://site.test/unsubscribe/employer/${employer.id}`);
    expect(await sendRecord(tables, EMAIL)).toMatchObject({ status: 'sent', subscriberId: employer.id });
  });

  it("a one-audience campaign reads only that audience's subscription", async () => {
    await changeSubscriber(tables, employer.id, { subscribed: false, unsubscribeAllEmail: [true] });

    expect(await sendToRecipient(deps, CAMPAIGN, pat.id, NOW)).toEqual({ result: 'sent' });
    expect(inbox.map((mail) => mail.to)).toEqual([EMAIL]);
  });
});
