import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context } from 'aws-lambda';
import { API_ERRORS, API_SUCCESS } from '../../shared/constants';
import { handler as getSubscriber } from '../../lambdas/handlers/get-subscriber';
import { handler as putSubscriber } from '../../lambdas/handlers/put-subscriber';
import { handler as oneClick } from '../../lambdas/handlers/one-click-unsubscribe';
import { handler as signup } from '../../lambdas/handlers/signup';
import { consentRecordId } from '../../lambdas/data/subscriber-item';
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
    const withdrawal = { type: 'withdrawn', source: 'unsubscribe-page', reasons: ['noLongerWant', 'tooFrequent'] };
    expect(stored).toMatchObject({ lastConsent: withdrawal, consentCount: 2 });
    expect(await readItem(tables.subscribers, consentRecordId(id, stored!.consentCount))).toMatchObject({ ...withdrawal, kind: 'consent-record', subscriberId: id });
    expect(await readItem(tables.subscribers, consentRecordId(id, 1))).toMatchObject({ type: 'granted', subscriberId: id });
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
    expect(stored).toMatchObject({ lastConsent: { type: 'withdrawn', source: 'one-click' }, consentCount: 2 });
    expect(await readItem(tables.subscribers, consentRecordId(id, stored!.consentCount))).toMatchObject({ type: 'withdrawn', source: 'one-click', subscriberId: id });
  });
});

describe('consent history: one record item per event, not a list on the subscriber', () => {
  /** Bytes of the item as stored (attribute names and DynamoDB JSON), what the 400 KB item limit counts roughly. */
  const storedBytes = (stored: Record<string, unknown> | undefined) => Buffer.byteLength(JSON.stringify(marshall(stored!)));
  const settingsOf = (n: number) => (n % 2 === 0 ? [true, false, true] : [false, true, false]);
  const keysOf = (n: number) => (n % 2 === 0 ? ['newsletter', 'servicesNews'] : ['announcements']);

  it('keeps the subscriber item the same size over 50 preference changes and numbers a record per change', async () => {
    const { id } = await signUp('candidate');
    const put = (n: number) => invoke(putSubscriber, subscriberEvent('PUT', 'candidate', id, preferenceBody({ emailSetting: settingsOf(n) })));

    const statuses: number[] = [];
    let bytesAfterTwo = 0;
    for (let n = 1; n <= 50; n += 1) {
      statuses.push((await put(n)).statusCode!);
      if (n === 2) bytesAfterTwo = storedBytes(await readItem(tables.subscribers, id));
    }
    const stored = await readItem(tables.subscribers, id);
    const records = await Promise.all(Array.from({ length: 52 }, (_, n) => readItem(tables.subscribers, consentRecordId(id, n + 1))));

    expect(statuses).toEqual(Array(50).fill(200));
    // PUT 50 sent what PUT 2 sent: the item differs only by one more digit in consentCount (3 -> 51).
    expect(storedBytes(stored)).toBeLessThanOrEqual(bytesAfterTwo + 1);
    expect(stored).not.toHaveProperty('consent');
    expect(stored).toMatchObject({ consentCount: 51, emailSetting: settingsOf(50), lastConsent: { type: 'preferences-changed', emailSetting: keysOf(50) } });
    expect(records[0]).toMatchObject({ type: 'granted', source: 'candidate-signup-form', subscriberId: id });
    expect(records.slice(1, 51)).toEqual(
      Array.from({ length: 50 }, (_, i) =>
        expect.objectContaining({ id: consentRecordId(id, i + 2), kind: 'consent-record', subscriberId: id, type: 'preferences-changed', source: 'preferences-page', emailSetting: keysOf(i + 1) }),
      ),
    );
    expect(records[50]).toMatchObject({ ...stored!.lastConsent, id: consentRecordId(id, 51) });
    expect(records[51]).toBeUndefined();
  });

  it('gives concurrent changes distinct record numbers, so none overwrites another', async () => {
    const { id } = await signUp('employer');

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => invoke(putSubscriber, subscriberEvent('PUT', 'employer', id, preferenceBody({ emailSetting: settingsOf(n) })))),
    );
    const stored = await readItem(tables.subscribers, id);
    const records = await Promise.all(Array.from({ length: 11 }, (_, n) => readItem(tables.subscribers, consentRecordId(id, n + 1))));

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(stored!.consentCount).toBe(11);
    expect(records.map((record) => record?.type)).toEqual(['granted', ...Array(10).fill('preferences-changed')]);
    // Five changes of each kind were sent; all ten are on record.
    const sent = records.slice(1).map((record) => (record!.emailSetting as string[]).join());
    expect(sent.filter((keys) => keys === keysOf(0).join())).toHaveLength(5);
    expect(sent.filter((keys) => keys === keysOf(1).join())).toHaveLength(5);
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
    expect(await readItem(tables.subscribers, consentRecordId(complained.id, 2))).toMatchObject({ type: 'withdrawn', source: 'complaint', subscriberId: complained.id });
    const untouched = await readItem(tables.subscribers, transient.id);
    expect(untouched!.suppressed).toBeUndefined();
    expect(untouched!.consentCount).toBe(1);
  });
});
