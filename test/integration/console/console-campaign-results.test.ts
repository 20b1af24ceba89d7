/**
 * A campaign's results (issue 20 item 6, shared/console/campaigns.ts SendProgress) against dynalite
 * and the local SES, whose twin publishes SES's events for the mailbox simulator's addresses
 * (infra/local/ses-and-events/ses-events-twin.ts): delivered, a permanent bounce and a complaint counted apart,
 * the complainer suppressed and not mailed by the next campaign; and "unsubscribed since" with
 * the reasons given, from every way to unsubscribe, each person once per campaign that reached
 * them, the reasons in aggregate only.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { createLocalCampaignQueue } from '#infra/local/queues-and-schedules/campaign-queue.ts';
import { startSesEventRelay } from '#infra/local/ses-and-events/ses-event-relay.ts';
import { readCapturedEmails } from '#infra/local/services.ts';
import { handler as sesEventsHandler } from '#lambdas/handlers/ses-events.ts';
import { handler as oneClickHandler } from '#lambdas/handlers/one-click-unsubscribe.ts';
import { handler as putSubscriberHandler } from '#lambdas/handlers/put-subscriber.ts';
import { emailClaimId, type SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import { firmDay } from '#shared/firm-day.ts';
import { CAMPAIGN_ROUTES, UNSUBSCRIBED_WITHOUT_REASON, type SendProgress } from '#shared/console/campaigns.ts';
import { PEOPLE_ROUTES } from '#shared/console/people.ts';
import { UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import { subscriberItem } from '../../support/campaign-subscribers';
import { readItem, sesEndpoint, writeItem } from '../support/local-aws';
import { startLocalSite } from '../support/local-site';
import { api, enrol, sessionOf } from './console-client';
import { invoke, lambdaContext, oneClickEvent, subscriberEvent } from '#test/support/api-events.ts';
import { preferenceBody, unsubscribeBody } from '#test/support/payloads.ts';
import { asFunction } from '#test/support/twin-iam.ts';

const sesEvents = asFunction('sesEvents', sesEventsHandler);
const oneClick = asFunction('oneClickUnsubscribe', oneClickHandler);
const putSubscriber = asFunction('putSubscriber', putSubscriberHandler);

jest.setTimeout(60_000);
const OWNERS = process.env.CONSOLE_OWNERS!;
const SITE_URL = process.env.SITE_URL;
let session = '';
let tag = '';
/** The site a send's checks fetch (its unsubscribe pages answer). */
let site: Awaited<ReturnType<typeof startLocalSite>>;
beforeAll(async () => {
  await createOwnCampaignTables();
  const owner = `results.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  tag = `u${process.pid}${Date.now().toString(36)}`;
  // After the passkey ceremony, which expects the suite's own site origin.
  site = await startLocalSite();
  process.env.SITE_URL = site.url;
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.SITE_URL = SITE_URL;
  await site.close();
});

const queue = createLocalCampaignQueue({ rate: 1000 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Ticks the local queue until nothing waits (messages handed back wait for a later tick). */
const drain = async () => {
  await queue.tick();
  while (queue.waiting() > 0) {
    await sleep(100);
    await queue.tick();
  }
};
let slugs = 0;
const newSlug = () => `r${process.pid}-${Date.now().toString(36)}-${(slugs += 1)}`;
const subjectOf = (slug: string) => `Results ${slug}`;

/** Writes a draft, sends it now, lets the worker send every email and relays SES's events. */
const sendCampaign = async (slug: string, audience: Audience) => {
  const fields = { subject: subjectOf(slug), preheader: '', topic: 'newsletter', audience };
  await api(CAMPAIGN_ROUTES.create, { session, json: { slug, ...fields, markdown: 'Hello.' } });
  const sent = await api(callOf(CAMPAIGN_ROUTES.send, { slug }), { session, json: { version: 0 } });
  expect(sent.statusCode).toBe(202);
  await drain();
  await relayEvents(slug);
};
const relayEvents = async (name: string) => {
  const relay = startSesEventRelay({
    sesEndpoint,
    ingestion: { invoke: (event) => sesEvents(event as never, lambdaContext) },
    cursorFile: `/tmp/console-campaign-results-${process.pid}-${name}-${Date.now()}.cursor`,
    intervalMs: 60_000,
  });
  await relay.tick();
  await relay.stop();
};
const progressOf = async (slug: string): Promise<SendProgress> =>
  (await api(callOf(CAMPAIGN_ROUTES.progress, { slug }), { session })).json;
const receivedBy = async (slug: string, email: string) =>
  (await readCapturedEmails(sesEndpoint)).filter(
    (mail) => mail.subject === subjectOf(slug) && mail.destination.to.includes(email),
  ).length;
/** Subscribers of the audience, with the email claims that find them by address (the console's unsubscribe). */
const seed = async (emails: string[], audience: Audience) => {
  const people = emails.map((email) => subscriberItem('eligible', email, audience));
  for (const person of people) {
    await writeItem(ownTables.subscribers, person);
    const claim = { id: emailClaimId(audience, person.email), kind: 'email-claim', audience, email: person.email };
    await writeItem(ownTables.subscribers, { ...claim, subscriberId: person.id });
  }
  return people;
};
const subscriberNow = async (person: SubscriberItem) =>
  (await readItem(ownTables.subscribers, person.id)) as unknown as SubscriberItem;
/** The employers' unsubscribe page's boxes (their order) with these reasons ticked. */
const ticks = (...keys: string[]) => UNSUBSCRIBE_REASONS.employer.map((reason) => keys.includes(reason.key));
const labelOf = (key: string) => UNSUBSCRIBE_REASONS.candidate.find((reason) => reason.key === key)!.label;

describe('campaign results', () => {
  it("counts delivered, a permanent bounce and a complaint apart, from SES's mailbox simulator; the complainer is suppressed and the next campaign mails neither", async () => {
    // Prepare
    const [bounce, complaint] = ['bounce@simulator.amazonses.com', 'complaint@simulator.amazonses.com'];
    const people = await seed([`${tag}-a@example.ca`, `${tag}-b@example.ca`, bounce, complaint], 'candidate');
    const first = newSlug();
    const next = newSlug();

    // Act
    await sendCampaign(first, 'candidate');
    const results = await progressOf(first);
    const complainer = await subscriberNow(people[3]!);
    await sendCampaign(next, 'candidate');

    // Assess
    expect(results).toMatchObject({ queued: 4, sent: 4, left: 0 });
    // A complaint is the strongest word on its email: it counts as complained, not also delivered.
    expect(results.results).toEqual({
      delivered: 2,
      bounced: 1,
      softBounced: 0,
      complained: 1,
      rejected: 0,
      unsubscribed: 0,
    });
    expect(results.perDay).toEqual([{ day: firmDay(Math.floor(Date.now() / 1000)), ...results.results }]);
    expect(results.unsubscribeReasons).toEqual([]);
    expect(complainer).toMatchObject({ suppressed: true, suppressionReason: 'complaint', subscribed: false });
    expect(await receivedBy(first, complaint)).toBe(1);
    expect(await receivedBy(next, complaint)).toBe(0);
    expect(await receivedBy(next, bounce)).toBe(0);
    for (const person of people.slice(0, 2)) expect(await receivedBy(next, person.email)).toBe(1);
    expect((await progressOf(next)).results).toMatchObject({ delivered: 2, bounced: 0, complained: 0 });
  });

  it('counts "unsubscribed since" once per person in every campaign that reached them, from each way to unsubscribe, the reasons in aggregate only', async () => {
    // Prepare
    // Employers: the first test's candidates get none of these campaigns.
    const people = await seed(
      [0, 1, 2, 3, 4].map((n) => `${tag}-u${n}@example.ca`),
      'employer',
    );
    const [button, page, phone, preferences, stays] = people as [SubscriberItem, ...SubscriberItem[]];
    const first = newSlug();
    const next = newSlug();
    const typedReason = 'Called: Jordan Smith is moving to Lisbon';

    // Act: two leave after the first campaign, two more after the next one.
    await sendCampaign(first, 'employer');
    const pressed = [];
    for (let press = 0; press < 3; press += 1)
      pressed.push(await invoke(oneClick, oneClickEvent('employer', button.id, 'List-Unsubscribe=One-Click')));
    const pageAnswer = await invoke(
      putSubscriber,
      subscriberEvent(
        'PUT',
        'employer',
        page!.id,
        unsubscribeBody('employer', { unsubscribeReason: ticks('tooFrequent', 'notRelevant') }),
      ),
    );
    // The page again (a second submit): the reasons are kept, nothing counts twice.
    await invoke(
      putSubscriber,
      subscriberEvent(
        'PUT',
        'employer',
        page!.id,
        unsubscribeBody('employer', { unsubscribeReason: ticks('tooFrequent') }),
      ),
    );
    await sendCampaign(next, 'employer');
    const byPhone = await api(PEOPLE_ROUTES.unsubscribe, {
      session,
      json: { email: phone!.email, reason: typedReason },
    });
    const stopAll = await invoke(
      putSubscriber,
      subscriberEvent(
        'PUT',
        'employer',
        preferences!.id,
        preferenceBody({ emailSetting: [false, false, false], unsubscribeAllEmail: [true] }),
      ),
    );
    const [firstResults, nextResults] = [await progressOf(first), await progressOf(next)];
    const firstItem = await readItem(ownTables.campaigns, `campaign#${first}`);

    // Assess
    expect(pressed.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect([pageAnswer.statusCode, byPhone.statusCode, stopAll.statusCode]).toEqual([200, 200, 200]);
    expect(await receivedBy(next, button.email)).toBe(0);
    expect(await receivedBy(next, page!.email)).toBe(0);
    expect(firstResults.results).toMatchObject({ delivered: 5, unsubscribed: 4 });
    expect(firstResults.unsubscribeReasons).toEqual([
      { reason: 'notRelevant', label: labelOf('notRelevant'), count: 1 },
      { reason: 'tooFrequent', label: labelOf('tooFrequent'), count: 1 },
      { reason: 'none', label: UNSUBSCRIBED_WITHOUT_REASON, count: 3 },
    ]);
    // The first two left before the next campaign: it never reached them.
    expect(nextResults.results).toMatchObject({ delivered: 3, unsubscribed: 2 });
    expect(nextResults.unsubscribeReasons).toEqual([{ reason: 'none', label: UNSUBSCRIBED_WITHOUT_REASON, count: 2 }]);
    const today = firmDay(Math.floor(Date.now() / 1000));
    expect(firstResults.perDay).toEqual([expect.objectContaining({ day: today, delivered: 5, unsubscribed: 4 })]);
    // Aggregate only: the campaign holds counts, not who left nor the words the owner typed.
    const stored = JSON.stringify(firstItem);
    for (const person of people) {
      expect(stored).not.toContain(person.id);
      expect(stored).not.toContain(person.email);
    }
    expect(stored).not.toContain('Jordan');
    expect(await subscriberNow(stays!)).toMatchObject({ subscribed: true });
    expect(await subscriberNow(page!)).toMatchObject({ subscribed: false, unsubscribeReasons: ['tooFrequent'] });
  });
});
