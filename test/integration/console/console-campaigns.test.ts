/**
 * The console's campaign routes (shared/console/campaigns.ts) against dynalite and the local SES
 * with a signed-in owner: drafts stored and versioned, the import, the preview, the preflight's
 * counts and exclusions for seeded subscribers of each kind, the test copy in the inbox.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { OTHER_ORIGIN } from '#lambdas/console/kit/guards.ts';
import { CAMPAIGN_MESSAGES } from '#lambdas/console/campaigns/campaign-messages.ts';
import { CAMPAIGN_LIMITS, CAMPAIGN_ROUTES, TEST_SENDS_PER_HOUR } from '#shared/console/campaigns.ts';
import { CAMPAIGN_BODY_TOO_LONG } from '#shared/console/campaigns-schemas.ts';
import { subscriberItem, type Kind } from '../../support/campaign-subscribers';
import { capturedEmailsTo, readItem, siteUrl, writeItem } from '../support/local-aws';
import { startLocalSite } from '../support/local-site';
import { sampleRecipient } from '#lambdas/campaigns/test-copy.ts';
import { subscriberLinks } from '#lambdas/mail/subscriber-links.ts';
import { mailboxHash } from '#lambdas/domain/mailbox-hash.ts';
import { api, auditOf, enrol, sessionOf, type Call } from './console-client';

const OWNERS = process.env.CONSOLE_OWNERS!;
let owner = '';
let session = '';

beforeAll(async () => {
  await createOwnCampaignTables();
  owner = `campaigns.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
});
afterAll(() => {
  process.env.CONSOLE_OWNERS = OWNERS;
});

const route = (name: keyof typeof CAMPAIGN_ROUTES, slug = '') => callOf(CAMPAIGN_ROUTES[name], { slug });
const call = (name: keyof typeof CAMPAIGN_ROUTES, slug: string, options: Call = {}) =>
  api(route(name, slug), { session, ...options });
/** The audit log's entries about one campaign. */
const auditEntries = (slug: string) => auditOf(session, slug);

let slugs = 0;
const newSlug = () => `c${process.pid}-${Date.now().toString(36)}-${(slugs += 1)}`;
const FIELDS = {
  subject: 'Spring hiring news',
  preheader: 'Three things we saw this spring.',
  topic: 'newsletter',
  audience: 'candidate',
  markdown: 'Hello,\n\nRead [our blog](/blog) or [the CRTC](https://crtc.gc.ca/eng/home-accueil.htm).',
};
const create = (slug: string, fields: Record<string, unknown> = FIELDS) =>
  call('create', '', { json: { slug, ...fields } });

describe('drafts', () => {
  it('stores a new draft with who and when, lists it newest first as a draft, and logs it', async () => {
    // Prepare
    const [older, newer] = [newSlug(), newSlug()];
    const { campaign } = (await create(older)).json;
    await writeItem(ownTables.campaigns, {
      ...(await readItem(ownTables.campaigns, `draft#${older}`)),
      createdAt: campaign.createdAt - 3600,
    });

    // Act
    const created = await create(newer);
    const list = await call('list', '');

    // Assess
    expect(created.statusCode).toBe(201);
    expect(created.json.message).toBe(CAMPAIGN_MESSAGES.created(newer));
    expect(created.json.campaign).toMatchObject({
      slug: newer,
      ...FIELDS,
      publish: false,
      state: 'draft',
      version: 0,
      updatedBy: owner,
    });
    expect(await readItem(ownTables.campaigns, `draft#${newer}`)).toMatchObject({
      kind: 'campaign-draft',
      markdown: FIELDS.markdown,
    });
    const listed = list.json.items.map((item: { slug: string }) => item.slug);
    expect(listed.indexOf(newer)).toBeLessThan(listed.indexOf(older));
    expect(list.json.items[listed.indexOf(newer)]).toMatchObject({ state: 'draft', subject: FIELDS.subject });
    expect(await auditEntries(newer)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'campaign.create', target: newer, actor: owner })]),
    );
  });

  it('refuses a taken slug, unknown fields, a subject on two lines and a javascript: link, storing nothing', async () => {
    // Prepare
    const slug = newSlug();
    await create(slug);

    // Act
    const taken = await create(slug);
    const extra = await create(newSlug(), { ...FIELDS, version: 7, updatedBy: 'mallory@example.ca' });
    const twoLines = await create(newSlug(), { ...FIELDS, subject: 'Hello\r\nBcc: victim@example.ca' });
    const script = await create(newSlug(), { ...FIELDS, markdown: 'Click [here](javascript:alert(1))' });
    const foreign = await create(newSlug(), FIELDS).then(() =>
      api(CAMPAIGN_ROUTES.create, { session, origin: 'https://evil.example', json: { slug: newSlug(), ...FIELDS } }),
    );

    // Assess
    expect([taken.statusCode, taken.json.message]).toEqual([409, CAMPAIGN_MESSAGES.slugTaken(slug)]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json.message).toMatch(/version|updatedBy/);
    expect([twoLines.statusCode, twoLines.json.message]).toEqual([400, 'The subject must be one line.']);
    expect(script.statusCode).toBe(400);
    expect(script.json.message).toContain('javascript:alert(1');
    expect([foreign.statusCode, foreign.json.message]).toEqual([403, OTHER_ORIGIN]);
  });

  it('saves a change made on the current version, refuses one made on an older version (409), keeping the newer text', async () => {
    // Prepare
    const slug = newSlug();
    await create(slug);

    // Act
    const notBoolean = await call('update', slug, { method: 'PUT', json: { ...FIELDS, publish: 'yes', version: 0 } });
    const saved = await call('update', slug, {
      method: 'PUT',
      json: { ...FIELDS, subject: 'Second', publish: true, version: 0 },
    });
    const stale = await call('update', slug, { method: 'PUT', json: { ...FIELDS, subject: 'Lost', version: 0 } });

    // Assess
    expect([notBoolean.statusCode, notBoolean.json.message]).toEqual([400, 'publish must be true or false.']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json.campaign).toMatchObject({ subject: 'Second', publish: true, version: 1 });
    expect([stale.statusCode, stale.json.message]).toEqual([409, CAMPAIGN_MESSAGES.changedMeanwhile]);
    expect(await readItem(ownTables.campaigns, `draft#${slug}`)).toMatchObject({
      subject: 'Second',
      publish: true,
      version: 1,
    });
    expect(await auditEntries(slug)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'campaign.update',
          target: slug,
          summary: 'Saved changes to the draft "Second"',
        }),
      ]),
    );
  });

  it("saves and previews a body of the form's longest, 100,000 characters, and refuses one more in the form's words", async () => {
    // Prepare: prose with accents, quotes and Chinese, far over the API's 16 KiB for the public forms
    const unit = 'Les « candidats » disent: "un rôle clair" — 採用 ✓. ';
    const longest = `${unit.repeat(Math.ceil(CAMPAIGN_LIMITS.markdown / unit.length)).slice(0, CAMPAIGN_LIMITS.markdown - 1)}.`;
    const slug = newSlug();

    // Act
    const created = await create(slug, { ...FIELDS, markdown: longest });
    const saved = await call('update', slug, { method: 'PUT', json: { ...FIELDS, markdown: longest, version: 0 } });
    const preview = await call('preview', '', { json: { ...FIELDS, markdown: longest } });
    const tooLong = await call('update', slug, {
      method: 'PUT',
      json: { ...FIELDS, markdown: `${longest}x`, version: 1 },
    });
    const tooLongPreview = await call('preview', '', { json: { ...FIELDS, markdown: `${longest}x` } });

    // Assess
    expect(longest).toHaveLength(CAMPAIGN_LIMITS.markdown);
    expect(created.statusCode).toBe(201);
    expect(saved.statusCode).toBe(200);
    expect((await readItem(ownTables.campaigns, `draft#${slug}`))!.markdown).toBe(longest);
    expect(preview.statusCode).toBe(200);
    expect(preview.json.text).toContain('採用 ✓.');
    for (const refused of [tooLong, tooLongPreview])
      expect([refused.statusCode, refused.json.message]).toEqual([400, CAMPAIGN_BODY_TOO_LONG]);
    expect(await readItem(ownTables.campaigns, `draft#${slug}`)).toMatchObject({ version: 1 });
  });

  it('deletes a draft at its version, never one that was sent', async () => {
    // Prepare
    const [draft, sent] = [newSlug(), newSlug()];
    await create(draft);
    await create(sent);
    await writeItem(ownTables.campaigns, { id: `campaign#${sent}`, kind: 'campaign', slug: sent });

    // Act
    const stale = await call('delete', draft, { method: 'DELETE', json: { version: 3 } });
    const refused = await call('delete', sent, { method: 'DELETE', json: { version: 0 } });
    const changeSent = await call('update', sent, { method: 'PUT', json: { ...FIELDS, version: 0 } });
    const deleted = await call('delete', draft, { method: 'DELETE', json: { version: 0 } });
    const gone = await call('get', draft);

    // Assess
    expect([stale.statusCode, stale.json.message]).toEqual([409, CAMPAIGN_MESSAGES.changedMeanwhile]);
    expect([refused.statusCode, refused.json.message]).toEqual([409, CAMPAIGN_MESSAGES.alreadySent(sent)]);
    expect(changeSent.statusCode).toBe(409);
    expect(await readItem(ownTables.campaigns, `draft#${sent}`)).toBeDefined();
    expect([deleted.statusCode, deleted.json.message]).toEqual([200, CAMPAIGN_MESSAGES.deleted(draft)]);
    expect([gone.statusCode, gone.json.message]).toEqual([404, CAMPAIGN_MESSAGES.noSuchCampaign]);
    expect((await call('get', sent)).json.state).toBe('sent');
  });
});

describe('import', () => {
  it("imports the repository's campaign file as a draft once, with its front matter", async () => {
    // Act
    const files = await call('files', '');
    const imported = await call('importFile', '2025-hiring-outlook', { json: {} });
    const again = await call('importFile', '2025-hiring-outlook', { json: {} });
    const missing = await call('importFile', 'no-such-file', { json: {} });

    // Assess
    expect(files.json).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: '2025-hiring-outlook', imported: false })]),
    );
    expect(imported.statusCode).toBe(201);
    expect(imported.json.campaign).toMatchObject({
      subject: 'Hiring in Alberta: what to expect this season',
      topic: 'newsletter',
      audience: 'both',
      importedFrom: 'web/content/campaigns/2025-hiring-outlook.md',
    });
    expect(again.statusCode).toBe(409);
    expect([missing.statusCode, missing.json.message]).toEqual([404, CAMPAIGN_MESSAGES.noSuchFile]);
    expect((await auditEntries('2025-hiring-outlook')).map((entry) => entry.action)).toContain('campaign.import');
  });
});

describe('preview', () => {
  it('renders the email as a script-free document with the identification, raw HTML shown as text', async () => {
    // Act
    const preview = await call('preview', '', {
      json: { ...FIELDS, audience: 'employer', markdown: 'Hi <script>alert(1)</script> [blog](/blog)' },
    });

    // Assess
    expect(preview.statusCode).toBe(200);
    expect(preview.json.html).toMatch(/^<!doctype html>/);
    expect(preview.json.html).not.toContain('<script');
    expect(preview.json.html).toContain('&lt;script&gt;');
    expect(preview.json.html).toContain('Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3');
    // A link into the site carries the campaign's tags (decision 0081); an unsaved preview has no slug yet.
    expect(preview.json.html).toContain(
      'href="https://site.test/blog?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=preview"',
    );
    expect(preview.json.text).toContain(
      'blog (https://site.test/blog?utm_source=newsletter&utm_medium=email&utm_campaign=preview)',
    );
    expect(preview.json.recipient.kind).toBe('sample');
  });

  it('answers 400 in plain words for a body with nothing to show once rendered, and renders the next body', async () => {
    // Act: emphasis marks around nothing pass the form's checks but leave no text
    const empty = await call('preview', '', { json: { ...FIELDS, markdown: '** **' } });
    const next = await call('preview', '', { json: { ...FIELDS, markdown: 'Hello.' } });

    // Assess
    expect(empty.statusCode).toBe(400);
    expect(empty.json).toEqual({ message: 'The campaign cannot be rendered: the body is empty.' });
    expect(next.statusCode).toBe(200);
  });

  it("carries a real recipient's links, or the sample's when asked (a frozen campaign's preview): never that person's", async () => {
    // Prepare: someone of the audience who would get it (employers: the preflight's tests count candidates).
    const person = subscriberItem('eligible', `preview.${process.pid}.${Date.now()}@example.ca`, 'employer');
    await writeItem(ownTables.subscribers, person);
    const fields = { ...FIELDS, audience: 'employer' };

    // Act
    const real = await call('preview', '', { json: fields });
    const sample = await call('preview', '', { json: { ...fields, sampleLinks: true } });

    // Assess
    expect(real.json.recipient.kind).toBe('subscriber');
    expect(sample.statusCode).toBe(200);
    expect(sample.json.recipient).toEqual({
      kind: 'sample',
      description: "The links are a sample subscriber's: they lead to the pages but name no one.",
    });
    // The sample's unsubscribe link (its token names nobody who exists), in both parts; the real preview's is a person's.
    const sampleLink = subscriberLinks(siteUrl, sampleRecipient({ audience: 'employer' } as never, 'x')).unsubscribe;
    expect(sample.json.text).toContain(sampleLink);
    expect(sample.json.html).toContain(sampleLink.replace(/&/g, '&amp;'));
    expect(real.json.text).not.toContain(sampleLink);
    expect(real.json.text).toContain(`${siteUrl}/unsubscribe/employer/`);
  });

  it("logs a preview that shows a real subscriber's address and links, once an hour while the owner types; a sample's is not logged", async () => {
    // Prepare: someone of the audience who would get it
    const seeded = `previewed.${process.pid}.${Date.now()}@example.ca`;
    await writeItem(ownTables.subscribers, subscriberItem('eligible', seeded, 'employer'));
    const fields = { ...FIELDS, audience: 'employer' };

    // Act: the live preview asks again at each pause in typing
    const first = await call('preview', '', { json: fields });
    await call('preview', '', { json: { ...fields, markdown: `${FIELDS.markdown} More.` } });
    await call('preview', '', { json: { ...fields, sampleLinks: true } });

    // Assess: whose links it showed (the first of the audience), logged by their hash only
    const shown = /^With the links of (\S+), who would get it/.exec(first.json.recipient.description)?.[1];
    expect(shown).toBeDefined();
    expect(await auditOf(session, mailboxHash(shown!))).toEqual([
      expect.objectContaining({
        actor: owner,
        action: 'campaign.preview',
        summary:
          "Previewed a campaign showing a subscriber's address and their unsubscribe and preferences links (noted once an hour)",
      }),
    ]);
  });
});

describe('preflight and test send', () => {
  let site: Awaited<ReturnType<typeof startLocalSite>>;
  const SITE_URL = process.env.SITE_URL;
  beforeAll(async () => {
    site = await startLocalSite(['/blog']);
  });
  afterAll(async () => {
    process.env.SITE_URL = SITE_URL;
    await site.close();
  });

  it('counts the recipients and lists who is excluded and why, checks links, identification and lengths', async () => {
    // Prepare
    const kinds: Kind[] = [
      'eligible',
      'impliedValid',
      'impliedExpired',
      'inquired',
      'topicOff',
      'unsubscribedAll',
      'suppressed',
      'otherAudience',
    ];
    const seeded = Object.fromEntries(
      kinds.map((kind) => [kind, subscriberItem(kind, `${kind.toLowerCase()}.${newSlug()}@example.ca`)]),
    );
    for (const item of Object.values(seeded)) await writeItem(ownTables.subscribers, item);
    const slug = newSlug();
    await create(slug, {
      ...FIELDS,
      subject: 'A subject far longer than what any phone inbox will show you',
      markdown:
        'See [blog](/blog), [gone](/no-such-page), [mail](mailto:hello@chinooktalent.ca) and [CRTC](https://crtc.gc.ca/).',
    });
    process.env.SITE_URL = site.url;

    // Act
    const answer = await call('preflight', slug);

    // Assess
    process.env.SITE_URL = SITE_URL;
    expect(answer.statusCode).toBe(200);
    const { checks, recipients, exclusions, links } = answer.json;
    expect(recipients).toBe(2);
    expect(exclusions).toEqual([
      {
        reason: 'no-valid-consent',
        label: 'No consent: never confirmed, and no implied consent',
        count: 1,
        emails: [seeded.inquired.email],
      },
      { reason: 'topic-off', label: 'Switched this topic off', count: 1, emails: [seeded.topicOff.email] },
      {
        reason: 'unsubscribed',
        label: 'Unsubscribed from everything',
        count: 1,
        emails: [seeded.unsubscribedAll.email],
      },
      {
        reason: 'suppressed',
        label: 'Suppressed (bounced, complained or erased)',
        count: 1,
        emails: [seeded.suppressed.email],
      },
      { reason: 'consent-expired', label: 'Implied consent lapsed', count: 1, emails: [seeded.impliedExpired.email] },
    ]);
    expect(links).toEqual([
      { href: '/blog', result: 'ok' },
      { href: '/no-such-page', result: 'broken', detail: 'answered 404' },
      { href: 'mailto:hello@chinooktalent.ca', result: 'not-checked', detail: 'an email address: not checked' },
      {
        href: 'https://crtc.gc.ca/',
        result: 'not-checked',
        detail: "another site's page: not checked, open it yourself",
      },
    ]);
    const byId = Object.fromEntries(checks.map((check: { id: string }) => [check.id, check]));
    expect(byId.recipients).toEqual({
      id: 'recipients',
      ok: true,
      summary: '2 people will get it; 5 people of its audience will not (reasons below).',
    });
    expect(byId.identification.ok).toBe(true);
    expect(byId.links.ok).toBe(false);
    expect(byId.links.summary).toContain('/no-such-page');
    expect(byId.unsubscribe.ok).toBe(true);
    expect(byId.subject).toEqual({
      id: 'subject',
      ok: false,
      summary: 'The subject has 60 characters; inboxes show about 50 (phones fewer), so its end will be cut off.',
    });
    expect(byId.preheader.ok).toBe(true);
  });

  it("sends the owner a [Test] copy whose unsubscribe link is there, logs it, and refuses past the hour's limit with 429", async () => {
    // Prepare
    const slug = newSlug();
    await create(slug);

    // Act
    const sent = await call('testSend', slug, { json: {} });

    // Assess
    expect([sent.statusCode, sent.json.message]).toEqual([200, CAMPAIGN_MESSAGES.testSent(owner)]);
    const [mail] = await capturedEmailsTo(owner).then((mails) => mails.filter((m) => m.subject.startsWith('[Test]')));
    expect(mail!.subject).toBe(`[Test] ${FIELDS.subject}`);
    expect(mail!.body.text).toMatch(/Unsubscribe: https:\/\/site\.test\/unsubscribe\/candidate\//);
    expect(mail!.body.text).toContain('Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3');
    expect((await auditEntries(slug)).filter((entry) => entry.action === 'campaign.test-send')).toHaveLength(1);

    // Act: the rest of the hour's allowance, then one more
    for (let test = 1; test < TEST_SENDS_PER_HOUR; test += 1)
      expect((await call('testSend', slug, { json: {} })).statusCode).toBe(200);
    const over = await call('testSend', slug, { json: {} });

    // Assess
    expect([over.statusCode, over.json.message]).toEqual([429, CAMPAIGN_MESSAGES.tooManyTests(TEST_SENDS_PER_HOUR)]);
    expect((await capturedEmailsTo(owner)).filter((m) => m.subject.startsWith('[Test]'))).toHaveLength(
      TEST_SENDS_PER_HOUR,
    );
  });
});
