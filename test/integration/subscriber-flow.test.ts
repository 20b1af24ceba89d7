import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context } from 'aws-lambda';
import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { handler as getSubscriberHandler } from '#lambdas/handlers/get-subscriber.ts';
import { handler as putSubscriberHandler } from '#lambdas/handlers/put-subscriber.ts';
import { handler as oneClickHandler } from '#lambdas/handlers/one-click-unsubscribe.ts';
import { handler as signupHandler } from '#lambdas/handlers/signup.ts';
import { consentRecordId } from '#lambdas/data/subscriber-item.ts';
import { handler as sesEventsHandler } from '#lambdas/handlers/ses-events.ts';
import { invoke, oneClickEvent, signupEvent, subscriberEvent } from '#test/support/api-events.ts';
import { preferenceBody, signupBody, unsubscribeBody } from '#test/support/payloads.ts';
import { bounceNotification, complaintNotification, snsEvent } from '#test/support/stream-records.ts';
import {
  capturedEmailsTo,
  deliverDueMail,
  leadsOf,
  notificationsAbout,
  readItem,
  subscribe,
  tables,
  uniqueEmail,
  writeItem,
} from './support/local-aws';
import { subscriberItem } from '../support/campaign-subscribers';
import { asFunction } from '#test/support/twin-iam.ts';

const getSubscriber = asFunction('getSubscriber', getSubscriberHandler);
const putSubscriber = asFunction('putSubscriber', putSubscriberHandler);
const oneClick = asFunction('oneClickUnsubscribe', oneClickHandler);
const signup = asFunction('signup', signupHandler);
const sesEvents = asFunction('sesEvents', sesEventsHandler);

/** A confirmed subscriber of this audience (sign-up, confirmation email, confirm button). */
const signUp = (audience: 'candidate' | 'employer', email = uniqueEmail(audience)) => subscribe(audience, email);

beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('subscriber pages: read, unsubscribe, preferences, one-click', () => {
  it('reads the subscriber for the page as a list of one', async () => {
    const { email, tokens } = await signUp('candidate');
    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', tokens.preferences));
    expect(answer).toMatchObject({
      statusCode: 200,
      json: [{ email, firstName: 'Jordan', lastName: 'Lee', helpDescription: 'Looking for a site supervisor role.' }],
    });
    expect(await invoke(getSubscriber, subscriberEvent('GET', 'employer', tokens.preferences))).toMatchObject({
      statusCode: 404,
      json: { message: API_ERRORS.subscriberNotFound },
    });
  });

  it('stores an unsubscribe with its reasons and leaves identity untouched', async () => {
    const { id, email, tokens } = await signUp('employer');

    const answer = await invoke(
      putSubscriber,
      subscriberEvent(
        'PUT',
        'employer',
        tokens.unsubscribe,
        unsubscribeBody('employer', { email: 'attacker@example.ca', firstName: 'Mallory' }),
      ),
    );

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.unsubscribed } });
    const stored = await readItem(tables.subscribers, id);
    expect(stored).toMatchObject({
      email,
      firstName: 'Jordan',
      subscribed: false,
      unsubscribeAllEmail: [true],
      unsubscribeReason: [false, true, false, false, true, false, false],
      unsubscribeReasons: ['noLongerWant', 'tooFrequent'],
    });
    const withdrawal = { type: 'withdrawn', source: 'unsubscribe-page', reasons: ['noLongerWant', 'tooFrequent'] };
    expect(stored).toMatchObject({ lastConsent: withdrawal, consentCount: 3 });
    expect(await readItem(tables.subscribers, consentRecordId(id, stored!.consentCount))).toMatchObject({
      ...withdrawal,
      kind: 'consent-record',
      subscriberId: id,
    });
    expect(await readItem(tables.subscribers, consentRecordId(id, 1))).toMatchObject({
      type: 'requested',
      subscriberId: id,
    });
    expect(await readItem(tables.subscribers, consentRecordId(id, 2))).toMatchObject({
      type: 'confirmed',
      subscriberId: id,
    });
  });

  it('stores preferences', async () => {
    const { id, tokens } = await signUp('candidate');

    const answer = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', tokens.preferences, preferenceBody({ emailSetting: [false, true, false] })),
    );

    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.preferencesSaved } });
    expect(await readItem(tables.subscribers, id)).toMatchObject({
      subscribed: true,
      emailSetting: [false, true, false],
      unsubscribeAllEmail: [false],
    });
  });

  it('answers 404 to a PUT for an id that does not exist and creates nothing', async () => {
    const id = 'NoSuchSubscriberAbcdef';
    const answer = await invoke(putSubscriber, subscriberEvent('PUT', 'candidate', id, preferenceBody()));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } });
    expect(await readItem(tables.subscribers, id)).toBeUndefined();
  });

  it('unsubscribes with RFC 8058 one-click', async () => {
    const { id, tokens } = await signUp('candidate');

    const answer = await invoke(oneClick, oneClickEvent('candidate', tokens.unsubscribe, 'List-Unsubscribe=One-Click'));

    expect(answer).toMatchObject({ statusCode: 200, body: '' });
    const stored = await readItem(tables.subscribers, id);
    expect(stored).toMatchObject({ subscribed: false, unsubscribeAllEmail: [true] });
    expect(stored).toMatchObject({ lastConsent: { type: 'withdrawn', source: 'one-click' }, consentCount: 3 });
    expect(await readItem(tables.subscribers, consentRecordId(id, stored!.consentCount))).toMatchObject({
      type: 'withdrawn',
      source: 'one-click',
      subscriberId: id,
    });
  });

  it('changes nothing when the unsubscribe is repeated: 20 one-clicks and a page unsubscribe record one withdrawal', async () => {
    const { id, tokens } = await signUp('candidate');
    const press = () => invoke(oneClick, oneClickEvent('candidate', tokens.unsubscribe, 'List-Unsubscribe=One-Click'));
    await press();
    const first = await readItem(tables.subscribers, id);

    const answers = [];
    for (let n = 0; n < 20; n += 1) answers.push(await press());
    const afterPresses = await readItem(tables.subscribers, id);
    const page = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', tokens.unsubscribe, unsubscribeBody('candidate')),
    );

    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(afterPresses).toEqual(first);
    // The page's reasons are kept; the withdrawal, its time and the ledger stay as the first press left them.
    expect(page.statusCode).toBe(200);
    expect(await readItem(tables.subscribers, id)).toMatchObject({
      unsubscribeReason: unsubscribeBody('candidate').unsubscribeReason,
      unsubscribedAt: first!.unsubscribedAt,
      lastConsent: first!.lastConsent,
      consentCount: first!.consentCount,
    });
    expect(await readItem(tables.subscribers, consentRecordId(id, first!.consentCount + 1))).toBeUndefined();
  });
});

describe('consent history: one record item per event, not a list on the subscriber', () => {
  /** Bytes of the item as stored (attribute names and DynamoDB JSON), what the 400 KB item limit counts roughly. */
  const storedBytes = (stored: Record<string, unknown> | undefined) =>
    Buffer.byteLength(JSON.stringify(marshall(stored!)));
  const settingsOf = (n: number) => (n % 2 === 0 ? [true, false, true] : [false, true, false]);
  const keysOf = (n: number) => (n % 2 === 0 ? ['newsletter', 'servicesNews'] : ['announcements']);

  it('keeps the subscriber item the same size over 50 preference changes and numbers a record per change', async () => {
    const { id, tokens } = await signUp('candidate');
    const put = (n: number) =>
      invoke(
        putSubscriber,
        subscriberEvent('PUT', 'candidate', tokens.preferences, preferenceBody({ emailSetting: settingsOf(n) })),
      );

    const statuses: number[] = [];
    let bytesAfterTwo = 0;
    for (let n = 1; n <= 50; n += 1) {
      statuses.push((await put(n)).statusCode!);
      if (n === 2) bytesAfterTwo = storedBytes(await readItem(tables.subscribers, id));
    }
    const stored = await readItem(tables.subscribers, id);
    const records = await Promise.all(
      Array.from({ length: 53 }, (_, n) => readItem(tables.subscribers, consentRecordId(id, n + 1))),
    );

    expect(statuses).toEqual(Array(50).fill(200));
    // PUT 50 sent what PUT 2 sent: the item differs only by one more digit in consentCount (4 -> 52).
    expect(storedBytes(stored)).toBeLessThanOrEqual(bytesAfterTwo + 1);
    expect(stored).toMatchObject({
      consentCount: 52,
      emailSetting: settingsOf(50),
      lastConsent: { type: 'preferences-changed', emailSetting: keysOf(50) },
    });
    expect(records[0]).toMatchObject({ type: 'requested', source: 'candidate-signup-form', subscriberId: id });
    expect(records.slice(2, 52)).toEqual(
      Array.from({ length: 50 }, (_, i) =>
        expect.objectContaining({
          id: consentRecordId(id, i + 3),
          kind: 'consent-record',
          subscriberId: id,
          type: 'preferences-changed',
          source: 'preferences-page',
          emailSetting: keysOf(i + 1),
        }),
      ),
    );
    expect(records[51]).toMatchObject({ ...stored!.lastConsent, id: consentRecordId(id, 52) });
    expect(records[52]).toBeUndefined();
  });

  it('gives concurrent changes distinct record numbers, so none overwrites another', async () => {
    const { id, tokens } = await signUp('employer');

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        invoke(
          putSubscriber,
          subscriberEvent('PUT', 'employer', tokens.preferences, preferenceBody({ emailSetting: settingsOf(n) })),
        ),
      ),
    );
    const stored = await readItem(tables.subscribers, id);
    const records = await Promise.all(
      Array.from({ length: 12 }, (_, n) => readItem(tables.subscribers, consentRecordId(id, n + 1))),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(stored!.consentCount).toBe(12);
    expect(records.map((record) => record?.type)).toEqual([
      'requested',
      'confirmed',
      ...Array(10).fill('preferences-changed'),
    ]);
    // Five changes of each kind were sent; all ten are on record.
    const sent = records.slice(2).map((record) => (record!.emailSetting as string[]).join());
    expect(sent.filter((keys) => keys === keysOf(0).join())).toHaveLength(5);
    expect(sent.filter((keys) => keys === keysOf(1).join())).toHaveLength(5);
  });
});

describe('SES feedback', () => {
  it('suppresses a permanently bounced mailbox in both audiences, so the mailer skips it but still notifies the consultancy', async () => {
    const email = uniqueEmail('bounce');
    const candidate = await signUp('candidate', email);
    const employer = await signUp('employer', email);
    const mailsBefore = (await capturedEmailsTo(email)).length;

    await sesEvents(snsEvent(bounceNotification('Permanent', email.toUpperCase())), {} as Context);
    await invoke(
      signup,
      signupEvent(signupBody({ email, audience: 'candidate', helpDescription: 'After the bounce' })),
    );
    const [later] = (await leadsOf(email)).filter((lead) => lead.helpDescription === 'After the bounce');
    const delivered = await deliverDueMail(later!.id);

    for (const { id } of [candidate, employer]) {
      expect(await readItem(tables.subscribers, id)).toMatchObject({
        suppressed: true,
        suppressionReason: 'bounce',
        lastConsent: { type: 'withdrawn', source: 'bounce' },
      });
    }
    // Still a confirmed subscriber, so the later sign-up sends the address nothing; the firm hears of it.
    expect(delivered).toMatchObject({ mailStatus: 'sent', mail: { notification: 'sent' } });
    expect(await capturedEmailsTo(email)).toHaveLength(mailsBefore);
    expect(
      (await notificationsAbout(email)).filter((mail) => mail.body.text?.includes('After the bounce')),
    ).toHaveLength(1);
  });

  it('unsubscribes and suppresses on a complaint; transient bounces change nothing', async () => {
    const complained = await signUp('candidate');
    const transient = await signUp('candidate');

    await sesEvents(
      snsEvent(complaintNotification(complained.email), bounceNotification('Transient', transient.email)),
      {} as Context,
    );

    expect(await readItem(tables.subscribers, complained.id)).toMatchObject({
      suppressed: true,
      suppressionReason: 'complaint',
      subscribed: false,
    });
    expect(await readItem(tables.subscribers, consentRecordId(complained.id, 3))).toMatchObject({
      type: 'withdrawn',
      source: 'complaint',
      subscriberId: complained.id,
    });
    const untouched = await readItem(tables.subscribers, transient.id);
    expect(untouched!.suppressed).toBeUndefined();
    expect(untouched!.consentCount).toBe(2);
  });
});

describe('subscriber links: one token per purpose (docs/decisions/0002-consent-model.md)', () => {
  const notFound = { statusCode: 404, json: { message: API_ERRORS.subscriberNotFound } };
  const pressOneClick = (audience: 'candidate' | 'employer', token: string) =>
    invoke(oneClick, oneClickEvent(audience, token, 'List-Unsubscribe=One-Click'));

  it('gives each purpose its own token, neither the bare id', async () => {
    const { id, tokens } = await signUp('candidate');

    expect(tokens.unsubscribe).not.toBe(tokens.preferences);
    for (const token of [tokens.unsubscribe, tokens.preferences]) {
      expect(token).toHaveLength(44);
      expect(token.startsWith(id)).toBe(true);
    }
  });

  it('refuses the preferences token at the unsubscribe page and one-click with the 404 of an unknown subscriber', async () => {
    const { id, tokens } = await signUp('candidate');
    const before = await readItem(tables.subscribers, id);

    const page = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', tokens.preferences, unsubscribeBody('candidate')),
    );
    const press = await pressOneClick('candidate', tokens.preferences);

    expect(page).toMatchObject(notFound);
    expect(press).toMatchObject(notFound);
    expect(await readItem(tables.subscribers, id)).toEqual(before);
  });

  it('refuses the unsubscribe token at the preferences page, so a one-click link cannot subscribe again', async () => {
    const { id, email, tokens } = await signUp('employer');
    await pressOneClick('employer', tokens.unsubscribe);
    const before = await readItem(tables.subscribers, id);

    const answer = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'employer', tokens.unsubscribe, preferenceBody()),
    );

    expect(answer).toMatchObject(notFound);
    expect(await readItem(tables.subscribers, id)).toEqual(before);
    expect((await leadsOf(email)).filter((lead) => lead.type === 'resubscribe')).toEqual([]);
  });

  it('lets the unsubscribe token read only the address its page names', async () => {
    const { email, tokens } = await signUp('candidate');

    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', tokens.unsubscribe));

    expect(answer).toMatchObject({
      statusCode: 200,
      json: [{ email, firstName: '', lastName: '', helpDescription: '' }],
    });
  });

  it('refuses the bare id, and a token with another proof, of a subscriber whose links have tokens', async () => {
    const { id, tokens } = await signUp('candidate');
    const forged = `${id}${tokens.preferences.slice(22, -1)}${tokens.preferences.endsWith('A') ? 'B' : 'A'}`;

    for (const token of [id, forged]) {
      expect(await invoke(getSubscriber, subscriberEvent('GET', 'candidate', token))).toMatchObject(notFound);
      expect(await invoke(putSubscriber, subscriberEvent('PUT', 'candidate', token, preferenceBody()))).toMatchObject(
        notFound,
      );
      expect(await pressOneClick('candidate', token)).toMatchObject(notFound);
    }
  });

  it('still takes the bare id of a subscriber created before links had purposes, for every purpose', async () => {
    const legacy = subscriberItem('eligible', uniqueEmail('legacy'));
    await writeItem(tables.subscribers, legacy);

    const read = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', legacy.id));
    const saved = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', legacy.id, preferenceBody({ emailSetting: [false, true, false] })),
    );
    const unsubscribed = await invoke(
      putSubscriber,
      subscriberEvent('PUT', 'candidate', legacy.id, unsubscribeBody('candidate')),
    );
    const pressed = await pressOneClick('candidate', legacy.id);

    expect(read).toMatchObject({
      statusCode: 200,
      json: [{ email: legacy.email, firstName: 'Sam', lastName: 'Seed' }],
    });
    expect(saved).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.preferencesSaved } });
    expect(unsubscribed).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.unsubscribed } });
    expect(pressed.statusCode).toBe(200);
    expect(await readItem(tables.subscribers, legacy.id)).toMatchObject({
      emailSetting: [false, true, false],
      subscribed: false,
      unsubscribeAllEmail: [true],
    });
  });
});
