import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { handler as confirmHandler } from '#lambdas/handlers/confirm-subscription.ts';
import { handler as signupHandler } from '#lambdas/handlers/signup.ts';
import { apiEvent, invoke, signupEvent } from '#test/support/api-events.ts';
import { signupBody } from '#test/support/payloads.ts';
import {
  capturedEmailsTo,
  confirmationTokenFor,
  consentRecordsOf,
  deliverDueMail,
  leadsOf,
  notificationsAbout,
  rawEmailsTo,
  readItem,
  siteUrl,
  subscriberLinkTokensFor,
  tables,
  uniqueEmail,
} from './support/local-aws';
import { asFunction } from '#test/support/twin-iam.ts';

const confirm = asFunction('confirmSubscription', confirmHandler);
const signup = asFunction('signup', signupHandler);

const confirmEvent = (audience: string, token: string, headers: Record<string, string> = {}) =>
  apiEvent({
    routeKey: 'POST /api/{audience}/confirmations/{token}',
    path: `/api/${audience}/confirmations/${token}`,
    pathParameters: { audience, token },
    headers: { 'user-agent': 'Mozilla/5.0 (test)', 'cloudfront-viewer-address': '203.0.113.9:50123', ...headers },
  });

/** Posts the form and delivers the lead it stored (found by what was typed: one address may have several). */
const signUpAndDeliver = async (overrides: Record<string, unknown>) => {
  const body = signupBody(overrides);
  const answer = await invoke(signup, signupEvent(body));
  const lead = (await leadsOf(body.email.trim().toLowerCase())).find(
    (item) =>
      item.firstName === body.firstName &&
      item.organization === body.organization &&
      item.helpDescription === body.helpDescription,
  );
  return { answer, lead: await deliverDueMail(lead!.id) };
};

describe('sign-up (double opt-in): lead -> confirmation email -> the owner confirms -> welcome', () => {
  it('stores only the lead, emails a confirmation link, and subscribes nobody until the owner confirms', async () => {
    const email = uniqueEmail('jordan');

    const { answer, lead } = await signUpAndDeliver({ email, audience: 'candidate' });

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    expect(lead).toMatchObject({
      type: 'signup',
      audience: 'candidate',
      email,
      firstName: 'Jordan',
      mailStatus: 'sent',
      consentRequest: { source: 'candidate-signup-form', text: CONSENT_TEXT.signup },
      mail: { notification: 'sent', confirmation: 'sent' },
    });
    expect(await readItem(tables.subscribers, `email#candidate#${email}`)).toBeUndefined();
    const mails = await capturedEmailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Please confirm your subscription to Chinook Talent Partners']);
    expect(mails[0]!.body.text).toContain(`${siteUrl}/confirm/candidate/`);
    expect(mails[0]!.body.text).not.toContain('Looking for a site supervisor role.');
    const [notification] = await notificationsAbout(email);
    expect(notification!.subject).toBe('New candidate sign-up: Jordan Lee');
    expect(notification!.body.text).toContain('Looking for a site supervisor role.');
  });

  it('confirms with a POST: express consent with the request and the confirmation (IP, user agent) in the ledger, then one welcome', async () => {
    const email = uniqueEmail('confirm');
    const { lead } = await signUpAndDeliver({ email, audience: 'employer' });
    const token = await confirmationTokenFor(email);

    const first = await invoke(confirm, confirmEvent('employer', token));
    const again = await invoke(confirm, confirmEvent('employer', token));
    const delivered = await deliverDueMail(lead!.id);

    expect(first).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.subscriptionConfirmed } });
    expect(again).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.subscriptionConfirmed } });
    const claim = await readItem(tables.subscribers, `email#employer#${email}`);
    const subscriber = await readItem(tables.subscribers, claim!.subscriberId);
    expect(subscriber).toMatchObject({
      audience: 'employer',
      email,
      firstName: 'Jordan',
      subscribed: true,
      consent: 'express',
      consentCount: 2,
    });
    const records = await consentRecordsOf(subscriber!.id);
    expect(records).toEqual([
      expect.objectContaining({
        type: 'requested',
        source: 'contact-form',
        text: CONSENT_TEXT.signup,
        at: lead!.createdAt,
        leadId: lead!.id,
      }),
      expect.objectContaining({
        type: 'confirmed',
        source: 'confirmation-page',
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (test)',
        leadId: lead!.id,
      }),
    ]);
    expect(delivered).toMatchObject({
      mailStatus: 'sent',
      mail: { notification: 'sent', confirmation: 'sent', welcome: 'sent' },
    });
    const welcomes = (await capturedEmailsTo(email)).filter(
      (mail) => mail.subject === 'Welcome to Chinook Talent Partners',
    );
    expect(welcomes).toHaveLength(1);
    const tokens = await subscriberLinkTokensFor(email);
    expect(tokens.unsubscribe.startsWith(subscriber!.id)).toBe(true);
    expect(welcomes[0]!.body.text).toContain(`${siteUrl}/unsubscribe/employer/${tokens.unsubscribe}`);
    const raw = (await rawEmailsTo(email)).find((mail) => mail.header('subject')?.startsWith('Welcome'));
    expect(raw!.header('list-unsubscribe')).toBe(
      `<${siteUrl}/api/employer/subscribers/${tokens.unsubscribe}/one-click>`,
    );
    expect(raw!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses a tampered, foreign-audience or malformed token with 404 and an expired one with 410', async () => {
    const email = uniqueEmail('tamper');
    await signUpAndDeliver({ email, audience: 'candidate' });
    const token = await confirmationTokenFor(email);
    const tampered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;

    expect(await invoke(confirm, confirmEvent('candidate', tampered))).toMatchObject({
      statusCode: 404,
      json: { message: API_ERRORS.confirmationNotFound },
    });
    expect(await invoke(confirm, confirmEvent('employer', token))).toMatchObject({
      statusCode: 404,
      json: { message: API_ERRORS.confirmationNotFound },
    });
    expect(await invoke(confirm, confirmEvent('candidate', 'short'))).toMatchObject({ statusCode: 404 });

    const realNow = Date.now;
    Date.now = () => realNow() + 8 * 24 * 3600 * 1000;
    try {
      expect(await invoke(confirm, confirmEvent('candidate', token))).toMatchObject({
        statusCode: 410,
        json: { message: API_ERRORS.confirmationExpired },
      });
    } finally {
      Date.now = realNow;
    }
    expect(await readItem(tables.subscribers, `email#candidate#${email}`)).toBeUndefined();
  });

  it("never changes an existing subscriber from the form: a stranger's sign-up with Carol's address after her unsubscribe", async () => {
    const carol = uniqueEmail('carol');
    const { lead } = await signUpAndDeliver({
      email: carol,
      firstName: 'Carol',
      lastName: 'King',
      audience: 'candidate',
    });
    await invoke(confirm, confirmEvent('candidate', await confirmationTokenFor(carol)));
    await deliverDueMail(lead!.id);
    const { subscriberId } = (await readItem(tables.subscribers, `email#candidate#${carol}`))!;
    const oneClick = asFunction(
      'oneClickUnsubscribe',
      (await import('#lambdas/handlers/one-click-unsubscribe.ts')).handler,
    );
    const { oneClickEvent } = await import('#test/support/api-events.ts');
    const { unsubscribe } = await subscriberLinkTokensFor(carol);
    await invoke(oneClick, oneClickEvent('candidate', unsubscribe, 'List-Unsubscribe=One-Click'));
    const before = await readItem(tables.subscribers, subscriberId);

    const stranger = await signUpAndDeliver({
      email: carol,
      firstName: 'Mallory',
      lastName: 'Overwritten',
      organization: 'Evil Inc',
      helpDescription: 'I never wrote this',
      audience: 'candidate',
    });

    expect(stranger.answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    expect(await readItem(tables.subscribers, subscriberId)).toEqual(before);
    expect(before).toMatchObject({
      firstName: 'Carol',
      lastName: 'King',
      subscribed: false,
      lastConsent: { type: 'withdrawn', source: 'one-click' },
    });
    // The stranger's text reaches only the firm; Carol gets a confirmation she can ignore.
    expect(stranger.lead).toMatchObject({ organization: 'Evil Inc', helpDescription: 'I never wrote this' });
    const toCarol = await capturedEmailsTo(carol);
    expect(toCarol.filter((mail) => mail.subject.startsWith('Please confirm'))).toHaveLength(2);
    expect(toCarol.some((mail) => /Evil Inc|never wrote/.test(`${mail.subject} ${mail.body.text}`))).toBe(false);
  });

  it('brings an unsubscribed person back only through the confirmation: resubscribed with express consent, names unchanged', async () => {
    const email = uniqueEmail('comeback');
    const first = await signUpAndDeliver({ email, firstName: 'Robin', audience: 'candidate' });
    await invoke(confirm, confirmEvent('candidate', await confirmationTokenFor(email)));
    await deliverDueMail(first.lead!.id);
    const { subscriberId } = (await readItem(tables.subscribers, `email#candidate#${email}`))!;
    const oneClick = asFunction(
      'oneClickUnsubscribe',
      (await import('#lambdas/handlers/one-click-unsubscribe.ts')).handler,
    );
    const { oneClickEvent } = await import('#test/support/api-events.ts');
    const { unsubscribe } = await subscriberLinkTokensFor(email);
    await invoke(oneClick, oneClickEvent('candidate', unsubscribe, 'List-Unsubscribe=One-Click'));

    const second = await signUpAndDeliver({ email, firstName: 'Rob', audience: 'candidate' });
    const stillOut = await readItem(tables.subscribers, subscriberId);
    await invoke(confirm, confirmEvent('candidate', await confirmationTokenFor(email)));
    await deliverDueMail(second.lead!.id);

    expect(stillOut).toMatchObject({ subscribed: false });
    expect(await readItem(tables.subscribers, subscriberId)).toMatchObject({
      subscribed: true,
      consent: 'express',
      firstName: 'Robin',
      unsubscribeAllEmail: [false],
      lastConsent: { type: 'confirmed' },
    });
    expect((await consentRecordsOf(subscriberId)).map((record) => record!.type)).toEqual([
      'requested',
      'confirmed',
      'withdrawn',
      'requested',
      'confirmed',
    ]);
    expect((await capturedEmailsTo(email)).filter((mail) => mail.subject.startsWith('Welcome'))).toHaveLength(2);
  });

  it('stores a resent form once and mails it once', async () => {
    const email = uniqueEmail('twice');

    const answers = await Promise.all([1, 2, 3].map(() => invoke(signup, signupEvent(signupBody({ email })))));
    const leads = await leadsOf(email);
    await deliverDueMail(leads[0]!.id);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(leads).toHaveLength(1);
    expect(await capturedEmailsTo(email)).toHaveLength(1);
    expect(await notificationsAbout(email)).toHaveLength(1);
  });

  it('limits mail per mailbox: aliases of one Gmail inbox share 3 a day, the rest are refused with 429', async () => {
    const user = `victim${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const aliases = Array.from({ length: 20 }, (_, n) => {
      const dotted = `${user.slice(0, 2)}.${user.slice(2)}`;
      return [
        `${user}+${n}@gmail.com`,
        `${dotted}@gmail.com`,
        `${user.toUpperCase()}@googlemail.com`,
        ` ${user}@GMAIL.com `,
      ][n % 4]!.replace('@', n % 4 === 1 ? `+x${n}@` : '@');
    });

    const answers = [];
    for (const [n, email] of aliases.entries())
      answers.push(await invoke(signup, signupEvent(signupBody({ email, helpDescription: `Message ${n}` }))));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(
      answers
        .filter((answer) => answer.statusCode === 429)
        .every((answer) => answer.json.message === API_ERRORS.signupLimit),
    ).toBe(true);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(17);
  });

  it('drops a honeypot submission of any shape with the same answer, storing and sending nothing', async () => {
    const email = uniqueEmail('bot');

    const answers = await Promise.all(
      ['http://spam.example', 'x'.repeat(5000), 42].map((website) =>
        invoke(signup, signupEvent({ ...signupBody({ email }), website })),
      ),
    );

    for (const answer of answers)
      expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    expect(await leadsOf(email)).toEqual([]);
  });
});
