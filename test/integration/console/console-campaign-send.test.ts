/**
 * Sending from the console (shared/console-campaigns.ts, issue 20 items 4–6) against dynalite and
 * the local SES: schedule then cancel, send now through the local campaign queue (the worker's
 * code), pause and resume, progress and SES's results counted once, the audit entries.
 */
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { OTHER_ORIGIN } from '#lambdas/console/console-guards.ts';
import { CAMPAIGN_MESSAGES } from '#lambdas/console/campaign-messages.ts';
import { createLocalCampaignQueue } from '#infra/local/campaign-queue.ts';
import { startSesEventRelay } from '#infra/local/ses-event-relay.ts';
import { handler as sesEvents } from '#lambdas/handlers/ses-events.ts';
import { CAMPAIGN_ROUTES } from '#shared/console-campaigns.ts';
import { subscriberItem } from '../../support/campaign-subscribers';
import { capturedEmailsTo, readItem, sesEndpoint, writeItem } from '../support/local-aws';
import { api, enrol, sessionOf, type Call } from './console-client';
import { lambdaContext } from '../../unit/lambdas/support/api-events';

jest.setTimeout(60_000);
const OWNERS = process.env.CONSOLE_OWNERS!;
let owner = '';
let session = '';
beforeAll(async () => {
  await createOwnCampaignTables();
  owner = `send.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
});
afterAll(() => {
  process.env.CONSOLE_OWNERS = OWNERS;
});

const call = (name: keyof typeof CAMPAIGN_ROUTES, slug: string, options: Call = {}) =>
  api(CAMPAIGN_ROUTES[name].replace('{slug}', slug), { session, json: {}, ...options });
const get = (name: keyof typeof CAMPAIGN_ROUTES, slug: string) =>
  api(CAMPAIGN_ROUTES[name].replace('{slug}', slug), { session });
const auditActions = async (slug: string) =>
  ((await api('GET /api/admin/audit', { session })).json.items as { action: string; target: string }[])
    .filter((entry) => entry.target === slug)
    .map((entry) => entry.action)
    .sort();

let slugs = 0;
const newSlug = () => `s${process.pid}-${Date.now().toString(36)}-${(slugs += 1)}`;
const draft = async (slug: string) =>
  call('create', '', {
    json: {
      slug,
      subject: 'Winter news',
      preheader: '',
      topic: 'newsletter',
      audience: 'candidate',
      markdown: 'Hello.',
    },
  });
const sendTo = (_slug: string) => (email: string) =>
  capturedEmailsTo(email).then((mails) => mails.filter((m) => m.subject === 'Winter news'));

/** Subscribers of this test only: the tables are its own, so every eligible one is a recipient. */
const seed = async (tag: string, eligible: number, extra: string[] = []) => {
  const emails = [...Array.from({ length: eligible }, (_, index) => `${tag}-${index}@example.ca`), ...extra];
  for (const email of emails) await writeItem(ownTables.subscribers, subscriberItem('eligible', email));
  const unsubscribed = `${tag}-gone@example.ca`;
  await writeItem(ownTables.subscribers, subscriberItem('unsubscribedAll', unsubscribed));
  return { emails, unsubscribed };
};

describe('console campaign send', () => {
  let tag = '';
  const queue = createLocalCampaignQueue({ rate: 1000, pausedRecheckSeconds: 0.2 });
  const relay = () =>
    startSesEventRelay({
      sesEndpoint,
      ingestion: { invoke: (event) => sesEvents(event as never, lambdaContext) },
      cursorFile: `/tmp/console-campaign-send-${process.pid}.cursor`,
      intervalMs: 60_000,
    });

  beforeAll(async () => {
    tag = `r${process.pid}${Date.now().toString(36)}`;
  });

  it('schedules a send, cancels it before it starts: nothing sent, the draft can change again, both audited', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);
    const at = new Date(Date.now() + 3600_000).toISOString();

    // Act
    const scheduled = await call('send', slug, { json: { version: 0, at } });
    await queue.tick();
    const cancelled = await call('cancel', slug);
    const again = await call('cancel', slug);
    const saved = await call('update', slug, {
      method: 'PUT',
      json: {
        subject: 'Changed',
        preheader: '',
        topic: 'newsletter',
        audience: 'candidate',
        markdown: 'Hi.',
        version: 0,
      },
    });

    // Assess
    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json.launchAt).toBe(Math.floor(Date.parse(at) / 1000));
    expect(scheduled.json.message).toMatch(new RegExp(`^Campaign "${slug}" will be sent on .*\\(Alberta time\\)`));
    expect([cancelled.statusCode, cancelled.json.message]).toEqual([200, CAMPAIGN_MESSAGES.cancelled(slug)]);
    expect([again.statusCode, again.json.message]).toEqual([404, CAMPAIGN_MESSAGES.notSent]);
    expect(saved.statusCode).toBe(200);
    expect(await readItem(ownTables.campaigns, `campaign#${slug}`)).toBeUndefined();
    expect(await auditActions(slug)).toEqual([
      'campaign.cancel',
      'campaign.create',
      'campaign.schedule',
      'campaign.update',
    ]);
  });

  it('sends now: each eligible person once, progress counts match, SES results counted once though relayed twice', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);
    const { emails, unsubscribed } = await seed(`${tag}a`, 3, ['bounce@simulator.amazonses.com']);

    // Act
    const sent = await call('send', slug, { json: { version: 0 } });
    const twice = await call('send', slug, { json: { version: 0 } });
    await queue.tick();
    const relayed = relay();
    await relayed.tick();
    await relayed.stop();
    // The same events again, as SNS may deliver them: from the start of the stream.
    const again = startSesEventRelay({
      sesEndpoint,
      ingestion: { invoke: (event) => sesEvents(event as never, lambdaContext) },
      cursorFile: `/tmp/console-campaign-send-${process.pid}-again.cursor`,
      intervalMs: 60_000,
    });
    await again.tick();
    await again.stop();
    const progress = await get('progress', slug);

    // Assess
    expect(sent.statusCode).toBe(202);
    expect(sent.json).toMatchObject({ recipients: 4, message: CAMPAIGN_MESSAGES.sendingNow(slug, 4) });
    expect([twice.statusCode, twice.json.message]).toEqual([409, CAMPAIGN_MESSAGES.alreadySent(slug)]);
    for (const email of emails.filter((e) => !e.startsWith('bounce@')))
      expect(await sendTo(slug)(email)).toHaveLength(1);
    expect(await sendTo(slug)(unsubscribed)).toHaveLength(0);
    expect(progress.statusCode).toBe(200);
    expect(progress.json).toMatchObject({ state: 'sending', queued: 4, sent: 4, inDoubt: 0, failed: 0, left: 0 });
    expect(progress.json.results).toMatchObject({ delivered: 3, bounced: 1, complained: 0 });
    expect(progress.json.perDay).toHaveLength(1);
    expect(progress.json.perDay[0]).toMatchObject({ delivered: 3, bounced: 1 });
    expect(await auditActions(slug)).toEqual(['campaign.create', 'campaign.send']);
  });

  it('pauses mid-send and resumes: nothing goes out while paused, then each person exactly once', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);
    const { emails } = await seed(`${tag}p`, 6);
    const slow = createLocalCampaignQueue({ rate: 4, concurrency: 1, pausedRecheckSeconds: 0.2 });
    await call('send', slug, { json: { version: 0 } });
    const count = async () => (await Promise.all(emails.map(sendTo(slug)))).flat().length;

    // Act
    const running = slow.tick();
    while ((await count()) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const paused = await call('pause', slug);
    await running;
    const whilePaused = await count();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await slow.tick();
    const stillPaused = await count();
    const progressPaused = (await get('progress', slug)).json;
    const resumed = await call('resume', slug);
    const resumeAgain = await call('resume', slug);
    while (slow.waiting() > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await slow.tick();
    }

    // Assess
    expect(paused.statusCode).toBe(200);
    expect(paused.json.state).toBe('paused');
    expect(whilePaused).toBeLessThan(6);
    expect(stillPaused).toBe(whilePaused);
    expect(progressPaused).toMatchObject({ state: 'paused', queued: 6, sent: whilePaused, left: 6 - whilePaused });
    expect([resumed.statusCode, resumed.json.state]).toEqual([200, 'sending']);
    expect([resumeAgain.statusCode, resumeAgain.json.message]).toEqual([409, CAMPAIGN_MESSAGES.notPaused]);
    for (const email of emails) expect(await sendTo(slug)(email)).toHaveLength(1);
    expect((await get('progress', slug)).json).toMatchObject({ sent: 6, left: 0 });
    expect(await auditActions(slug)).toEqual(['campaign.create', 'campaign.pause', 'campaign.resume', 'campaign.send']);
  });

  it('answers 401 without a session and 403 from another origin, changing nothing', async () => {
    // Prepare
    const slug = newSlug();
    await draft(slug);

    // Act
    const anonymous = await api(CAMPAIGN_ROUTES.send.replace('{slug}', slug), { json: { version: 0 } });
    const foreign = await call('send', slug, { origin: 'https://evil.example', json: { version: 0 } });

    // Assess
    expect(anonymous.statusCode).toBe(401);
    expect([foreign.statusCode, foreign.json.message]).toEqual([403, OTHER_ORIGIN]);
    expect(await readItem(ownTables.campaigns, `campaign#${slug}`)).toBeUndefined();
  });
});
