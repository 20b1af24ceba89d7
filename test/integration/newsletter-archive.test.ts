/**
 * The newsletter archive on the local twin (docs/decisions/0052-newsletter-archive.md): sent
 * campaigns in dynalite, the publisher writing into a copy of a web build, the twin's CloudFront
 * (the same edge functions) serving it. Published and sent: on its page, the index and the feed;
 * not ticked, or never sent: nowhere; unticked later: gone, and only the changed paths invalidated.
 */
import { createOwnCampaignTables, ownTables } from './console/own-campaign-tables';
import { createOwnPostsTable, ownPostsTable } from './console/own-posts-table';
import { lambdaPublisherTrigger } from '#lambdas/publisher/lambda-publisher-trigger.ts';
import { renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';
import { createLambdaClient } from '#lambdas/runtime/aws-clients/lambda.ts';
import { startSiteTwin } from './support/site-twin';
import { readItem, writeItem } from './support/local-aws';

const SITE = 'https://www.chinooktalent.ca';
const NOW = 1_780_000_000;

let twin: Awaited<ReturnType<typeof startSiteTwin>>;
beforeAll(async () => {
  await Promise.all([createOwnCampaignTables(), createOwnPostsTable()]);
  twin = await startSiteTwin({
    campaignsTable: ownTables.campaigns!,
    postsTable: ownPostsTable!,
    siteUrl: SITE,
    now: () => NOW,
  });
});
afterAll(() => twin.close());
const publish = () => twin.publish();
const get = (pathname: string) => twin.get(pathname);

/** A draft as the console stores it, and (when `sentAt`) the campaign item its send wrote. */
const seed = async (slug: string, markdown: string, { publish, sentAt }: { publish: boolean; sentAt?: number }) => {
  const source = { slug, subject: `Subject of ${slug}`, topic: 'newsletter', audience: 'both', markdown } as const;
  await writeItem(ownTables.campaigns!, {
    id: `draft#${slug}`,
    kind: 'campaign-draft',
    ...source,
    preheader: '',
    publish,
    version: 0,
    createdAt: NOW,
    updatedAt: NOW,
    updatedBy: 'owner@chinooktalent.ca',
  });
  if (sentAt === undefined) return;
  await writeItem(ownTables.campaigns!, {
    id: `campaign#${slug}`,
    kind: 'campaign',
    ...(await renderCampaign(source, SITE)),
    startedAt: sentAt,
    queued: 3,
    lastQueuedAt: sentAt,
    runs: 1,
    expiresAt: sentAt + 86_400 * 730,
  });
};

describe('the newsletter archive', () => {
  it('serves a published sent campaign, lists it in the index and the feed; never one unticked or unsent', async () => {
    // Prepare
    await seed('published-one', 'Hello <script>alert(1)</script> from the firm. [Blog](/blog)', {
      publish: true,
      sentAt: NOW - 3600,
    });
    await seed('sent-not-ticked', 'Private to subscribers.', { publish: false, sentAt: NOW - 7200 });
    await seed('ticked-not-sent', 'Still a draft.', { publish: true });

    // Act
    const result = await publish();
    const [page, index, feed, unticked, unsent, css, sitemap, unknown] = await Promise.all(
      [
        '/newsletter/published-one',
        '/newsletter',
        '/newsletter/feed.xml',
        '/newsletter/sent-not-ticked',
        '/newsletter/ticked-not-sent',
        '/newsletter/archive.css',
        '/newsletter-sitemap.xml',
        '/newsletter/no-such-issue',
      ].map(get),
    );

    // Assess
    expect(result.published.newsletter).toEqual(['published-one']);
    expect([page.status, page.type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.text).toContain('<h1>Subject of published-one</h1>');
    expect(page.text).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; from the firm.');
    expect(page.text).toContain('<a href="https://www.chinooktalent.ca/blog">Blog</a>');
    expect(page.text).not.toMatch(/<script|unsubscribe/i);
    expect(index.status).toBe(200);
    expect(index.text).toContain('<a href="/newsletter/published-one">Subject of published-one</a>');
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/xml/);
    expect(feed.text).toContain(
      '<guid isPermaLink="true">https://www.chinooktalent.ca/newsletter/published-one</guid>',
    );
    for (const text of [index.text, feed.text]) expect(text).not.toMatch(/sent-not-ticked|ticked-not-sent/);
    // The site's own 404 page with the status 404, as for any unknown path (decision 0012).
    for (const missing of [unticked, unsent, unknown]) {
      expect([missing.status, missing.type]).toEqual([404, 'text/html; charset=utf-8']);
      expect(missing.text).toContain('<title>Page not found</title>');
    }
    expect(css.status).toBe(200);
    expect([sitemap.status, sitemap.type]).toEqual([200, 'application/xml; charset=utf-8']);
    expect([...sitemap.text.matchAll(/<loc>([^<]*)<\/loc><lastmod>([^<]*)</g)].map((match) => match.slice(1))).toEqual([
      ['https://www.chinooktalent.ca/newsletter', new Date((NOW - 3600) * 1000).toISOString().replace('.000', '')],
      [
        'https://www.chinooktalent.ca/newsletter/published-one',
        new Date((NOW - 3600) * 1000).toISOString().replace('.000', ''),
      ],
    ]);
    expect(twin.invalidated.at(-1)).toEqual(
      expect.arrayContaining([
        '/newsletter',
        '/newsletter/feed.xml',
        '/newsletter/published-one',
        '/newsletter-sitemap.xml',
      ]),
    );
  });

  it('writes and invalidates nothing when nothing changed, and takes a page down when its owner unticks it', async () => {
    // Prepare
    const runsBefore = twin.invalidated.length;
    const unchanged = await publish();
    const draft = await readItem(ownTables.campaigns!, 'draft#published-one');
    await writeItem(ownTables.campaigns!, { ...draft, publish: false, version: 1 });

    // Act
    const result = await publish();
    const [page, index, feed, sitemap] = await Promise.all(
      ['/newsletter/published-one', '/newsletter', '/newsletter/feed.xml', '/newsletter-sitemap.xml'].map(get),
    );

    // Assess
    expect([unchanged.written, unchanged.removed]).toEqual([[], []]);
    expect(twin.invalidated.length).toBe(runsBefore + 1);
    expect(result.removed).toEqual(['newsletter/published-one/index.html']);
    // The path visitors ask for and the object the edge rewrites it to, both.
    expect(twin.invalidated.at(-1)!.sort()).toEqual([
      '/newsletter',
      '/newsletter-sitemap.xml',
      '/newsletter/feed.xml',
      '/newsletter/index.html',
      '/newsletter/published-one',
      '/newsletter/published-one/index.html',
    ]);
    expect(page.status).toBe(404);
    expect(page.text).toContain('<title>Page not found</title>');
    expect(index.text).toContain('No newsletter has been published here yet.');
    expect(feed.text).not.toContain('<item>');
    expect(sitemap.text.match(/<loc>[^<]*</g)).toEqual(['<loc>https://www.chinooktalent.ca/newsletter<']);
  });

  it("is republished when the trigger invokes the publisher through the twin's Lambda endpoint (InvocationType Event)", async () => {
    // Prepare
    await seed('triggered-one', 'Sent and ticked.', { publish: true, sentAt: NOW - 60 });
    const trigger = lambdaPublisherTrigger(createLambdaClient({ endpoint: twin.lambdaEndpoint }), 'sitePublisher');

    // Act
    await trigger();
    await twin.idle();
    const [page, index] = await Promise.all(['/newsletter/triggered-one', '/newsletter'].map(get));

    // Assess
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Subject of triggered-one</h1>');
    expect(index.text).toContain('<a href="/newsletter/triggered-one">Subject of triggered-one</a>');
    expect(twin.invalidated.at(-1)!.sort()).toEqual([
      '/newsletter',
      '/newsletter-sitemap.xml',
      '/newsletter/feed.xml',
      '/newsletter/index.html',
      '/newsletter/triggered-one',
      '/newsletter/triggered-one/index.html',
    ]);
  });
});
