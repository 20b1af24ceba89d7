/**
 * Sending from the console (shared/console/campaigns.ts, issue 20 items 4–6) against dynalite and
 * the local SES, through the local campaign queue (the worker's code) on the twin's clock: send
 * now, schedule and cancel, a schedule firing on the clock (and again), pause and resume, people
 * who change their mind meanwhile, two owners at once, refusals; what reached the inbox and how
 * often, progress, and the audit entries.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { OTHER_ORIGIN } from '#lambdas/console/kit/guards.ts';
import { CAMPAIGN_MESSAGES } from '#lambdas/console/campaigns/campaign-messages.ts';
import { createLocalCampaignQueue } from '#infra/local/queues-and-schedules/campaign-queue.ts';
import { startSesEventRelay } from '#infra/local/ses-and-events/ses-event-relay.ts';
import { handler as sesEventsHandler } from '#lambdas/handlers/ses-events.ts';
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { readCapturedEmails } from '#infra/local/services.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import { subscriberItem } from '../../support/campaign-subscribers';
import { readItem, sesEndpoint, writeItem } from '../support/local-aws';
import { startLocalSite } from '../support/local-site';
import { api, auditOf, enrol, sessionOf, type Call } from './console-client';
import { lambdaContext } from '#test/support/api-events.ts';
import { asFunction } from '#test/support/twin-iam.ts';

const sesEvents = asFunction('sesEvents', sesEventsHandler);

jest.setTimeout(60_000);
const OWNERS = process.env.CONSOLE_OWNERS!;
const SITE_URL = process.env.SITE_URL;
let owner = '';
let session = '';
/** A second owner, for two pressing send at once. */
let otherSession = '';
/** The site a send's checks fetch (its blog and unsubscribe pages answer, nothing else). */
let site: Awaited<ReturnType<typeof startLocalSite>>;
beforeAll(async () => {
  await createOwnCampaignTables();
  owner = `send.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  const other = `other.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${other}`;
  otherSession = sessionOf((await enrol(other)).answer)!;
  // After the passkey ceremonies, which expect the suite's own site origin.
  site = await startLocalSite(['/blog']);
  process.env.SITE_URL = site.url;
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.SITE_URL = SITE_URL;
  await site.close();
});

const call = (name: keyof typeof CAMPAIGN_ROUTES, slug: string, options: Call = {}) =>
  api(callOf(CAMPAIGN_ROUTES[name], { slug }), { session, json: {}, ...options });
const get = (name: keyof typeof CAMPAIGN_ROUTES, slug: string) =>
  api(callOf(CAMPAIGN_ROUTES[name], { slug }), { session });
const auditOfSlug = (slug: string) => auditOf(session, slug);
const auditActions = async (slug: string) => (await auditOfSlug(slug)).map((entry) => entry.action).sort();

let slugs = 0;
const newSlug = () => `s${process.pid}-${Date.now().toString(36)}-${(slugs += 1)}`;
/** Each campaign's own subject, so its emails are told apart from the other tests' campaigns. */
const subjectOf = (slug: string) => `Winter news ${slug}`;
const fields = (slug: string) => ({
  subject: subjectOf(slug),
  preheader: '',
  topic: 'newsletter',
  audience: 'candidate',
  markdown: 'Hello.',
});
const draft = async (slug: string) => call('create', '', { json: { slug, ...fields(slug) } });

/** How many emails of this campaign each address received (the local SES inbox). */
const receivedPerAddress = async (slug: string) => {
  const counts: Record<string, number> = {};
  for (const mail of await readCapturedEmails(sesEndpoint))
    if (mail.subject === subjectOf(slug)) for (const to of mail.destination.to) counts[to] = (counts[to] ?? 0) + 1;
  return counts;
};
const received = async (slug: string, email: string) => (await receivedPerAddress(slug))[email] ?? 0;
const totalReceived = async (slug: string) =>
  Object.values(await receivedPerAddress(slug)).reduce((sum, count) => sum + count, 0);

/** Subscribers of this test (the tables are this file's own: earlier tests' subscribers are recipients too). */
const seed = async (tag: string, eligible: number) => {
  const people = Array.from({ length: eligible }, (_, index) =>
    subscriberItem('eligible', `${tag}-${index}@example.ca`),
  );
  for (const person of people) await writeItem(ownTables.subscribers, person);
  const unsubscribed = `${tag}-gone@example.ca`;
  await writeItem(ownTables.subscribers, subscriberItem('unsubscribedAll', unsubscribed));
  return { people, emails: people.map((person) => person.email), unsubscribed };
};
/** The person, as they changed their mind: the same subscriber item, now of `kind`. */
const becomes = (person: SubscriberItem, kind: 'unsubscribedAll' | 'topicOff') =>
  writeItem(ownTables.subscribers, { ...subscriberItem(kind, person.email), id: person.id });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Ticks the local queue until nothing waits (messages handed back wait for a later tick). */
const drain = async (queue: ReturnType<typeof createLocalCampaignQueue>) => {
  await queue.tick();
  while (queue.waiting() > 0) {
    await sleep(100);
    await queue.tick();
  }
};

describe('console campaign send', () => {
  const HOUR = 3600;
  /** The twin's clock: tests move it to a scheduled send's time instead of waiting. */
  let clockOffset = 0;
  const clock = () => Math.floor(Date.now() / 1000) + clockOffset;
  const queue = createLocalCampaignQueue({ rate: 1000, pausedRecheckSeconds: 0.2, clock });
  const relay = (cursor: string) =>
    startSesEventRelay({
      sesEndpoint,
      ingestion: { invoke: (event) => sesEvents(event as never, lambdaContext) },
      cursorFile: `/tmp/console-campaign-send-${process.pid}-${cursor}.cursor`,
      intervalMs: 60_000,
    });
  let tag = '';
  beforeAll(() => {
    tag = `r${process.pid}${Date.now().toString(36)}`;
  });
  afterEach(() => {
    clockOffset = 0;
  });

  it('sends now: each recipient exactly once, progress counts match, SES results counted once though relayed twice', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);
    const { emails, unsubscribed } = await seed(`${tag}a`, 3);
    await writeItem(ownTables.subscribers, subscriberItem('eligible', 'bounce@simulator.amazonses.com'));

    // Act
    const sent = await call('send', slug, { json: { version: 0 } });
    const twice = await call('send', slug, { json: { version: 0 } });
    await drain(queue);
    for (const cursor of ['first', 'again']) {
      // The second relay reads the stream from its start: every event again, as SNS may deliver it.
      const relayed = relay(`${slug}-${cursor}`);
      await relayed.tick();
      await relayed.stop();
    }
    const progress = await get('progress', slug);

    // Assess
    expect(sent.statusCode).toBe(202);
    expect(sent.json).toMatchObject({ recipients: 4, message: CAMPAIGN_MESSAGES.sendingNow(slug, 4) });
    expect([twice.statusCode, twice.json.message]).toEqual([409, CAMPAIGN_MESSAGES.alreadySent(slug)]);
    for (const email of emails) expect(await received(slug, email)).toBe(1);
    expect(await received(slug, unsubscribed)).toBe(0);
    expect(await totalReceived(slug)).toBe(4);
    expect(progress.statusCode).toBe(200);
    expect(progress.json).toMatchObject({ state: 'sending', queued: 4, sent: 4, inDoubt: 0, failed: 0, left: 0 });
    expect(progress.json.results).toMatchObject({ delivered: 3, bounced: 1, complained: 0 });
    expect(progress.json.perDay).toHaveLength(1);
    expect(progress.json.perDay[0]).toMatchObject({ delivered: 3, bounced: 1 });
    const audit = await auditOfSlug(slug);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['campaign.create', 'campaign.send']);
    expect(audit.find((entry) => entry.action === 'campaign.send')).toMatchObject({
      actor: owner,
      summary: 'Sent the campaign to 4 people',
      at: expect.any(Number),
    });
  });

  it('schedules, then cancels: nothing sent, not when the time comes nor when the schedule fires anyway; the draft can change; audited', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);
    const { emails } = await seed(`${tag}c`, 2);
    const at = new Date(Date.now() + HOUR * 1000).toISOString();

    // Act
    const scheduled = await call('send', slug, { json: { version: 0, at } });
    const { launchId } = (await readItem(ownTables.campaigns, `campaign#${slug}`))!;
    await queue.tick();
    const progressScheduled = (await get('progress', slug)).json;
    const cancelled = await call('cancel', slug);
    const again = await call('cancel', slug);
    clockOffset = 2 * HOUR;
    // The schedule's time passes, and its launch arrives anyway (a delete that came too late).
    queue.send({ campaign: slug, launch: true, launchId });
    await drain(queue);
    const saved = await call('update', slug, { method: 'PUT', json: { ...fields(slug), markdown: 'Hi.', version: 0 } });

    // Assess
    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json.launchAt).toBe(Math.floor(Date.parse(at) / 1000));
    expect(scheduled.json.message).toMatch(new RegExp(`^Campaign "${slug}" will be sent on .*\\(Alberta time\\)`));
    expect(progressScheduled).toMatchObject({ state: 'scheduled', queued: 0, sent: 0 });
    expect([cancelled.statusCode, cancelled.json.message]).toEqual([200, CAMPAIGN_MESSAGES.cancelled(slug)]);
    expect([again.statusCode, again.json.message]).toEqual([404, CAMPAIGN_MESSAGES.notSent]);
    expect(await totalReceived(slug)).toBe(0);
    for (const email of emails) expect(await received(slug, email)).toBe(0);
    expect(saved.statusCode).toBe(200);
    expect(await readItem(ownTables.campaigns, `campaign#${slug}`)).toBeUndefined();
    expect(await auditActions(slug)).toEqual([
      'campaign.cancel',
      'campaign.create',
      'campaign.schedule',
      'campaign.update',
    ]);
    expect((await auditOfSlug(slug)).find((entry) => entry.action === 'campaign.schedule')).toMatchObject({
      actor: owner,
      summary: `Scheduled the campaign to go on ${new Date(Math.floor(Date.parse(at) / 1000) * 1000).toLocaleString('en-CA', { timeZone: 'America/Edmonton', dateStyle: 'long', timeStyle: 'short' })} (Alberta time), to the ${scheduled.json.recipients} ${scheduled.json.recipients === 1 ? 'person' : 'people'} who can receive it then`,
    });
  });

  it('schedules: nothing before its time, then on the clock each person once, none who unsubscribed or turned the topic off meanwhile; a second firing sends nothing', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);
    const { people, emails } = await seed(`${tag}s`, 4);
    const [leaver, topicOff] = people;
    const at = new Date(Date.now() + 2 * HOUR * 1000).toISOString();
    const scheduled = await call('send', slug, { json: { version: 0, at } });
    const { launchId } = (await readItem(ownTables.campaigns, `campaign#${slug}`))!;

    // Act
    await drain(queue);
    const beforeItsTime = await totalReceived(slug);
    await becomes(leaver!, 'unsubscribedAll');
    await becomes(topicOff!, 'topicOff');
    clockOffset = 2 * HOUR + 1;
    await drain(queue);
    const progress = (await get('progress', slug)).json;
    // EventBridge Scheduler may deliver the launch again.
    queue.send({ campaign: slug, launch: true, launchId });
    await drain(queue);

    // Assess
    expect(scheduled.statusCode).toBe(202);
    expect(beforeItsTime).toBe(0);
    expect(await received(slug, leaver!.email)).toBe(0);
    expect(await received(slug, topicOff!.email)).toBe(0);
    for (const email of emails.slice(2)) expect(await received(slug, email)).toBe(1);
    // Gathered at its time: the two who left are not among the recipients at all.
    const recipients = scheduled.json.recipients - 2;
    expect(progress).toMatchObject({
      state: 'sending',
      confirmed: scheduled.json.recipients,
      queued: recipients,
      sent: recipients,
      left: 0,
      ineligible: 0,
    });
    expect(await totalReceived(slug)).toBe(recipients);
    expect(Object.values(await receivedPerAddress(slug)).every((count) => count === 1)).toBe(true);
    expect((await get('progress', slug)).json).toMatchObject({ queued: recipients, sent: recipients });
  });

  it('pauses mid-send: no email while paused, one who unsubscribes meanwhile gets nothing (ineligible); resumed, the rest once each', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);
    const { people } = await seed(`${tag}p`, 6);
    const slow = createLocalCampaignQueue({ rate: 4, concurrency: 1, pausedRecheckSeconds: 0.2 });
    const sent = await call('send', slug, { json: { version: 0 } });
    const recipients: number = sent.json.recipients;

    // Act
    const running = slow.tick();
    while ((await totalReceived(slug)) === 0) await sleep(50);
    const paused = await call('pause', slug);
    await running;
    const whilePaused = await totalReceived(slug);
    const waiting = Object.keys(await receivedPerAddress(slug));
    const leaver = people.find((person) => !waiting.includes(person.email))!;
    await becomes(leaver, 'unsubscribedAll');
    await sleep(500);
    await slow.tick();
    const stillPaused = await totalReceived(slug);
    const progressPaused = (await get('progress', slug)).json;
    const resumed = await call('resume', slug);
    const resumeAgain = await call('resume', slug);
    await drain(slow);
    const progressDone = (await get('progress', slug)).json;

    // Assess
    expect([paused.statusCode, paused.json.state]).toEqual([200, 'paused']);
    expect(whilePaused).toBeLessThan(recipients);
    expect(stillPaused).toBe(whilePaused);
    expect(progressPaused).toMatchObject({
      state: 'paused',
      queued: recipients,
      sent: whilePaused,
      left: recipients - whilePaused,
    });
    expect([resumed.statusCode, resumed.json.state]).toEqual([200, 'sending']);
    expect([resumeAgain.statusCode, resumeAgain.json.message]).toEqual([409, CAMPAIGN_MESSAGES.notPaused]);
    expect(await received(slug, leaver.email)).toBe(0);
    for (const person of people.filter((p) => p !== leaver)) expect(await received(slug, person.email)).toBe(1);
    expect(await totalReceived(slug)).toBe(recipients - 1);
    expect(progressDone).toMatchObject({ sent: recipients - 1, ineligible: 1, left: 0 });
    const audit = await auditOfSlug(slug);
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'campaign.create',
      'campaign.pause',
      'campaign.resume',
      'campaign.send',
    ]);
    expect(audit.filter((entry) => entry.actor === owner)).toHaveLength(4);
  });

  it('two owners pressing send at once: one send, the other told in plain words; each person once', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);

    // Act
    const answers = await Promise.all([
      call('send', slug, { json: { version: 0 } }),
      call('send', slug, { json: { version: 0 }, session: otherSession }),
    ]);
    await drain(queue);

    // Assess
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json.message).toBe(CAMPAIGN_MESSAGES.alreadySent(slug));
    const recipients = answers.find((answer) => answer.statusCode === 202)!.json.recipients;
    expect(await totalReceived(slug)).toBe(recipients);
    expect(Object.values(await receivedPerAddress(slug)).every((count) => count === 1)).toBe(true);
    expect(await auditActions(slug)).toEqual(['campaign.create', 'campaign.send']);
  });

  it('refuses a stored draft whose subject carries CR/LF (400), and a draft changed meanwhile (409): nothing stored or sent', async () => {
    // Prepare: a draft stored with a line break in its subject (written before the rules, say), and one saved again since.
    const injected = newSlug();
    await draft(injected);
    const stored = (await readItem(ownTables.campaigns, `draft#${injected}`))!;
    await writeItem(ownTables.campaigns, { ...stored, subject: 'Winter news\r\nBcc: everyone@example.ca' });
    const stale = newSlug();
    await draft(stale);
    await call('update', stale, { method: 'PUT', json: { ...fields(stale), markdown: 'Changed.', version: 0 } });

    // Act
    const refused = await call('send', injected, { json: { version: 0 } });
    const changed = await call('send', stale, { json: { version: 0 } });
    await drain(queue);

    // Assess
    expect(refused.statusCode).toBe(400);
    expect(refused.json.message).toBe('The subject must be one line.');
    expect([changed.statusCode, changed.json.message]).toEqual([409, CAMPAIGN_MESSAGES.changedMeanwhile]);
    for (const slug of [injected, stale]) {
      expect(await readItem(ownTables.campaigns, `campaign#${slug}`)).toBeUndefined();
      expect(await totalReceived(slug)).toBe(0);
      expect(await auditActions(slug)).not.toContain('campaign.send');
    }
  });

  it('refuses a send with a broken link, and a schedule nobody would receive (409, the failing check in words): nothing stored, sent or audited', async () => {
    // Prepare: one body links to a page the site does not have; the other campaign is for employers, and this file has none.
    await seed(`${tag}b`, 1);
    const broken = newSlug();
    await call('create', '', {
      json: { slug: broken, ...fields(broken), markdown: 'Read [our blog](/blog) and [the old page](/gone).' },
    });
    const nobody = newSlug();
    await call('create', '', { json: { slug: nobody, ...fields(nobody), audience: 'employer' } });
    const inAnHour = new Date((clock() + HOUR) * 1000).toISOString();

    // Act
    const refusedNow = await call('send', broken, { json: { version: 0 } });
    const refusedLater = await call('send', nobody, { json: { version: 0, at: inAnHour } });
    clockOffset = 2 * HOUR;
    await drain(queue);

    // Assess
    expect([refusedNow.statusCode, refusedNow.json.message]).toEqual([
      409,
      'Nothing was sent or scheduled: a check that stops a send found a problem. 1 link of the site opens; 1 link does not: /gone. Fix it, then send again.',
    ]);
    expect([refusedLater.statusCode, refusedLater.json.message]).toEqual([
      409,
      'Nothing was sent or scheduled: a check that stops a send found a problem. 0 people will get it; 0 people of its audience will not (reasons below). Fix it, then send again.',
    ]);
    for (const slug of [broken, nobody]) {
      expect(await readItem(ownTables.campaigns, `campaign#${slug}`)).toBeUndefined();
      expect((await get('get', slug)).json).toMatchObject({ state: 'draft', version: 0 });
      expect(await totalReceived(slug)).toBe(0);
      expect(await auditActions(slug)).toEqual(['campaign.create']);
    }
  });

  it('answers 401 without a session and 403 from another origin, changing nothing', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);

    // Act
    const anonymous = await api(callOf(CAMPAIGN_ROUTES.send, { slug }), { json: { version: 0 } });
    const foreign = await call('send', slug, { origin: 'https://evil.example', json: { version: 0 } });

    // Assess
    expect(anonymous.statusCode).toBe(401);
    expect([foreign.statusCode, foreign.json.message]).toEqual([403, OTHER_ORIGIN]);
    expect(await readItem(ownTables.campaigns, `campaign#${slug}`)).toBeUndefined();
  });
});
