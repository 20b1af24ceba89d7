/**
 * The campaigns slice's draft routes (lambdas/console/campaigns/campaign-routes.ts) through the
 * console's router and signed-in kit, in process, against the file's own dynalite: a draft made,
 * saved on the version the owner saw, deleted, and what the campaigns table holds after each.
 */
import '#test/unit/support/env.ts';
import { CAMPAIGN_CONSOLE_ROUTES } from '#lambdas/console/campaigns/campaign-routes.ts';
import { CAMPAIGN_MESSAGES } from '#lambdas/console/campaigns/campaign-messages.ts';
import { draftId } from '#lambdas/data/campaign-drafts.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { OWNER, signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { send, signIn, auditOf } = signedInConsole(tables, CAMPAIGN_CONSOLE_ROUTES);
const SLUG = 'spring-news';
const FIELDS = {
  subject: 'Spring news',
  preheader: 'What changed this spring',
  topic: 'newsletter',
  audience: 'candidate',
  markdown: 'Hello.\n\nThree things changed this spring.',
};
const stored = () => tables.get(tables.names.campaigns, draftId(SLUG));

beforeEach(async () => {
  await signIn();
});

describe("the campaigns screen's draft routes", () => {
  it('saves a new campaign as a draft at version 0, and a second one of the same short name is refused', async () => {
    const created = await send('POST', '/api/admin/campaigns/drafts', { slug: SLUG, ...FIELDS });
    const twice = await send('POST', '/api/admin/campaigns/drafts', { slug: SLUG, ...FIELDS, subject: 'Other' });

    expect(created).toMatchObject({ statusCode: 201, json: { message: CAMPAIGN_MESSAGES.created(SLUG) } });
    expect(twice).toMatchObject({ statusCode: 409, json: { message: CAMPAIGN_MESSAGES.slugTaken(SLUG) } });
    expect(await stored()).toMatchObject({ kind: 'campaign-draft', slug: SLUG, subject: 'Spring news', version: 0 });
    expect(await auditOf('campaign.create')).toEqual([expect.objectContaining({ actor: OWNER, target: SLUG })]);
  });

  it('saves a change made on the version the owner saw, once: a change on the old version is refused (409)', async () => {
    await send('POST', '/api/admin/campaigns/drafts', { slug: SLUG, ...FIELDS });

    const saved = await send('PUT', `/api/admin/campaigns/drafts/${SLUG}`, {
      ...FIELDS,
      subject: 'Spring',
      version: 0,
    });
    const stale = await send('PUT', `/api/admin/campaigns/drafts/${SLUG}`, { ...FIELDS, subject: 'Lost', version: 0 });

    expect(saved).toMatchObject({ statusCode: 200, json: { message: CAMPAIGN_MESSAGES.saved(SLUG) } });
    expect(stale).toMatchObject({ statusCode: 409, json: { message: CAMPAIGN_MESSAGES.changedMeanwhile } });
    expect(await stored()).toMatchObject({ subject: 'Spring', version: 1 });
  });

  it('deletes a draft on its version and answers 404 for it afterwards', async () => {
    await send('POST', '/api/admin/campaigns/drafts', { slug: SLUG, ...FIELDS });

    const deleted = await send('DELETE', `/api/admin/campaigns/drafts/${SLUG}`, { version: 0 });
    const gone = await send('GET', `/api/admin/campaigns/drafts/${SLUG}`);

    expect(deleted).toMatchObject({ statusCode: 200, json: { message: CAMPAIGN_MESSAGES.deleted(SLUG) } });
    expect(gone).toMatchObject({ statusCode: 404, json: { message: CAMPAIGN_MESSAGES.noSuchCampaign } });
    expect(await stored()).toBeUndefined();
  });

  it('refuses a draft whose link leads nowhere a reader can go, storing nothing', async () => {
    const answer = await send('POST', '/api/admin/campaigns/drafts', {
      slug: SLUG,
      ...FIELDS,
      markdown: '[Open](javascript:void)',
    });

    expect(answer).toMatchObject({
      statusCode: 400,
      json: {
        message:
          'Links must lead to a web page, an email address or a page of the site; this one cannot: javascript:void',
      },
    });
    expect(await stored()).toBeUndefined();
  });
});
