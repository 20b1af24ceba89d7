import type { Context } from 'aws-lambda';
import { API_ERRORS, API_SUCCESS } from '../../shared/constants';
import { handler as getSubscriber } from '../../lambdas/handlers/get-subscriber';
import { handler as putSubscriber } from '../../lambdas/handlers/put-subscriber';
import { handler as oneClick } from '../../lambdas/handlers/one-click-unsubscribe';
import { handler as signup } from '../../lambdas/handlers/signup';
import { handler as sesFeedback } from '../../lambdas/handlers/ses-feedback';
import { invoke, oneClickEvent, signupEvent, subscriberEvent } from '../unit/lambdas/support/api-events';
import { preferenceBody, signupBody, unsubscribeBody } from '../unit/lambdas/support/payloads';
import { bounceNotification, complaintNotification, snsEvent } from '../unit/lambdas/support/stream-records';
import { capturedEmailsTo, leadsOf, notificationsAbout, readItem, runMailer, tables, uniqueEmail } from './support/local-aws';

/** Signs an address up and returns its subscriber id and lead. */
const signUp = async (audience: 'candidate' | 'employer', email = uniqueEmail(audience)) => {
  await invoke(signup, signupEvent(signupBody({ email, audience })));
  const [lead] = await leadsOf(email);
  return { id: lead!.subscriberId as string, email, lead: lead! };
};

beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('subscriber pages: read, unsubscribe, preferences, one-click', () => {
  it('reads the subscriber for the page as a list of one', async () => {
    const { id, email } = await signUp('candidate');
    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', id));
    expect(answer).toMatchObject({ statusCode: 200, json: [{ email, firstName: 'Jordan', lastName: 'Lee', helpDescription: 'Looking for a site supervisor role.' }] });
    expect(await invoke(getSubscriber, subscriberEvent('GET', 'employer', id))).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
  });

  it('stores an unsubscribe with its reasons and leaves identity untouched', async () => {
    const { id, email } = await signUp('employer');

    const answer = await invoke(putSubscriber, subscriberEvent('PUT', 'employer', id, unsubscribeBody('employer', { email: 'attacker@example.ca', firstName: 'Mallory' })));

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.unsubscribed } });
    const stored = await readItem(tables.subscribers, id);
    expect(stored).toMatchObject({
      email, firstName: 'Jordan', subscribed: false, unsubscribeAllEmail: [true],
      unsubscribeReason: [false, true, false, false, true, false, false],
      unsubscribeReasons: ['noLongerWant', 'tooFrequent'],
    });
    expect(stored!.consent.at(-1)).toMatchObject({ type: 'withdrawn', source: 'unsubscribe-page', reasons: ['noLongerWant', 'tooFrequent'] });
  });

  it('stores preferences', async () => {
    const { id } = await signUp('candidate');

    const answer = await invoke(putSubscriber, subscriberEvent('PUT', 'candidate', id, preferenceBody({ emailSetting: [false, true, false] })));

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.preferencesSaved } });
    expect(await readItem(tables.subscribers, id)).toMatchObject({ subscribed: true, emailSetting: [false, true, false], unsubscribeAllEmail: [false] });
  });

  it('answers 404 to a PUT for an id that does not exist and creates nothing', async () => {
    const id = 'NoSuchSubscriberAbcdef';
    const answer = await invoke(putSubscriber, subscriberEvent('PUT', 'candidate', id, preferenceBody()));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
    expect(await readItem(tables.subscribers, id)).toBeUndefined();
  });

  it('unsubscribes with RFC 8058 one-click', async () => {
    const { id } = await signUp('candidate');

    const answer = await invoke(oneClick, oneClickEvent('candidate', id, 'List-Unsubscribe=One-Click'));

    expect(answer).toMatchObject({ statusCode: 200, body: '' });
    const stored = await readItem(tables.subscribers, id);
    expect(stored).toMatchObject({ subscribed: false, unsubscribeAllEmail: [true] });
    expect(stored!.consent.at(-1)).toMatchObject({ type: 'withdrawn', source: 'one-click' });
  });
});

describe('SES feedback', () => {
  it('suppresses a permanently bounced address, so the mailer skips it but still notifies the consultancy', async () => {
    const email = uniqueEmail('bounce');
    await invoke(signup, signupEvent(signupBody({ email, audience: 'candidate' })));
    await invoke(signup, signupEvent(signupBody({ email, audience: 'employer' })));

    await sesFeedback(snsEvent(bounceNotification('Permanent', email)), {} as Context);
    const leads = await leadsOf(email);
    for (const lead of leads) await runMailer(lead);

    for (const lead of leads) {
      expect(await readItem(tables.subscribers, lead.subscriberId)).toMatchObject({ suppressed: true, suppressionReason: 'bounce', subscribed: true });
      expect(await readItem(tables.leads, lead.id)).toMatchObject({ mailStatus: 'suppressed', mail: { welcome: 'suppressed', notification: 'sent' } });
    }
    expect(await capturedEmailsTo(email)).toHaveLength(0);
    expect(await notificationsAbout(email)).toHaveLength(2);
  });

  it('unsubscribes and suppresses on a complaint; transient bounces change nothing', async () => {
    const complained = await signUp('candidate');
    const transient = await signUp('candidate');

    await sesFeedback(snsEvent(complaintNotification(complained.email), bounceNotification('Transient', transient.email)), {} as Context);

    expect(await readItem(tables.subscribers, complained.id)).toMatchObject({ suppressed: true, suppressionReason: 'complaint', subscribed: false });
    const untouched = await readItem(tables.subscribers, transient.id);
    expect(untouched!.suppressed).toBeUndefined();
  });
});
