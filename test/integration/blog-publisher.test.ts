/**
 * The blog on the site's publisher (issue 31, docs/decisions/0053-blog-posts-from-the-console.md),
 * on the local twin as `npm start` has it: posts in dynalite, the publisher rendering them with the
 * build's render kit into a site bucket served by the twin's CloudFront (the same edge functions,
 * reading the same KeyValueStore). A post published, changed, its slug changed (a 301 from the old
 * path, one hop however often it changed), unpublished (404, gone from every list); its neighbours'
 * Previous and Next links follow; only the changed objects are written and exactly their paths
 * invalidated; two publishes at once both reach the site; a schedule that fires after it was
 * cancelled changes nothing.
 */
import { createOwnCampaignTables, ownTables } from './console/own-campaign-tables';
import { createOwnPostsTable, ownPostsTable } from './console/own-posts-table';
import { runAs } from '#infra/local/functions/iam/function-identity.ts';
import { createIamEnforcement } from '#infra/local/functions/iam/iam-enforcement.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import { localPublishedSite, LOCAL_PUBLISHER_TARGETS } from '#infra/local/site-and-edge/local-published-site.ts';
import { publishSite } from '#lambdas/publisher/publish-site.ts';
import { siteSections } from '#lambdas/publisher/site-sections.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { templateWithout } from '#test/support/twin-iam.ts';
import {
  RENDER_KIT_KEY,
  BLOG_CATALOG_PATH,
  BLOG_FILES,
  postDataPath,
  postPageKey,
  postRouteKey,
  redirectRouteKey,
} from '#shared/blog-site.ts';
import { ownerPosts, postFields, postId } from './support/owner-posts';
import { startSiteTwin } from './support/site-twin';

const SITE = 'https://www.chinooktalent.ca';
let clock = 1_790_000_000;

/** Three posts a new stack's table is seeded with, newest first: cold snap, thaw, spring. */
const COLD = {
  id: postId('coldSnap'),
  fields: postFields('hiring-in-a-cold-snap', 'Hiring in a cold snap', '2026-01-20'),
};
const THAW = { id: postId('thaw'), fields: postFields('the-chinook-thaw', 'The chinook thaw', '2025-11-02') };
const SPRING = {
  id: postId('spring'),
  fields: postFields('spring-hiring-outlook', 'Spring hiring outlook', '2025-03-15'),
};
/** Posts the owners write later. */
const NEW = postId('newPost');
const NEW_FIELDS = postFields('a-new-year-of-hiring', 'A new year of hiring', '2026-02-01');

let twin: Awaited<ReturnType<typeof startSiteTwin>>;
const owner = () => ownerPosts({ db: createDynamoClient(), table: ownPostsTable! }, () => clock);
beforeAll(async () => {
  await Promise.all([createOwnCampaignTables(), createOwnPostsTable()]);
  twin = await startSiteTwin({
    campaignsTable: ownTables.campaigns!,
    postsTable: ownPostsTable!,
    siteUrl: SITE,
    now: () => clock,
    seed: [COLD, THAW, SPRING].map((post) => ({ ...post, redirectsFrom: [] })),
  });
});
afterAll(() => twin.close());

const get = (pathname: string) => twin.get(pathname);
/** A post's Previous (newer) and Next (older) links, as its data file gives them to the page. */
const neighbours = async (slug: string) => {
  const data = JSON.parse((await get(postDataPath(slug))).text) as {
    previous?: { slug: string };
    next?: { slug: string };
  };
  return [data.previous?.slug, data.next?.slug];
};
/** The slugs /blog lists, in its order (its catalog), and those the feed and the sitemap name. */
const lists = async () => {
  const catalog = JSON.parse((await get(BLOG_CATALOG_PATH)).text) as { posts: { slug: string }[] };
  const feed = (await get(BLOG_FILES.feed.path)).text;
  const sitemap = (await get(BLOG_FILES.sitemap.path)).text;
  return {
    blog: catalog.posts.map((post) => post.slug),
    feed: [
      ...feed.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>https:\/\/www\.chinooktalent\.ca\/([^<]+)<\/link>/g),
    ].map((match) => match[1]),
    sitemap: [...sitemap.matchAll(/<loc>https:\/\/www\.chinooktalent\.ca\/([^<]+)<\/loc>/g)].map((match) => match[1]),
  };
};
const sorted = (paths: readonly string[]) => [...paths].sort();
/** The paths an invalidation names for a post page's object and for its data file. */
const postPaths = (slug: string) => [`/${slug}`, `/${postPageKey(slug)}`, postDataPath(slug)];

describe('the blog, published by the site publisher', () => {
  it('seeds a new table and serves every post at its root-level path, newest first on /blog, in the feed and the sitemap', async () => {
    // Act
    const result = await twin.publish();
    const page = await get('/the-chinook-thaw');

    // Assess
    expect(result.published.blog).toEqual(['hiring-in-a-cold-snap', 'the-chinook-thaw', 'spring-hiring-outlook']);
    expect([page.status, page.type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.text).toContain('The chinook thaw');
    expect(await lists()).toEqual({
      blog: ['hiring-in-a-cold-snap', 'the-chinook-thaw', 'spring-hiring-outlook'],
      feed: ['hiring-in-a-cold-snap', 'the-chinook-thaw', 'spring-hiring-outlook'],
      sitemap: expect.arrayContaining(['hiring-in-a-cold-snap', 'the-chinook-thaw', 'spring-hiring-outlook']),
    });
    expect(await neighbours('the-chinook-thaw')).toEqual(['hiring-in-a-cold-snap', 'spring-hiring-outlook']);
    expect(twin.routes()).toMatchObject({
      [postRouteKey('hiring-in-a-cold-snap')]: 'hiring-in-a-cold-snap',
      [postRouteKey('the-chinook-thaw')]: 'the-chinook-thaw',
      [postRouteKey('spring-hiring-outlook')]: 'spring-hiring-outlook',
    });
    expect((await get('/never-written')).status).toBe(404);
  });

  it("publishes a new post: its page, /blog, the feed, the sitemap and its neighbour's links change, and exactly their paths are invalidated", async () => {
    // Prepare
    clock += 60;
    await owner().publish(NEW, NEW_FIELDS);
    const untouched = await twin.object(postPageKey('the-chinook-thaw'));

    // Act
    const result = await twin.publish();

    // Assess
    const page = await get('/a-new-year-of-hiring');
    expect([page.status, page.text.includes('A new year of hiring')]).toEqual([200, true]);
    expect((await lists()).blog).toEqual([
      'a-new-year-of-hiring',
      'hiring-in-a-cold-snap',
      'the-chinook-thaw',
      'spring-hiring-outlook',
    ]);
    expect(await neighbours('a-new-year-of-hiring')).toEqual([undefined, 'hiring-in-a-cold-snap']);
    expect(await neighbours('hiring-in-a-cold-snap')).toEqual(['a-new-year-of-hiring', 'the-chinook-thaw']);
    // The new post and its newer-less neighbour; no other post.
    expect(sorted(result.written)).toEqual(
      sorted([
        postPageKey('a-new-year-of-hiring'),
        postDataPath('a-new-year-of-hiring').slice(1),
        postPageKey('hiring-in-a-cold-snap'),
        postDataPath('hiring-in-a-cold-snap').slice(1),
        BLOG_FILES.index.key,
        BLOG_CATALOG_PATH.slice(1),
        BLOG_FILES.feed.key,
        BLOG_FILES.sitemap.key,
      ]),
    );
    expect(sorted(twin.invalidated.at(-1)!)).toEqual(
      sorted([
        ...postPaths('a-new-year-of-hiring'),
        ...postPaths('hiring-in-a-cold-snap'),
        '/blog',
        `/${BLOG_FILES.index.key}`,
        BLOG_CATALOG_PATH,
        BLOG_FILES.feed.path,
        BLOG_FILES.sitemap.path,
      ]),
    );
    expect(await twin.object(postPageKey('the-chinook-thaw'))).toBe(untouched);
  });

  it('writes and invalidates nothing when nothing changed', async () => {
    const before = twin.invalidated.length;
    const result = await twin.publish();
    expect([result.written, result.removed, twin.invalidated.length]).toEqual([[], [], before]);
  });

  it("rewrites only a changed post's page and data when its body changes", async () => {
    // Prepare
    clock += 60;
    await owner().publish(NEW, { ...NEW_FIELDS, markdown: 'A rewritten opening.' });

    // Act
    const result = await twin.publish();

    // Assess
    expect((await get('/a-new-year-of-hiring')).text).toContain('A rewritten opening.');
    expect(result.written).toEqual(
      expect.arrayContaining([postPageKey('a-new-year-of-hiring'), postDataPath('a-new-year-of-hiring').slice(1)]),
    );
    for (const other of ['hiring-in-a-cold-snap', 'the-chinook-thaw', 'spring-hiring-outlook'])
      expect(result.written).not.toContain(postPageKey(other));
  });

  it('moves a post whose slug changed: the old path answers 301 to the new, in one hop however often it changed', async () => {
    // Prepare: the slug changes once, is published, then changes again
    clock += 60;
    await owner().publish(NEW, { ...NEW_FIELDS, slug: 'a-new-year-in-hiring' });
    await twin.publish();
    const afterOne = await get('/a-new-year-of-hiring');
    clock += 60;
    await owner().publish(NEW, { ...NEW_FIELDS, slug: 'new-year-hiring' });

    // Act
    const result = await twin.publish();

    // Assess
    expect([afterOne.status, afterOne.location]).toEqual([301, '/a-new-year-in-hiring']);
    for (const old of ['/a-new-year-of-hiring', '/a-new-year-of-hiring/', '/a-new-year-in-hiring'])
      expect(await get(old)).toMatchObject({ status: 301, location: '/new-year-hiring' });
    expect((await get('/new-year-hiring')).status).toBe(200);
    expect(twin.routes()).toMatchObject({
      [redirectRouteKey('a-new-year-of-hiring')]: '/new-year-hiring',
      [redirectRouteKey('a-new-year-in-hiring')]: '/new-year-hiring',
      [postRouteKey('new-year-hiring')]: 'new-year-hiring',
    });
    expect(twin.routes()).not.toHaveProperty(postRouteKey('a-new-year-in-hiring'));
    expect(result.removed).toEqual(
      expect.arrayContaining([postPageKey('a-new-year-in-hiring'), postDataPath('a-new-year-in-hiring').slice(1)]),
    );
    expect(await twin.object(postPageKey('a-new-year-in-hiring'))).toBeUndefined();
    expect(twin.invalidated.at(-1)).toEqual(expect.arrayContaining(['/a-new-year-in-hiring', '/new-year-hiring']));
    expect(await neighbours('hiring-in-a-cold-snap')).toEqual(['new-year-hiring', 'the-chinook-thaw']);
  });

  it('takes an unpublished post down: its path and its old paths answer 404, and no list names it', async () => {
    // Prepare
    clock += 60;
    await owner().unpublish(NEW);

    // Act
    const result = await twin.publish();

    // Assess
    for (const gone of ['/new-year-hiring', '/a-new-year-of-hiring', '/a-new-year-in-hiring']) {
      const answer = await get(gone);
      expect([answer.status, answer.text.includes('<title>Page not found</title>')]).toEqual([404, true]);
    }
    const now = await lists();
    for (const list of [now.blog, now.feed, now.sitemap]) expect(list).not.toContain('new-year-hiring');
    expect(await neighbours('hiring-in-a-cold-snap')).toEqual([undefined, 'the-chinook-thaw']);
    expect(Object.keys(twin.routes()).filter((key) => /year/.test(key))).toEqual([]);
    expect(sorted(result.removed)).toEqual(
      sorted([postPageKey('new-year-hiring'), postDataPath('new-year-hiring').slice(1)]),
    );
    expect(twin.invalidated.at(-1)).toEqual(expect.arrayContaining(postPaths('new-year-hiring')));
  });

  it('publishes a scheduled post when its schedule fires with its token, and changes nothing when it fires after a cancel', async () => {
    // Prepare: one post scheduled then cancelled, another scheduled
    const cancelled = postId('cancelled');
    const due = postId('due');
    await owner().schedule(
      cancelled,
      postFields('taken-back', 'Taken back', '2026-02-10'),
      clock + 3600,
      'token-of-taken-back',
    );
    await owner().cancel(cancelled);
    await owner().schedule(
      due,
      postFields('right-on-time', 'Right on time', '2026-02-11'),
      clock + 3600,
      'token-on-time',
    );
    await twin.publish();
    const invalidationsBefore = twin.invalidated.length;
    clock += 3600;

    // Act
    const late = await twin.invoke({ postId: cancelled, token: 'token-of-taken-back' });
    const onTime = await twin.invoke({ postId: due, token: 'token-on-time' });
    const again = await twin.invoke({ postId: due, token: 'token-on-time' });

    // Assess
    expect(late.scheduled).toEqual({ postId: cancelled, published: false });
    expect(late.runs.flatMap((run) => [...run.written, ...run.removed])).toEqual([]);
    expect(twin.invalidated.length).toBe(invalidationsBefore + 1);
    expect((await get('/taken-back')).status).toBe(404);
    expect((await owner().post(cancelled)).state).toBe('draft');
    expect(onTime.scheduled).toEqual({ postId: due, published: true });
    expect((await get('/right-on-time')).status).toBe(200);
    expect((await lists()).blog[0]).toBe('right-on-time');
    // Scheduler may invoke a target twice: the second finds the token gone and publishes nothing new.
    expect(again.scheduled).toEqual({ postId: due, published: false });
    expect(again.runs.flatMap((run) => run.written)).toEqual([]);
  });

  it('serves both posts when two are published at once, each run returning after a publication that covered it', async () => {
    // Prepare
    clock += 60;
    const [first, second] = [postId('firstAtOnce'), postId('secondAtOnce')];

    // Act: each owner's publish stores its post, then asks for a run; both at the same moment
    const runs = await Promise.all([
      owner()
        .publish(first, postFields('first-at-once', 'First at once', '2026-03-01'))
        .then(() => twin.invoke()),
      owner()
        .publish(second, postFields('second-at-once', 'Second at once', '2026-03-02'))
        .then(() => twin.invoke()),
    ]);

    // Assess
    expect([(await get('/first-at-once')).status, (await get('/second-at-once')).status]).toEqual([200, 200]);
    expect((await lists()).blog.slice(0, 2)).toEqual(['second-at-once', 'first-at-once']);
    expect(runs.map((run) => run.request).sort()).toEqual([runs[0]!.request, runs[1]!.request].sort());
    expect(new Set(runs.map((run) => run.request)).size).toBe(2);
  });
});

describe("the blog under the publisher's role (docs/decisions/0041-iam-enforced-twin.md)", () => {
  it('without s3:GetObject on the render kit the blog is refused with AccessDenied and left as it was', async () => {
    // Prepare: the twin's site as the publisher reaches it, held to a role without the grant
    const denials: string[] = [];
    const iam = createIamEnforcement({
      template: templateWithout('sitePublisher', 's3:GetObject'),
      report: (line) => denials.push(line),
    });
    const site = localPublishedSite(twin.bucket, () => undefined, createLocalKeyValueStore(), iam);
    const campaigns = { db: createDynamoClient(), table: ownTables.campaigns! };
    const posts = { db: createDynamoClient(), table: ownPostsTable! };
    clock += 60;
    await owner().publish(postId('refused'), postFields('never-shown', 'Never shown', '2026-04-01'));

    // Act
    const outcome = await runAs('sitePublisher', () =>
      publishSite(campaigns, site, siteSections({ campaigns, posts, site, siteUrl: SITE, now: () => clock }), {
        now: clock,
      }),
    ).then(
      () => 'published',
      (error: Error) => `${error.name}: ${error.message}`,
    );

    // Assess
    expect(outcome).toMatch(
      /^SectionsFailed: Not published: blog \(User: .* is not authorized to perform: s3:GetObject/,
    );
    expect(denials).toEqual([
      expect.stringContaining(
        `sitePublisher denied s3:GetObject on arn:aws:s3:::${LOCAL_PUBLISHER_TARGETS.SITE_BUCKET}/${RENDER_KIT_KEY}`,
      ),
    ]);
    expect((await get('/never-shown')).status).toBe(404);
    expect((await get('/hiring-in-a-cold-snap')).status).toBe(200);
  });
});
