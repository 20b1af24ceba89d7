/**
 * The owner's switch on a sent campaign (CAMPAIGN_ROUTES.publish, docs/decisions/0052) against
 * dynalite with a signed-in owner, the twin's Lambda endpoint and its CloudFront serving a copy
 * of a web build, as `npm start` has them: the stored field, the audit entry, the invocation that
 * reached the endpoint, the page at /newsletter/<slug> appearing and going; refusals; a failed
 * invocation that keeps the choice and says so.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { createOwnPostsTable, ownPostsTable } from './own-posts-table';
import { renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';
import { CAMPAIGN_MESSAGES } from '#lambdas/console/campaigns/campaign-messages.ts';
import { OTHER_ORIGIN } from '#lambdas/console/kit/guards.ts';
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { startSiteTwin } from '../support/site-twin';
import { readItem, siteUrl, writeItem } from '../support/local-aws';
import { api, auditOf, enrol, sessionOf, type Call } from './console-client';

jest.setTimeout(30_000);
const OWNERS = process.env.CONSOLE_OWNERS!;
const LAMBDA_ENDPOINT = process.env.AWS_ENDPOINT_URL_LAMBDA;
let owner = '';
let session = '';
let twin: Awaited<ReturnType<typeof startSiteTwin>>;

beforeAll(async () => {
  await Promise.all([createOwnCampaignTables(), createOwnPostsTable()]);
  owner = `publish.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  twin = await startSiteTwin({
    campaignsTable: ownTables.campaigns!,
    postsTable: ownPostsTable!,
    siteUrl,
    now: () => Math.floor(Date.now() / 1000),
  });
  // Read when the route first asks for a run (its client is made then).
  process.env.AWS_ENDPOINT_URL_LAMBDA = twin.lambdaEndpoint;
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.AWS_ENDPOINT_URL_LAMBDA = LAMBDA_ENDPOINT;
  await twin.close();
});

let slugs = 0;
const newSlug = () => `p${process.pid}-${Date.now().toString(36)}-${(slugs += 1)}`;
const FIELDS = { preheader: '', topic: 'newsletter', audience: 'candidate', markdown: 'Hello from the firm.' } as const;

/** A draft stored through the console, and (unless `sent` is false) the campaign item its send wrote. */
const campaign = async (slug: string, { sent = true, started = true } = {}) => {
  const subject = `Winter news ${slug}`;
  await api(CAMPAIGN_ROUTES.create, { session, json: { slug, subject, ...FIELDS } });
  if (!sent) return;
  const now = Math.floor(Date.now() / 1000);
  await writeItem(ownTables.campaigns, {
    id: `campaign#${slug}`,
    kind: 'campaign',
    ...(await renderCampaign({ slug, subject, ...FIELDS }, siteUrl)),
    ...(started ? { sendState: 'sending', startedAt: now } : { sendState: 'scheduled', launchAt: now + 3600 }),
    queued: started ? 1 : 0,
    lastQueuedAt: now,
    runs: started ? 1 : 0,
    expiresAt: now + 86_400 * 730,
  });
};
const switchTo = (slug: string, json: unknown, options: Call = {}) =>
  api(callOf(CAMPAIGN_ROUTES.publish, { slug }), { session, method: 'PUT', json, ...options });
/** The switch, then the publisher's run it asked for, to its end. */
const switchAndPublish = async (slug: string, publish: boolean) => {
  const answer = await switchTo(slug, { publish });
  await twin.idle();
  return answer;
};
const page = (slug: string) => twin.get(`/newsletter/${slug}`);
/** The switch's audit entries of a campaign (its creation's left out). */
const switchAuditOf = async (slug: string) =>
  (await auditOf(session, slug))
    .filter((entry) => entry.action !== 'campaign.create')
    .map(({ action, summary, actor }) => ({ action, summary, actor }));

describe("the owner's switch on a sent campaign", () => {
  it('publishes it: stored, audited, the publisher invoked once, its page served; unpublishing takes the page down', async () => {
    // Prepare
    const slug = newSlug();
    await campaign(slug);
    const before = twin.invocations();
    const draftBefore = await readItem(ownTables.campaigns, `draft#${slug}`);

    // Act
    const on = await switchAndPublish(slug, true);
    const shown = await page(slug);
    const off = await switchAndPublish(slug, false);
    const gone = await page(slug);

    // Assess
    expect(on.statusCode).toBe(200);
    expect(on.json).toMatchObject({
      message: CAMPAIGN_MESSAGES.published(slug, `/newsletter/${slug}`, true),
      pageUpdateRequested: true,
      campaign: { slug, publish: true, state: 'sent', version: 0 },
    });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`<h1>Winter news ${slug}</h1>`);
    expect(off.json).toMatchObject({
      message: CAMPAIGN_MESSAGES.unpublished(slug),
      pageUpdateRequested: true,
      campaign: { publish: false },
    });
    expect(gone.status).toBe(404);
    expect(twin.invocations() - before).toBe(2);
    // Only `publish` changed: the frozen draft's version, text and who saved it stay.
    expect(await readItem(ownTables.campaigns, `draft#${slug}`)).toEqual({ ...draftBefore, publish: false });
    expect(await switchAuditOf(slug)).toEqual(
      expect.arrayContaining([
        { action: 'campaign.publish', summary: 'Published on the newsletter page', actor: owner },
        { action: 'campaign.unpublish', summary: 'Taken off the newsletter page', actor: owner },
      ]),
    );
  });

  it('says a scheduled campaign shows once its send starts, and does not serve it before', async () => {
    // Prepare
    const slug = newSlug();
    await campaign(slug, { started: false });

    // Act
    const on = await switchAndPublish(slug, true);
    const notYet = await page(slug);

    // Assess
    expect([on.statusCode, on.json.message]).toEqual([
      200,
      CAMPAIGN_MESSAGES.published(slug, `/newsletter/${slug}`, false),
    ]);
    expect((await readItem(ownTables.campaigns, `draft#${slug}`))!.publish).toBe(true);
    expect(notYet.status).toBe(404);
  });

  it('refuses a draft never sent (409), a bad body (400), no session or a forged one (401) and another origin (403), changing nothing and invoking nothing', async () => {
    // Prepare
    const [draftOnly, sent] = [newSlug(), newSlug()];
    await campaign(draftOnly, { sent: false });
    await campaign(sent);
    const before = twin.invocations();

    // Act
    const neverSent = await switchTo(draftOnly, { publish: true });
    const extra = await switchTo(sent, { publish: true, subject: 'Changed after sending' });
    const notBoolean = await switchTo(sent, { publish: 'yes' });
    const missing = await switchTo(sent, {});
    const foreign = await switchTo(sent, { publish: true }, { origin: 'https://evil.example' });
    const unknown = await switchTo('no-such-campaign', { publish: true });
    const anonymous = await api(callOf(CAMPAIGN_ROUTES.publish, { slug: sent }), {
      method: 'PUT',
      json: { publish: true },
    });
    const forged = await switchTo(sent, { publish: true }, { session: 'forged-session-token' });

    // Assess
    expect([neverSent.statusCode, neverSent.json.message]).toEqual([409, CAMPAIGN_MESSAGES.neverSent(draftOnly)]);
    expect([extra.statusCode, extra.json.message]).toEqual([400, API_ERRORS.unknownFields(['subject'])]);
    expect([notBoolean.statusCode, notBoolean.json.message]).toEqual([400, 'publish must be true or false.']);
    expect([missing.statusCode, missing.json.message]).toEqual([
      400,
      "Say whether it goes on the site's newsletter page: true or false.",
    ]);
    expect([foreign.statusCode, foreign.json.message]).toEqual([403, OTHER_ORIGIN]);
    expect([unknown.statusCode, unknown.json.message]).toEqual([404, CAMPAIGN_MESSAGES.noSuchCampaign]);
    expect([anonymous.statusCode, forged.statusCode]).toEqual([401, 401]);
    expect((await readItem(ownTables.campaigns, `draft#${draftOnly}`))!.publish).toBe(false);
    expect(await readItem(ownTables.campaigns, `draft#${sent}`)).toMatchObject({
      publish: false,
      subject: `Winter news ${sent}`,
    });
    expect(twin.invocations()).toBe(before);
    expect(await switchAuditOf(sent)).toEqual([]);
  });

  it('keeps the choice when the publisher cannot be invoked, says so, and the next run publishes it', async () => {
    // Prepare
    const [failed, later] = [newSlug(), newSlug()];
    await campaign(failed);
    await campaign(later);
    twin.setLambdaDown(true);

    // Act
    const answer = await switchAndPublish(failed, true);
    const meanwhile = await page(failed);
    twin.setLambdaDown(false);
    await switchAndPublish(later, true);
    const afterNextRun = await page(failed);

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(answer.json).toMatchObject({
      message: CAMPAIGN_MESSAGES.pageNotUpdated,
      pageUpdateRequested: false,
      campaign: { publish: true },
    });
    expect((await readItem(ownTables.campaigns, `draft#${failed}`))!.publish).toBe(true);
    expect(await switchAuditOf(failed)).toEqual([
      { action: 'campaign.publish', summary: 'Published on the newsletter page', actor: owner },
    ]);
    expect(meanwhile.status).toBe(404);
    expect(afterNextRun.status).toBe(200);
  });
});
