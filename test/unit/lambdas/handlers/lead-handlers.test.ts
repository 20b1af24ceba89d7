/**
 * The public lead forms (POST /api/employer/scorecard, POST /api/signup) against the file's
 * own dynalite: what a submission stores, what it counts, and what a resend, a limit, the form-mail
 * budget, a dependency outage and the honeypot do. See docs/decisions/ for the delivery and
 * abuse-limit designs these tests hold the handlers to.
 */
import '#test/unit/support/env.ts';
import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { CONFIRMATION_TTL_SECONDS, CONSENT_FORMS_VERSION, CONSENT_TEXT } from '#shared/constants/consent.ts';
import {
  RETENTION_SECONDS,
  SCORECARD_MAILS_PER_ADDRESS_PER_DAY,
  SIGNUP_MAILS_PER_ADDRESS_PER_DAY,
  SUBMISSIONS_PER_CLIENT_PER_HOUR,
  FORM_MAILS_PER_HOUR,
} from '#shared/constants/limits.ts';
import { handler as requestScorecard } from '#lambdas/handlers/request-scorecard.ts';
import { handler as signup } from '#lambdas/handlers/signup.ts';
import { invoke, scorecardEvent, signupEvent } from '#test/support/api-events.ts';
import { freezeClock } from '#test/unit/support/clock.ts';
import { dynamo } from '#test/unit/support/dynamo-mock.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { refusedConnection, throttled } from '#test/unit/support/aws-errors.ts';
import { deliveryPolicyFromEnv } from '#lambdas/mail/delivery-policy.ts';
import { NOW, scorecardBody, signupBody } from '#test/support/payloads.ts';

const LEADS = 'Leads-unit';
const SUBSCRIBERS = 'Subscribers-unit';
const HOUR = Math.floor(NOW / 3600);
const DAY = '2025-10-09';
const CLIENT_COUNTER = `limit#client#203.0.113.7#${HOUR}`;
const FORM_MAIL_COUNTER = `limit#form-mail#${HOUR}`;
const GIVE_UP_AFTER = 26 * 3600;

const tables = ownDynalite();
const leads = () => tables.all(LEADS, 'lead#');
const counted = async (counterId: string) => [...((await tables.get(LEADS, counterId))?.leads ?? [])].sort();
const keyOf = (lead: Record<string, any>) => String(lead.id).slice('lead#'.length);

/** A counter already holding `keys`; `stored` also writes a lead for each key (accepted submissions). */
const fillCounter = async (counterId: string, keys: string[], stored: boolean, takenAt?: number) => {
  const takenAts = takenAt === undefined ? {} : Object.fromEntries(keys.map((key) => [`takenAt#${key}`, takenAt]));
  await tables.put(LEADS, {
    id: counterId,
    kind: 'submission-counter',
    leads: new Set(keys),
    expiresAt: NOW + 7200,
    ...takenAts,
  });
  if (stored) for (const key of keys) await tables.put(LEADS, { id: `lead#${key}`, kind: 'lead', createdAt: NOW - 60 });
};
const keys = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(22 - prefix.length, '0')}`);

/** A subscriber of the employer audience for avery.stone@example.ca, with the claim that finds it. */
const existingSubscriber = async (overrides: Record<string, unknown>) => {
  await tables.put(SUBSCRIBERS, {
    id: 'email#employer#avery.stone@example.ca',
    kind: 'email-claim',
    subscriberId: 'ExistingSubscriberId22',
  });
  await tables.put(SUBSCRIBERS, {
    id: 'ExistingSubscriberId22',
    kind: 'subscriber',
    audience: 'employer',
    email: 'avery.stone@example.ca',
    mailbox: 'avery.stone@example.ca',
    firstName: 'Avery',
    lastName: 'Stone',
    jobTitle: '',
    organization: '',
    helpDescription: '',
    subscribed: true,
    consent: 'express',
    emailSetting: [true, true, true],
    unsubscribeAllEmail: [false],
    consentCount: 2,
    createdAt: NOW - 86400,
    updatedAt: NOW - 86400,
    expiresAt: NOW + RETENTION_SECONDS,
    lastConsent: {
      type: 'confirmed',
      at: NOW - 86400,
      source: 'confirmation-page',
      ip: '198.51.100.2',
      userAgent: 'x',
      leadId: 'lead#x',
    },
    ...overrides,
  });
};

beforeEach(() => {
  freezeClock(NOW);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('POST /api/employer/scorecard', () => {
  it('answers 202 and stores one lead that owes the notification and the download email, due now', async () => {
    // Act
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    // Assess
    expect(answer).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
    const [lead, ...others] = await leads();
    expect(others).toEqual([]);
    expect(lead).toEqual({
      id: expect.stringMatching(/^lead#[A-Za-z0-9_-]{22}$/),
      kind: 'lead',
      type: 'scorecard',
      audience: 'employer',
      email: 'avery.stone@example.ca',
      mailbox: 'avery.stone@example.ca',
      firstName: 'Avery',
      lastName: 'Stone',
      jobTitle: 'HR Director',
      organization: 'Prairie Builders',
      helpDescription: 'We are hiring 12 site supervisors.',
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      linkTokens: 'per-purpose',
      createdAt: NOW,
      expiresAt: NOW + RETENTION_SECONDS,
      mail: { notification: 'pending', requester: 'pending' },
      sesMessageIds: {},
      deliveries: {},
      mailStatus: 'pending',
      mailQueue: 'due',
      nextAttemptAt: NOW,
      retryUntil: NOW + GIVE_UP_AFTER,
      mailAttempts: 0,
    });
  });

  it('writes nothing to the subscribers table: consent from a form is only requested, on the lead', async () => {
    // Prepare
    await existingSubscriber({ subscribed: false, consent: 'implied', firstName: 'Carol' });
    const before = await tables.all(SUBSCRIBERS);

    // Act
    await invoke(requestScorecard, scorecardEvent(scorecardBody({ marketingConsent: true, firstName: 'Mallory' })));

    // Assess
    expect(await tables.all(SUBSCRIBERS)).toEqual(before);
    expect(
      dynamo
        .calls()
        .filter(
          (call) =>
            (call.args[0].input as { TableName: string }).TableName === SUBSCRIBERS &&
            !call.args[0].constructor.name.startsWith('Get'),
        ),
    ).toEqual([]);
    expect((await leads())[0]).toMatchObject({
      firstName: 'Mallory',
      consentRequest: {
        source: 'scorecard-form',
        text: CONSENT_TEXT.scorecardMarketing,
        formVersion: CONSENT_FORMS_VERSION,
      },
      mail: { notification: 'pending', requester: 'pending', confirmation: 'pending' },
    });
  });

  it('keeps a scorecard request 2 years even when its marketing box awaits confirmation: it is an inquiry', async () => {
    await invoke(requestScorecard, scorecardEvent(scorecardBody({ marketingConsent: true })));
    expect((await leads())[0]!.expiresAt).toBe(NOW + RETENTION_SECONDS);
  });

  it('asks no confirmation when the marketing box is left unticked', async () => {
    await invoke(requestScorecard, scorecardEvent(scorecardBody({ marketingConsent: false })));
    expect((await leads())[0]!.mail).toEqual({ notification: 'pending', requester: 'pending' });
    expect((await leads())[0]!.consentRequest).toBeUndefined();
  });

  it('counts the lead once against the client, the mailbox and the form-mail budget', async () => {
    // Act
    await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    // Assess
    const key = keyOf((await leads())[0]!);
    expect(await counted(CLIENT_COUNTER)).toEqual([key]);
    expect(await counted(`limit#scorecard#avery.stone@example.ca#${DAY}`)).toEqual([key]);
    expect(await counted(FORM_MAIL_COUNTER)).toEqual([key]);
  });

  it('stores a resent form once and answers it the same (new timestamps, other letter case)', async () => {
    // Act
    const first = await invoke(requestScorecard, scorecardEvent(scorecardBody()));
    const resent = await invoke(
      requestScorecard,
      scorecardEvent(scorecardBody({ createdAt: NOW + 5, updatedAt: NOW + 5, email: ' AVERY.STONE@example.ca' })),
    );

    // Assess
    expect(resent).toEqual(first);
    expect(await leads()).toHaveLength(1);
    expect(await counted(CLIENT_COUNTER)).toHaveLength(1);
  });

  it('stores a different request from the same address as a new lead', async () => {
    await invoke(requestScorecard, scorecardEvent(scorecardBody()));
    await invoke(requestScorecard, scorecardEvent(scorecardBody({ helpDescription: 'Also a payroll clerk.' })));
    expect(await leads()).toHaveLength(2);
  });

  it(`answers 429 after ${SCORECARD_MAILS_PER_ADDRESS_PER_DAY} requests for one mailbox, +tags included, and gives the client slot back`, async () => {
    // Prepare
    for (const [index, email] of ['ceo@bigcorp.example', 'ceo+1@bigcorp.example', 'CEO+2@BigCorp.example'].entries()) {
      const answer = await invoke(
        requestScorecard,
        scorecardEvent(scorecardBody({ email, helpDescription: `Request ${index}` })),
      );
      expect(answer.statusCode).toBe(202);
    }

    // Act
    const refused = await invoke(
      requestScorecard,
      scorecardEvent(scorecardBody({ email: 'ceo+5@bigcorp.example', helpDescription: 'Request 4' })),
    );

    // Assess
    expect(refused).toMatchObject({ statusCode: 429, json: { message: API_ERRORS.scorecardLimit } });
    expect(await leads()).toHaveLength(3);
    expect(await counted(CLIENT_COUNTER)).toEqual((await leads()).map(keyOf).sort());
  });

  describe('with the form-mail budget spent', () => {
    const NEXT_WINDOW = (HOUR + 1) * 3600;
    const spendBudget = async (...windows: number[]) => {
      for (const window of [HOUR, ...windows]) {
        await fillCounter(`limit#form-mail#${window}`, keys(FORM_MAILS_PER_HOUR, `w${window}`), false);
      }
    };

    it("answers as usual and makes the visitor's email wait for the next window, owed and never marked sent", async () => {
      // Prepare
      await spendBudget();

      // Act
      const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

      // Assess
      expect(answer).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
      const lead = (await leads())[0]!;
      expect(lead).toMatchObject({
        mail: { notification: 'pending', requester: 'waiting' },
        mailStatus: 'pending',
        mailWaitsUntil: NEXT_WINDOW,
        retryUntil: NEXT_WINDOW + GIVE_UP_AFTER,
      });
      expect(await counted(`limit#form-mail#${HOUR + 1}`)).toEqual([keyOf(lead)]);
      const warned = (console.warn as jest.Mock).mock.calls.map(([line]) => JSON.parse(line as string));
      expect(warned).toContainEqual(
        expect.objectContaining({ message: 'Form mail budget exhausted', form: 'scorecard', mail: 'waiting' }),
      );
    });

    it('queues a later submission behind the emails already owed, oldest first', async () => {
      // Prepare: the next window was filled by earlier owed emails.
      await spendBudget(HOUR + 1);
      await tables.put(LEADS, { id: 'limit#form-mail#next-room', kind: 'submission-counter', window: HOUR + 1 });

      // Act
      await invoke(requestScorecard, scorecardEvent(scorecardBody()));

      // Assess
      expect((await leads())[0]).toMatchObject({ mail: { requester: 'waiting' }, mailWaitsUntil: NEXT_WINDOW + 3600 });
      expect(await counted(`limit#form-mail#${HOUR + 2}`)).toEqual([keyOf((await leads())[0]!)]);
      expect(await tables.get(LEADS, 'limit#form-mail#next-room')).toMatchObject({ window: HOUR + 2 });
    });

    it('holds an email whose turn is more than a day off for the firm, taking no slot', async () => {
      // Prepare: owed emails fill every window of the next 24 hours.
      await spendBudget();
      await tables.put(LEADS, { id: 'limit#form-mail#next-room', kind: 'submission-counter', window: HOUR + 25 });

      // Act
      const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

      // Assess
      expect(answer.statusCode).toBe(202);
      expect((await leads())[0]).toMatchObject({
        mail: { notification: 'pending', requester: 'held' },
        mailStatus: 'pending',
      });
      expect((await leads())[0]!.mailWaitsUntil).toBeUndefined();
      expect(await counted(`limit#form-mail#${HOUR + 25}`)).toEqual([]);
    });

    it("answers a confirmed subscriber's address exactly as a new one: the answer tells nothing", async () => {
      // Prepare
      await spendBudget();
      await existingSubscriber({});

      // Act
      const subscribed = await invoke(
        signup,
        signupEvent(signupBody({ audience: 'employer', email: 'avery.stone@example.ca' })),
      );
      const stranger = await invoke(
        signup,
        signupEvent(signupBody({ audience: 'employer', email: 'new@example.org' })),
      );

      // Assess
      expect(stranger).toEqual(subscribed);
      expect((await leads()).map((lead) => lead.mail)).toEqual(
        expect.arrayContaining([{ notification: 'pending' }, { notification: 'pending', confirmation: 'waiting' }]),
      );
    });
  });

  it.each([
    ['an outage (the fault switch)', undefined],
    ['a ThrottlingException', throttled],
    ['a refused connection', refusedConnection],
  ])(
    'answers 503 with Retry-After when the lead cannot be stored (%s) and gives every slot back',
    async (_case, fault) => {
      // Prepare
      tables.failNext(
        1,
        (command, input) => command === 'PutItem' && String(input.Item.id.S).startsWith('lead#'),
        fault,
      );

      // Act
      const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

      // Assess
      expect(answer).toMatchObject({ statusCode: 503, json: { message: API_ERRORS.dependencyUnavailable } });
      expect(answer.headers['retry-after']).toBe('5');
      expect(await leads()).toEqual([]);
      expect(await counted(CLIENT_COUNTER)).toEqual([]);
      expect(await counted(`limit#scorecard#avery.stone@example.ca#${DAY}`)).toEqual([]);
      expect(await counted(FORM_MAIL_COUNTER)).toEqual([]);
    },
  );

  it('stores the lead once when the visitor resends after a 503', async () => {
    // Prepare
    tables.failNext(
      1,
      (command, input) => command === 'PutItem' && String(input.Item.id.S).startsWith('lead#'),
      throttled,
    );
    const refused = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    // Act
    const resent = await invoke(
      requestScorecard,
      scorecardEvent(scorecardBody({ createdAt: NOW + 3, updatedAt: NOW + 3 })),
    );

    // Assess
    expect(refused.statusCode).toBe(503);
    expect(resent).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
    expect(await leads()).toHaveLength(1);
    expect(await counted(CLIENT_COUNTER)).toEqual([keyOf((await leads())[0]!)]);
  });

  it('keeps the slots when it cannot tell whether the lead was stored (the put may have landed)', async () => {
    // Prepare: the put lands but its answer is lost, and the read that would tell fails.
    const ofTheLead = (input: Record<string, any>) => String((input.Item ?? input.Key)?.id?.S).startsWith('lead#');
    let putSent = false;
    tables.failNext(
      1,
      (command, input) => command === 'PutItem' && ofTheLead(input) && (putSent = true),
      'lose-answer',
    );
    tables.failNext(Infinity, (command, input) => putSent && command !== 'PutItem' && ofTheLead(input));

    // Act
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));

    // Assess
    expect(answer.statusCode).toBe(503);
    expect(await counted(CLIENT_COUNTER)).toHaveLength(1);
  });

  it('answers 500 with the generic message for an unexpected error', async () => {
    tables.failNext(
      1,
      (command, input) => command === 'PutItem' && String(input.Item.id.S).startsWith('lead#'),
      () => new Error('bug'),
    );
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody()));
    expect(answer).toMatchObject({ statusCode: 500, json: { message: API_ERRORS.internal } });
  });

  it.each([
    [{ firstName: '' }, 'First Name is Required*'],
    // Issue 33: accepted, and the stranger whose address was typed was greeted with it.
    [
      { firstName: 'Jane. Your payroll account is suspended. Reply with your bank details' },
      'First Name must be a name, not a sentence',
    ],
    [{ email: 'not-an-email' }, 'Invalid email'],
    [{ email: 'avery..stone@example.ca' }, 'Invalid email'],
    [{ email: '=?utf-8?q?someone=40else.ca?=@example.ca' }, 'Invalid email'],
    [{ signupMe: false }, 'You need to accept the terms and conditions'],
    [{ formType: 'Candidate' }, "formType must be 'Employer'"],
    [{ createdAt: 12 }, 'createdAt must be Unix seconds'],
  ])('answers 400 with the form message for %p and touches no table', async (overrides, message) => {
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody(overrides)));
    expect(answer).toMatchObject({ statusCode: 400, json: { message } });
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('POST /api/signup', () => {
  it.each([
    ['candidate', 'candidate-signup-form'],
    ['employer', 'contact-form'],
  ])(
    'answers 200 and stores a %s lead that owes the notification and a confirmation (consent from the %s)',
    async (audience, source) => {
      // Act
      const answer = await invoke(signup, signupEvent(signupBody({ audience, email: '  Jordan.Lee@Example.ORG ' })));

      // Assess
      expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
      expect(await leads()).toEqual([
        expect.objectContaining({
          type: 'signup',
          audience,
          email: 'jordan.lee@example.org',
          helpDescription: 'Looking for a site supervisor role.',
          consentRequest: { source, text: CONSENT_TEXT.signup, formVersion: CONSENT_FORMS_VERSION },
          mail: { notification: 'pending', confirmation: 'pending' },
          mailQueue: 'due',
        }),
      ]);
      expect(await tables.all(SUBSCRIBERS)).toEqual([]);
      expect(await counted(`limit#signup#jordan.lee@example.org#${DAY}`)).toEqual([keyOf((await leads())[0]!)]);
    },
  );

  it('keeps a sign-up request only as long as its confirmation link works: 7 days (the privacy policy)', async () => {
    await invoke(signup, signupEvent(signupBody()));
    expect((await leads())[0]!.expiresAt).toBe(NOW + CONFIRMATION_TTL_SECONDS);
  });

  it("ends a sign-up request's mail in AWS, doubts settled, before the request lapses", () => {
    // The last retry starts before the give-up time; its doubt may wait out the window twice (resent once).
    const policy = deliveryPolicyFromEnv();
    const lastMailActivity = policy.giveUpAfterSeconds + policy.maxRetrySeconds + 2 * policy.settleSeconds;
    expect(lastMailActivity).toBeLessThan(CONFIRMATION_TTL_SECONDS);
  });

  it('keeps a message from a confirmed subscriber 2 years: there is no request to lapse', async () => {
    await existingSubscriber({});
    await invoke(signup, signupEvent(signupBody({ audience: 'employer', email: 'avery.stone@example.ca' })));
    expect((await leads())[0]!.expiresAt).toBe(NOW + RETENTION_SECONDS);
  });

  it('sends a confirmed subscriber no confirmation and takes no form-mail budget', async () => {
    // Prepare
    await existingSubscriber({});

    // Act
    const answer = await invoke(
      signup,
      signupEvent(signupBody({ audience: 'employer', email: 'avery.stone@example.ca' })),
    );

    // Assess
    expect(answer.statusCode).toBe(200);
    expect((await leads())[0]).toMatchObject({ mail: { notification: 'pending' } });
    expect((await leads())[0]!.consentRequest).toBeUndefined();
    expect(await counted(FORM_MAIL_COUNTER)).toEqual([]);
  });

  it('never changes an unsubscribed person: the sign-up only asks them to confirm again', async () => {
    // Prepare
    await existingSubscriber({ subscribed: false, unsubscribeAllEmail: [true], firstName: 'Carol' });
    const before = await tables.all(SUBSCRIBERS);

    // Act
    const answer = await invoke(
      signup,
      signupEvent(
        signupBody({
          audience: 'employer',
          email: 'avery.stone@example.ca',
          firstName: 'Mallory',
          organization: 'Evil Inc',
        }),
      ),
    );

    // Assess
    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    expect(await tables.all(SUBSCRIBERS)).toEqual(before);
    expect((await leads())[0]).toMatchObject({
      firstName: 'Mallory',
      organization: 'Evil Inc',
      mail: { notification: 'pending', confirmation: 'pending' },
    });
  });

  it(`lets ${SIGNUP_MAILS_PER_ADDRESS_PER_DAY} sign-ups into one Gmail mailbox however its address is spelled, then 429`, async () => {
    // Prepare
    const aliases = ['victim+1@gmail.com', 'v.ictim@gmail.com', 'victim@googlemail.com'];
    const accepted = [];
    for (const [index, email] of aliases.entries()) {
      accepted.push(await invoke(signup, signupEvent(signupBody({ email, firstName: `Name${'abc'[index]}` }))));
    }

    // Act
    const refused = await invoke(
      signup,
      signupEvent(signupBody({ email: 'Vi.Ct.Im+2@Gmail.com', firstName: 'Other' })),
    );

    // Assess
    expect(accepted.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(refused).toMatchObject({ statusCode: 429, json: { message: API_ERRORS.signupLimit } });
    expect((await leads()).map((lead) => lead.mailbox)).toEqual([
      'victim@gmail.com',
      'victim@gmail.com',
      'victim@gmail.com',
    ]);
    expect((await leads()).map((lead) => lead.email).sort()).toEqual([...aliases].sort());
  });

  it(`answers 429 after ${SUBMISSIONS_PER_CLIENT_PER_HOUR} accepted submissions from one client; another client is unaffected`, async () => {
    // Prepare
    await fillCounter(CLIENT_COUNTER, keys(SUBMISSIONS_PER_CLIENT_PER_HOUR, 'client'), true);

    // Act
    const refused = await invoke(signup, signupEvent(signupBody()));
    const other = await invoke(signup, signupEvent(signupBody(), { 'cloudfront-viewer-address': '198.51.100.9:443' }));

    // Assess
    expect(refused).toMatchObject({ statusCode: 429, json: { message: API_ERRORS.tooManySubmissions } });
    expect(other.statusCode).toBe(200);
    expect((await leads()).filter((lead) => lead.type === 'signup')).toHaveLength(1);
    expect(await counted(`limit#signup#jordan.lee@example.org#${DAY}`)).toHaveLength(1);
  });

  it('frees slots of submissions that were never stored before refusing anyone', async () => {
    // Prepare: a full counter whose leads were never written (their puts and releases failed).
    await fillCounter(CLIENT_COUNTER, keys(SUBMISSIONS_PER_CLIENT_PER_HOUR, 'lost'), false);

    // Act
    const answer = await invoke(signup, signupEvent(signupBody()));

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(await counted(CLIENT_COUNTER)).toEqual([keyOf((await leads())[0]!)]);
  });

  it('does not free a slot taken moments ago: its lead may still be being written, and the limit stays exact', async () => {
    // Prepare: a full counter whose slots were taken 5 s ago, their leads not yet written.
    await fillCounter(CLIENT_COUNTER, keys(SUBMISSIONS_PER_CLIENT_PER_HOUR, 'busy'), false, NOW - 5);

    // Act
    const refused = await invoke(signup, signupEvent(signupBody()));

    // Assess
    expect(refused).toMatchObject({ statusCode: 429, json: { message: API_ERRORS.tooManySubmissions } });
    expect(await counted(CLIENT_COUNTER)).toHaveLength(SUBMISSIONS_PER_CLIENT_PER_HOUR);
  });

  it('accepts exactly the limit when many submissions from one client arrive at once', async () => {
    // Act: 5 rounds of 6 concurrent sign-ups, each a different person, from one client.
    const answers = [];
    for (let round = 0; round < 5; round += 1) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, n) =>
            invoke(signup, signupEvent(signupBody({ email: `person-${round}-${n}@example.org` }))),
          ),
        )),
      );
    }

    // Assess
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(SUBMISSIONS_PER_CLIENT_PER_HOUR);
    expect((await leads()).filter((lead) => lead.type === 'signup')).toHaveLength(SUBMISSIONS_PER_CLIENT_PER_HOUR);
    expect(await counted(CLIENT_COUNTER)).toHaveLength(SUBMISSIONS_PER_CLIENT_PER_HOUR);
  });

  it("renews a slot's time when its submission is resent, so healing cannot free it while the resend is written", async () => {
    // Prepare: a full counter; this submission's slot was taken long ago (its first try failed, its lead never stored).
    const body = signupBody();
    await invoke(signup, signupEvent(body));
    const key = keyOf((await leads())[0]!);
    await tables.reset();
    const held = keys(SUBMISSIONS_PER_CLIENT_PER_HOUR - 1, 'held');
    await fillCounter(CLIENT_COUNTER, [...held, key], false, NOW - 3600);
    for (const heldKey of held) await tables.put(LEADS, { id: `lead#${heldKey}`, kind: 'lead', createdAt: NOW - 60 });

    // Act: the visitor resends it; a moment later another client's healing reads the counter.
    const resent = await invoke(signup, signupEvent(body));

    // Assess
    expect(resent.statusCode).toBe(200);
    expect((await tables.get(LEADS, CLIENT_COUNTER))![`takenAt#${key}`]).toBe(NOW);
  });

  it('frees such a slot once it is older than any handler can run (30 s)', async () => {
    await fillCounter(CLIENT_COUNTER, keys(SUBMISSIONS_PER_CLIENT_PER_HOUR, 'lost'), false, NOW - 30);

    const answer = await invoke(signup, signupEvent(signupBody()));

    expect(answer.statusCode).toBe(200);
    expect(await counted(CLIENT_COUNTER)).toEqual([keyOf((await leads())[0]!)]);
  });

  it.each([
    [{ signupMe: false }, 'Please Select A Privacy Policy'],
    [{ audience: 'admin' }, 'audience must be candidate or employer'],
    [{ extra: 1 }, 'Unknown field(s): extra.'],
    [{ firstName: 'Ann,\n\nYour account is on hold' }, undefined],
    [{ lastName: 'Smith your payroll account is suspended' }, 'Last Name may have at most 5 words'],
  ])('answers 400 for %p and stores nothing', async (overrides, message) => {
    const answer = await invoke(signup, signupEvent(signupBody(overrides)));
    expect(answer.statusCode).toBe(400);
    if (message) expect(answer.json).toEqual({ message });
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('the honeypot (checked before validation)', () => {
  const real = async (handler: unknown, event: ReturnType<typeof signupEvent>) => {
    const answer = await invoke(handler, event);
    await tables.reset();
    return answer;
  };

  it.each([
    ['a web address', 'http://spam.example'],
    ['a value longer than the schema allows', 'x'.repeat(5000)],
    ['a number', 7],
    ['true', true],
  ])('answers %s exactly as a real sign-up, and writes nothing', async (_case, website) => {
    // Prepare
    const expected = await real(signup, signupEvent(signupBody()));

    // Act
    const trapped = await invoke(signup, signupEvent(signupBody({ website })));

    // Assess
    expect(trapped).toEqual(expected);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('answers a trapped scorecard request exactly as a real one, and writes nothing', async () => {
    const expected = await real(requestScorecard, scorecardEvent(scorecardBody()));
    const trapped = await invoke(requestScorecard, scorecardEvent(scorecardBody({ website: 12345 })));
    expect(trapped).toEqual(expected);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('answers about as late as real submissions answer, not at once', async () => {
    // Prepare: real submissions that each take 100 ms on the clock the honeypot measures with
    // (a clock that steps 50 ms per reading of the handler's, so nothing here depends on the
    // machine's speed; the SDK's and the fault switch's readings on the way to the file's
    // dynalite leave it as it is).
    jest.useRealTimers();
    let clock = Date.now();
    const byTheHandler = () => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 60;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      return !/node_modules\/@(smithy|aws-sdk)|infra\/local\//.test(stack);
    };
    jest.spyOn(Date, 'now').mockImplementation(() => (byTheHandler() ? (clock += 50) : clock));
    for (let index = 1; index <= 15; index += 1)
      await real(signup, signupEvent(signupBody({ helpDescription: `Real ${index}` })));
    const pauses: number[] = [];
    const realSetTimeout = global.setTimeout;
    jest.spyOn(global, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      pauses.push(ms ?? 0);
      return realSetTimeout(callback, 0);
    }) as typeof setTimeout);

    // Act
    await invoke(signup, signupEvent(signupBody({ website: 'x' })));

    // Assess: one pause of about the real submissions' typical duration (100 ms, ±20 % jitter).
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThanOrEqual(0.8 * 95);
    expect(pauses[0]).toBeLessThanOrEqual(1.2 * 100);
  });

  it('lets an empty honeypot through to a stored lead', async () => {
    const answer = await invoke(signup, signupEvent(signupBody({ website: '' })));
    expect(answer.statusCode).toBe(200);
    expect(await leads()).toHaveLength(1);
  });

  it('reads the body once: the honeypot and the validation share one parse', async () => {
    // Prepare
    const event = signupEvent(signupBody({ website: '' }));
    const parse = jest.spyOn(JSON, 'parse');

    // Act
    const answer = await invoke(signup, event);

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(parse.mock.calls.filter(([text]) => text === event.body)).toHaveLength(1);
  });
});
