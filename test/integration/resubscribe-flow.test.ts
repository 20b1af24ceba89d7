import type { Context } from 'aws-lambda';
import { API_SUCCESS } from '#shared/constants/messages.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { ineligibility } from '#lambdas/campaigns/eligibility.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import { handler as confirmHandler } from '#lambdas/handlers/confirm-subscription.ts';
import { handler as oneClickHandler } from '#lambdas/handlers/one-click-unsubscribe.ts';
import { handler as putSubscriberHandler } from '#lambdas/handlers/put-subscriber.ts';
import { handler as sesEventsHandler } from '#lambdas/handlers/ses-events.ts';
import { confirmEvent, invoke, oneClickEvent, subscriberEvent } from '#test/support/api-events.ts';
import { preferenceBody } from '#test/support/payloads.ts';
import { bounceNotification, snsEvent } from '#test/support/stream-records.ts';
import {
  capturedEmailsTo,
  confirmationTokenFor,
  consentRecordsOf,
  deliverDueMail,
  leadsOf,
  notificationsAbout,
  readItem,
  subscribe,
  tables,
  uniqueEmail,
} from './support/local-aws';
import { asFunction } from '#test/support/twin-iam.ts';

const confirm = asFunction('confirmSubscription', confirmHandler);
const oneClick = asFunction('oneClickUnsubscribe', oneClickHandler);
const putSubscriber = asFunction('putSubscriber', putSubscriberHandler);
const sesEvents = asFunction('sesEvents', sesEventsHandler);

const CONFIRMATION = 'Please confirm your subscription to Chinook Talent Partners';
const WELCOME = 'Welcome to Chinook Talent Partners';

/** A confirmed candidate subscriber who then pressed one-click in a mail client. */
const unsubscribedByOneClick = async (name: string) => {
  const subscriber = await subscribe('candidate', uniqueEmail(name));
  await invoke(oneClick, oneClickEvent('candidate', subscriber.tokens.unsubscribe, 'List-Unsubscribe=One-Click'));
  return subscriber;
};

const savePreferences = (token: string, emailSetting: boolean[]) =>
  invoke(putSubscriber, subscriberEvent('PUT', 'candidate', token, preferenceBody({ emailSetting })));

/** Saves the choice and runs the mailer for the resubscribe lead it stores (one per subscriber and day). */
const saveAndDeliver = async (subscriber: { email: string; tokens: { preferences: string } }, ticks: boolean[]) => {
  const answer = await savePreferences(subscriber.tokens.preferences, ticks);
  const leads = (await leadsOf(subscriber.email)).filter((lead) => lead.type === 'resubscribe');
  for (const lead of leads) await deliverDueMail(lead.id);
  return { answer, leads };
};

const subjectsSince = async (email: string, seen: number) =>
  (await capturedEmailsTo(email)).slice(seen).map((mail) => mail.subject);

beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a resubscribe from the preferences page needs the confirmation click (docs/decisions/0002-consent-model.md)', () => {
  it('after a one-click: one confirmation email and nothing else until its button, then express consent with the ticked topics', async () => {
    // Prepare
    const subscriber = await unsubscribedByOneClick('comeback');
    const seen = (await capturedEmailsTo(subscriber.email)).length;
    const notificationsBefore = (await notificationsAbout(subscriber.email)).length;

    // Act: tick newsletter and services news on the preferences page
    const { answer, leads } = await saveAndDeliver(subscriber, [true, false, true]);
    const waiting = (await readItem(tables.subscribers, subscriber.id)) as SubscriberItem;

    // Assess: the answer says a confirmation was emailed; only that email went out, to the subscriber
    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.resubscribeConfirmationSent } });
    expect(await subjectsSince(subscriber.email, seen)).toEqual([CONFIRMATION]);
    expect(await notificationsAbout(subscriber.email)).toHaveLength(notificationsBefore);
    expect(leads).toHaveLength(1);
    expect(await readItem(tables.leads, leads[0]!.id)).toMatchObject({
      type: 'resubscribe',
      email: subscriber.email,
      consentRequest: { source: 'preferences-page', text: CONSENT_TEXT.preferencesPage },
      mail: { confirmation: 'sent' },
      mailStatus: 'sent',
    });
    // Still unsubscribed, with the choice kept for the confirmation: no campaign reaches it meanwhile.
    expect(waiting).toMatchObject({
      subscribed: false,
      unsubscribeAllEmail: [true],
      emailSetting: [true, false, true],
    });
    const now = Math.floor(Date.now() / 1000);
    expect(ineligibility(waiting, { topic: 'newsletter', audience: 'candidate' }, now)).toBe('unsubscribed');
    await expect(consentRecordsOf(subscriber.id)).resolves.toHaveLength(3);

    // Act: the owner presses the confirmation page's button
    await invoke(confirm, confirmEvent('candidate', await confirmationTokenFor(subscriber.email)));
    await deliverDueMail(leads[0]!.id);

    // Assess: express consent with the ticked topics; the ledger has the request and the confirmation
    expect(await readItem(tables.subscribers, subscriber.id)).toMatchObject({
      subscribed: true,
      unsubscribeAllEmail: [false],
      consent: 'express',
      emailSetting: [true, false, true],
    });
    const records = await consentRecordsOf(subscriber.id);
    expect(records.map((record) => record!.type)).toEqual([
      'requested',
      'confirmed',
      'withdrawn',
      'requested',
      'confirmed',
    ]);
    expect(records[3]).toMatchObject({
      source: 'preferences-page',
      text: CONSENT_TEXT.preferencesPage,
      leadId: leads[0]!.id,
    });
    expect(records[4]).toMatchObject({ source: 'confirmation-page', leadId: leads[0]!.id });
    expect(await subjectsSince(subscriber.email, seen)).toEqual([CONFIRMATION, WELCOME]);
  });

  it('sends no second confirmation for a second save the same day; the confirmation applies the latest choice', async () => {
    // Prepare
    const subscriber = await unsubscribedByOneClick('twice');
    const seen = (await capturedEmailsTo(subscriber.email)).length;
    await saveAndDeliver(subscriber, [true, false, false]);

    // Act
    const { answer, leads } = await saveAndDeliver(subscriber, [false, true, false]);
    await invoke(confirm, confirmEvent('candidate', await confirmationTokenFor(subscriber.email)));

    // Assess
    expect(answer).toMatchObject({ statusCode: 200, json: { success: API_SUCCESS.resubscribeConfirmationSent } });
    expect(leads).toHaveLength(1);
    expect(await subjectsSince(subscriber.email, seen)).toEqual([CONFIRMATION]);
    expect(await readItem(tables.subscribers, subscriber.id)).toMatchObject({
      subscribed: true,
      emailSetting: [false, true, false],
    });
  });

  it('mails nothing to an address that bounced for good', async () => {
    // Prepare
    const subscriber = await unsubscribedByOneClick('bounced');
    await sesEvents(snsEvent(bounceNotification('Permanent', subscriber.email)), {} as Context);
    const seen = (await capturedEmailsTo(subscriber.email)).length;

    // Act
    const { leads } = await saveAndDeliver(subscriber, [true, true, true]);

    // Assess
    expect(await subjectsSince(subscriber.email, seen)).toEqual([]);
    expect(await readItem(tables.leads, leads[0]!.id)).toMatchObject({ mail: { confirmation: 'suppressed' } });
    expect(await readItem(tables.subscribers, subscriber.id)).toMatchObject({ subscribed: false });
  });
});
