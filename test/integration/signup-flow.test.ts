import { API_ERRORS, API_SUCCESS, CONSENT_TEXT, SIGNUP_MAILS_PER_ADDRESS_PER_DAY } from '../../shared/constants';
import { SUBSCRIBER_ID_PATTERN } from '../../shared/paths';
import { handler as signup } from '../../lambdas/handlers/signup';
import { consentRecordId } from '../../lambdas/data/subscriber-item';
import { invoke, signupEvent } from '../unit/lambdas/support/api-events';
import { signupBody } from '../unit/lambdas/support/payloads';
import { capturedEmailsTo, leadsOf, notificationsAbout, rawEmailsTo, readItem, runMailer, siteUrl, tables, uniqueEmail } from './support/local-aws';

describe('sign-up -> stored subscriber and lead -> mailer -> email in SES local', () => {
  it('stores the subscriber with consent and the lead, then emails a welcome with working links and headers', async () => {
    // Prepare
    const email = uniqueEmail('jordan');

    // Act
    const answer = await invoke(signup, signupEvent(signupBody({ email: email.toUpperCase(), audience: 'candidate' })));
    const [lead] = await leadsOf(email);
    const mailerResult = await runMailer(lead!);

    // Assess: what was stored
    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.signedUp } });
    expect(lead).toMatchObject({ type: 'signup', audience: 'candidate', email, firstName: 'Jordan', mailStatus: 'pending' });
    const claim = await readItem(tables.subscribers, `email#candidate#${email}`);
    expect(claim!.subscriberId).toBe(lead!.subscriberId);
    expect(lead!.subscriberId).toMatch(SUBSCRIBER_ID_PATTERN);
    const subscriber = await readItem(tables.subscribers, lead!.subscriberId);
    expect(subscriber).toMatchObject({
      kind: 'subscriber', audience: 'candidate', email, firstName: 'Jordan', lastName: 'Lee', subscribed: true,
      emailSetting: [true, true, true], unsubscribeAllEmail: [false],
      lastConsent: { type: 'granted', source: 'candidate-signup-form', text: CONSENT_TEXT.signup },
      consentCount: 1,
    });
    expect(subscriber).not.toHaveProperty('consent');
    expect(await readItem(tables.subscribers, consentRecordId(lead!.subscriberId, 1))).toEqual({
      id: consentRecordId(lead!.subscriberId, 1), kind: 'consent-record', subscriberId: lead!.subscriberId,
      type: 'granted', at: subscriber!.createdAt, source: 'candidate-signup-form', text: CONSENT_TEXT.signup,
      expiresAt: subscriber!.expiresAt,
    });

    // Assess: what was sent
    expect(mailerResult).toEqual({ batchItemFailures: [] });
    const [welcome] = await capturedEmailsTo(email);
    expect(welcome!.subject).toBe('Thank you for contacting Chinook Talent Partners');
    expect(welcome!.from).toContain('Chinook Talent Partners');
    expect(welcome!.body.text).toContain(`${siteUrl}/unsubscribe/candidate/${lead!.subscriberId}`);
    expect(welcome!.body.text).toContain(`${siteUrl}/candidate/setting/${lead!.subscriberId}`);
    expect(welcome!.body.html).toContain(`href="${siteUrl}/unsubscribe/candidate/${lead!.subscriberId}"`);
    const [raw] = await rawEmailsTo(email);
    expect(raw!.header('list-unsubscribe')).toBe(`<${siteUrl}/api/candidate/subscribers/${lead!.subscriberId}/one-click>`);
    expect(raw!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const [notification] = await notificationsAbout(email);
    expect(notification!.destination.to).toEqual(['leads@chinooktalent.ca']);
    expect(notification!.subject).toBe('New candidate sign-up: Jordan Lee');
    expect(await readItem(tables.leads, lead!.id)).toMatchObject({ mailStatus: 'sent', mailAttempts: 1, mail: { welcome: 'sent', notification: 'sent' } });
  });

  it('updates the same subscriber on a repeat sign-up and keeps both consents', async () => {
    const email = uniqueEmail('repeat');

    await invoke(signup, signupEvent(signupBody({ email, firstName: 'Jo' })));
    await invoke(signup, signupEvent(signupBody({ email, firstName: 'Jordan', helpDescription: 'Second message' })));

    const leads = await leadsOf(email);
    expect(leads).toHaveLength(2);
    expect(leads[0]!.subscriberId).toBe(leads[1]!.subscriberId);
    const subscriber = await readItem(tables.subscribers, leads[0]!.subscriberId);
    expect(subscriber).toMatchObject({ firstName: 'Jordan', helpDescription: 'Second message', consentCount: 2 });
    const records = await Promise.all([1, 2, 3].map((n) => readItem(tables.subscribers, consentRecordId(subscriber!.id, n))));
    const granted = { kind: 'consent-record', subscriberId: subscriber!.id, type: 'granted', source: 'candidate-signup-form', text: CONSENT_TEXT.signup };
    expect(records).toEqual([expect.objectContaining(granted), expect.objectContaining(granted), undefined]);
    expect(subscriber!.lastConsent).toEqual({ type: 'granted', at: records[1]!.at, source: 'candidate-signup-form', text: CONSENT_TEXT.signup });
  });

  it('keeps candidate and employer subscriptions of one address apart', async () => {
    const email = uniqueEmail('both');
    await invoke(signup, signupEvent(signupBody({ email, audience: 'candidate' })));
    await invoke(signup, signupEvent(signupBody({ email, audience: 'employer' })));

    const leads = await leadsOf(email);
    expect(new Set(leads.map((lead) => lead.subscriberId)).size).toBe(2);
    const employer = leads.find((lead) => lead.audience === 'employer')!;
    expect(await readItem(tables.subscribers, employer.subscriberId)).toMatchObject({ lastConsent: { source: 'contact-form' }, consentCount: 1 });
    expect(await readItem(tables.subscribers, consentRecordId(employer.subscriberId, 1))).toMatchObject({ subscriberId: employer.subscriberId, source: 'contact-form' });
  });

  it('turns a double submit into one lead and one email', async () => {
    const email = uniqueEmail('double');
    const body = signupBody({ email });

    const answers = await Promise.all([invoke(signup, signupEvent(body)), invoke(signup, signupEvent(body))]);
    const leads = await leadsOf(email);
    await runMailer(leads[0]!);
    await runMailer(leads[0]!); // a redelivered stream record sends nothing twice

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(leads).toHaveLength(1);
    expect(await capturedEmailsTo(email)).toHaveLength(1);
  });

  it(`welcomes one address at most ${SIGNUP_MAILS_PER_ADDRESS_PER_DAY} times a day, then answers 429`, async () => {
    const email = uniqueEmail('cannon');
    const send = (n: number) => invoke(signup, signupEvent(signupBody({ email, helpDescription: `Message ${n}` })));

    const allowed = [];
    for (let n = 0; n < SIGNUP_MAILS_PER_ADDRESS_PER_DAY; n += 1) allowed.push(await send(n));
    const refused = await send(SIGNUP_MAILS_PER_ADDRESS_PER_DAY);

    expect(allowed.map((answer) => answer.statusCode)).toEqual(Array(SIGNUP_MAILS_PER_ADDRESS_PER_DAY).fill(200));
    expect(refused).toMatchObject({ statusCode: 429, json: { message: API_ERRORS.signupLimit } });
    expect(await leadsOf(email)).toHaveLength(SIGNUP_MAILS_PER_ADDRESS_PER_DAY);
  });

  it('stores and sends nothing for a honeypot hit', async () => {
    const email = uniqueEmail('bot');
    const spy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await invoke(signup, signupEvent(signupBody({ email, website: 'https://spam.example' })));
    spy.mockRestore();

    expect(answer.statusCode).toBe(200);
    expect(await leadsOf(email)).toEqual([]);
    expect(await readItem(tables.subscribers, `email#candidate#${email}`)).toBeUndefined();
  });
});
