/**
 * A console send whose start fails in AWS (the campaign queue or EventBridge Scheduler refuses the
 * call: here both endpoints are a port nobody listens on): the route takes back what it stored, so
 * the owner is told in plain words that nothing was sent or scheduled, the campaign is a draft
 * they can change and send again, nothing reached an inbox and nothing was audited as sent.
 */
import { callOf } from '#shared/route-key.ts';
import { createServer } from 'node:net';
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { CAMPAIGN_MESSAGES } from '#lambdas/console/campaigns/campaign-messages.ts';
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { subscriberItem } from '../../support/campaign-subscribers';
import { capturedEmailsTo, readItem, writeItem } from '../support/local-aws';
import { startLocalSite } from '../support/local-site';
import { api, auditOf, enrol, sessionOf } from './console-client';

jest.setTimeout(60_000);
const SAVED_ENV = { ...process.env };
/** A port that was free a moment ago: a connection to it is refused. */
const refusedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let session = '';
let site: Awaited<ReturnType<typeof startLocalSite>>;
beforeAll(async () => {
  await createOwnCampaignTables();
  const owner = `unstarted.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  site = await startLocalSite(['/blog']);
  process.env.SITE_URL = site.url;
  // The function as deployed (launch-starter.ts, awsLaunchStarter), with AWS out of reach.
  const dead = `http://127.0.0.1:${await refusedPort()}`;
  Object.assign(process.env, {
    CAMPAIGN_SCHEDULE_GROUP: 'chinook-campaign-launches',
    CAMPAIGN_SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/launcher',
    CAMPAIGN_QUEUE_ARN: 'arn:aws:sqs:ca-central-1:000000000000:campaigns',
    CAMPAIGN_QUEUE_URL: `${dead}/000000000000/campaigns`,
    AWS_ENDPOINT_URL_SQS: dead,
    AWS_ENDPOINT_URL_SCHEDULER: dead,
  });
});
afterAll(async () => {
  process.env = SAVED_ENV;
  await site.close();
});

const route = (name: keyof typeof CAMPAIGN_ROUTES, slug: string) => callOf(CAMPAIGN_ROUTES[name], { slug });

it('a send now or later that cannot be started says nothing was sent or scheduled; the draft stays changeable, no email, no send audited', async () => {
  // Prepare
  const person = subscriberItem('eligible', `unstarted-${process.pid}@example.ca`);
  await writeItem(ownTables.subscribers, person);
  const slugs = [`u${process.pid}-now`, `u${process.pid}-later`];
  for (const slug of slugs)
    await api(route('create', ''), {
      session,
      json: {
        slug,
        subject: `Unstarted ${slug}`,
        preheader: '',
        topic: 'newsletter',
        audience: 'candidate',
        markdown: 'Hello.',
      },
    });
  const inADay = new Date(Date.now() + 24 * 3600 * 1000).toISOString();

  // Act
  const now = await api(route('send', slugs[0]!), { session, json: { version: 0 } });
  const later = await api(route('send', slugs[1]!), { session, json: { version: 0, at: inADay } });
  const edited = await api(route('update', slugs[0]!), {
    session,
    method: 'PUT',
    json: {
      version: 0,
      subject: 'Edited after the failed send',
      preheader: '',
      topic: 'newsletter',
      audience: 'candidate',
      markdown: 'Hello again.',
    },
  });

  // Assess
  for (const answer of [now, later])
    expect([answer.statusCode, answer.json.message]).toEqual([503, CAMPAIGN_MESSAGES.couldNotStart]);
  const auditActions = async (slug: string) => (await auditOf(session, slug)).map((entry) => entry.action);
  for (const slug of slugs) expect(await readItem(ownTables.campaigns, `campaign#${slug}`)).toBeUndefined();
  expect(await auditActions(slugs[0]!)).toEqual(['campaign.update', 'campaign.create']);
  expect(await auditActions(slugs[1]!)).toEqual(['campaign.create']);
  expect(edited.statusCode).toBe(200);
  expect(await capturedEmailsTo(person.email)).toEqual([]);
});
