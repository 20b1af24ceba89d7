/**
 * No subscriber's token in a campaign (docs/decisions/0052-newsletter-archive.md, amended
 * 2026-11-28), against dynalite with a signed-in owner and the archive twin: a real subscriber's
 * link pasted in each form (Safe Links, Proofpoint v2 and v3, percent-encoded, the API's address,
 * a code span, bare) is refused by the preflight with its line, and the send is refused in the same
 * words; ordinary long words and slugs pass; and should such a campaign be published all the same,
 * its public page carries none of the token.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { createOwnPostsTable, ownPostsTable } from './own-posts-table';
import { decodings } from '#lambdas/campaigns/personal-links.ts';
import { renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';
import { subscriberLinkToken } from '#lambdas/domain/subscriber-link-token.ts';
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { subscriberItem } from '../../support/campaign-subscribers';
import { NOT_TOKENS, pastedForms, tokenSubscriber } from '../../support/pasted-tokens';
import { startSiteTwin } from '../support/site-twin';
import { writeItem } from '../support/local-aws';
import { startLocalSite } from '../support/local-site';
import { api, enrol, sessionOf, type Call } from './console-client';

jest.setTimeout(60_000);
const OWNERS = process.env.CONSOLE_OWNERS!;
const SITE_URL = process.env.SITE_URL;
const SITE = 'https://www.chinooktalent.ca';
const NOW = 1_780_000_000;
let session = '';
let site: Awaited<ReturnType<typeof startLocalSite>>;
let twin: Awaited<ReturnType<typeof startSiteTwin>>;
beforeAll(async () => {
  await Promise.all([createOwnCampaignTables(), createOwnPostsTable()]);
  const owner = `tokens.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  // After the passkey ceremony, which expects the suite's own site origin.
  site = await startLocalSite(['/blog']);
  process.env.SITE_URL = site.url;
  twin = await startSiteTwin({
    campaignsTable: ownTables.campaigns!,
    postsTable: ownPostsTable!,
    siteUrl: SITE,
    now: () => NOW,
  });
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.SITE_URL = SITE_URL;
  await site.close();
  await twin.close();
});

const call = (name: keyof typeof CAMPAIGN_ROUTES, slug: string, options: Call = {}) =>
  api(callOf(CAMPAIGN_ROUTES[name], { slug }), { session, ...options });
let slugs = 0;
const newSlug = () => `t${process.pid}-${Date.now().toString(36)}-${(slugs += 1)}`;
const FIELDS = { subject: 'Spring hiring news', preheader: '', topic: 'newsletter', audience: 'candidate' } as const;

/** A subscriber of the campaign's audience with links since purposes, as the owner is on their own list. */
const seedSubscriber = async () => {
  const subscriber = { ...subscriberItem('eligible', `reader.${newSlug()}@example.ca`), ...tokenSubscriber() };
  await writeItem(ownTables.subscribers!, subscriber);
  return subscriber;
};

/** The body: a greeting, then each form on a line of its own (blank lines between), then a sign-off. */
const bodyWith = (lines: string[]) => ['Hello,', ...lines.flatMap((line) => ['', line]), '', 'After.'].join('\n');
/** Line N of bodyWith(lines) holds lines[i]: 3, 5, 7 … */
const lineOf = (index: number) => 3 + 2 * index;

describe("a subscriber's token in a campaign", () => {
  it('is refused by the preflight in every form with its line, and the send is refused in the same words', async () => {
    // Prepare
    const subscriber = await seedSubscriber();
    const forms = Object.values(pastedForms(subscriber));
    const slug = newSlug();
    await call('create', '', {
      json: {
        slug,
        ...FIELDS,
        preheader: `Ref ${subscriber.id}`,
        markdown: bodyWith(forms.map((form) => form.line)),
      },
    });

    // Act
    const checked = await call('preflight', slug);
    const sent = await call('send', slug, { json: { version: 0 } });

    // Assess
    expect(checked.statusCode).toBe(200);
    const tokens = checked.json.checks.find((check: { id: string }) => check.id === 'tokens');
    expect(tokens.ok).toBe(false);
    forms.forEach((form, index) => expect(tokens.summary).toContain(`line ${lineOf(index)}: ${form.says}`));
    expect(tokens.summary).toContain('the preheader: a subscriber’s id (the first half of their personal links)');
    expect(tokens.summary).toContain('could see that person’s address and unsubscribe them');
    expect(tokens.summary).not.toMatch(/line (1|2|4|6|8|10|12|14|16):/);
    const apiLink = checked.json.links.find((link: { href: string }) => link.href.includes('/api/candidate/'));
    expect(apiLink).toMatchObject({ result: 'broken', detail: expect.stringContaining('personal link') });
    expect(sent.statusCode).toBe(409);
    expect(sent.json.message).toContain(`line ${lineOf(0)}: ${forms[0]!.says}`);
  });

  it('is never an ordinary long word, a slug or a name run together: those pass', async () => {
    // Prepare: someone is on the list, so the check has ids to compare with
    await seedSubscriber();
    const slug = newSlug();
    await call('create', '', { json: { slug, ...FIELDS, markdown: bodyWith(NOT_TOKENS) } });

    // Act
    const checked = await call('preflight', slug);

    // Assess
    expect(checked.json.checks.find((check: { id: string }) => check.id === 'tokens')).toEqual({
      id: 'tokens',
      ok: true,
      summary: 'No subscriber’s personal link or token in the subject, preheader or text.',
    });
  });

  it('is not on the public newsletter page in any form, should such a campaign be published', async () => {
    // Prepare: sent and published around the checks (written straight to the table)
    const subscriber = tokenSubscriber();
    const slug = newSlug();
    const source = {
      slug,
      ...FIELDS,
      markdown: bodyWith(Object.values(pastedForms(subscriber)).map((form) => form.line)),
    } as const;
    await writeItem(ownTables.campaigns!, {
      id: `draft#${slug}`,
      kind: 'campaign-draft',
      ...source,
      publish: true,
      version: 0,
      createdAt: NOW,
      updatedAt: NOW,
      updatedBy: 'owner@chinooktalent.ca',
    });
    await writeItem(ownTables.campaigns!, {
      id: `campaign#${slug}`,
      kind: 'campaign',
      ...(await renderCampaign(source, SITE)),
      startedAt: NOW - 60,
      queued: 1,
      lastQueuedAt: NOW - 60,
      runs: 1,
      expiresAt: NOW + 86_400 * 730,
    });

    // Act
    await twin.publish();
    const page = await twin.get(`/newsletter/${slug}`);

    // Assess: neither the id nor either proof, as served or in any decoding of it
    expect(page.status).toBe(200);
    const readable = decodings(page.text).map((decoding) => decoding.text);
    for (const secret of [
      subscriber.id,
      subscriberLinkToken(subscriber, 'unsubscribe').slice(22),
      subscriberLinkToken(subscriber, 'preferences').slice(22),
    ])
      for (const text of readable) expect(text).not.toContain(secret);
    expect(page.text).toContain('<p>Hello,</p>');
    expect(page.text).toContain('<p>After.</p>');
    expect(page.text).toContain('<p>Leave the list: here.</p>');
  });
});
