/**
 * The console's Posts screen (shared/console/posts.ts POST_ROUTES, decision 0053) against dynalite
 * with signed-in owners, every call held to the consolePosts function's role as in AWS: drafts and
 * their revisions (no gaps, 409 on a change made meanwhile, restore), the slug's rules and live
 * check, publishing now (the publisher asked for a run), a slug changed after publishing (its old
 * path a redirect), unpublishing, a schedule and its cancel, the audit of each.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnPostsTable, ownPostsTable } from './own-posts-table';
import { OTHER_ORIGIN } from '#lambdas/console/kit/guards.ts';
import { POST_MESSAGES } from '#lambdas/console/posts/post-messages.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { publishScheduledPost, readPublishedPosts } from '#lambdas/data/posts.ts';
import { POST_ROUTES, type PostDraft } from '#shared/console/posts.ts';
import { SLUG_MESSAGES } from '#shared/post-slugs.ts';
import { readItem } from '../support/local-aws';
import { api, auditOf, enrol, sessionOf, type Call } from './console-client';
import { startPublisherRequests } from './publisher-requests';

const OWNERS = process.env.CONSOLE_OWNERS!;
const LAMBDA_ENDPOINT = process.env.AWS_ENDPOINT_URL_LAMBDA;
const store = { db: createDynamoClient(), table: ownPostsTable! };
const sessions: string[] = [];
let publisher: Awaited<ReturnType<typeof startPublisherRequests>>;

beforeAll(async () => {
  await createOwnPostsTable();
  const owners = ['ann', 'bob'].map((name) => `posts.${name}.${process.pid}.${Date.now()}@chinooktalent.ca`);
  process.env.CONSOLE_OWNERS = [OWNERS, ...owners].join(',');
  for (const owner of owners) sessions.push(sessionOf((await enrol(owner)).answer)!);
  publisher = await startPublisherRequests();
  // Read when a route first asks for a run (its client is made then).
  process.env.AWS_ENDPOINT_URL_LAMBDA = publisher.endpoint;
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.AWS_ENDPOINT_URL_LAMBDA = LAMBDA_ENDPOINT;
  await publisher.close();
});

type RouteName = keyof typeof POST_ROUTES;
const route = (name: RouteName, id = '', revision = 0) => callOf(POST_ROUTES[name], { id, revision: String(revision) });
/** A route as the first owner (or the second: `as: 1`). */
const call = (name: RouteName, options: Call & { id?: string; revision?: number; as?: number } = {}) => {
  const { id, revision, as = 0, ...rest } = options;
  return api(route(name, id, revision), { session: sessions[as], ...rest });
};

let slugs = 0;
const newSlug = () => `post-${process.pid}-${Date.now().toString(36)}-${(slugs += 1)}`;
const fieldsFor = (slug: string) => ({
  title: `Hiring in Alberta ${slug}`,
  slug,
  subtitle: '',
  postedDate: '2026-11-28',
  author: 'Maren Holt',
  markdown:
    'A first paragraph.\n\n<!-- mid-article -->\n\nRead [the employer page](/employer) or [the CRTC](https://crtc.gc.ca).',
  metaDescription: 'What hiring in Alberta looks like this winter.',
  socialTitle: '',
});
const create = async (slug = newSlug()): Promise<PostDraft> =>
  (await call('create', { json: fieldsFor(slug) })).json.post;
const save = (post: PostDraft, changes: Record<string, unknown>, as = 0) =>
  call('save', {
    id: post.id,
    method: 'PUT',
    as,
    json: { ...fieldsFor(post.slug), title: post.title, ...changes, version: post.version },
  });
const publish = (post: PostDraft, json: Record<string, unknown> = {}, as = 0) =>
  call('publish', { id: post.id, as, json: { version: post.version, ...json } });
const stored = (id: string) => readItem(ownPostsTable!, `post#${id}`);
const actions = async (id: string) => (await auditOf(sessions[0]!, id)).map((entry) => entry.action).reverse();
const live = async (id: string) => (await readPublishedPosts(store)).find((post) => post.id === id);

describe('drafts and revisions', () => {
  it('stores a new post as a draft at revision 1, lists it by its date, and logs it', async () => {
    const older = await create();
    await save(older, { postedDate: '2026-10-01' });
    const post = await create();

    const list = await call('list');

    expect(post).toMatchObject({ ...fieldsFor(post.slug), state: 'draft', version: 1, redirectsFrom: [] });
    expect(post.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const ids = list.json.posts.map((row: { id: string }) => row.id);
    expect(ids.indexOf(post.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.json.posts.find((row: { id: string }) => row.id === post.id)).not.toHaveProperty('markdown');
    expect(await readItem(ownPostsTable!, `slug#${post.slug}`)).toMatchObject({ postId: post.id });
    expect(await actions(post.id)).toEqual(['post.create']);
  });

  it('saves every change as the next revision, and refuses a change made on an older version', async () => {
    const post = await create();
    const first = await save(post, { title: 'Second title' });
    const stale = await save(post, { title: 'Lost title' });

    expect(first.statusCode).toBe(200);
    expect(first.json).toMatchObject({ message: POST_MESSAGES.saved('Second title'), post: { version: 2 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json.message).toBe(POST_MESSAGES.changedMeanwhile);
    expect(await stored(post.id)).toMatchObject({ title: 'Second title', version: 2 });
    const revisions = (await call('revisions', { id: post.id })).json.revisions;
    expect(revisions.map((row: { revision: number; cause: string }) => [row.revision, row.cause])).toEqual([
      [2, 'saved'],
      [1, 'saved'],
    ]);
  });

  it('of two owners saving the same version at once, keeps one and tells the other', async () => {
    const post = await create();

    const answers = await Promise.all([save(post, { title: 'Ann wrote' }, 0), save(post, { title: 'Bob wrote' }, 1)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const kept = answers.find((answer) => answer.statusCode === 200)!.json.post.title;
    expect(await stored(post.id)).toMatchObject({ title: kept, version: 2 });
    const revisions = (await call('revisions', { id: post.id })).json.revisions;
    expect(revisions.map((row: { revision: number }) => row.revision)).toEqual([2, 1]);
  });

  it('shows an earlier revision and restores it as a new one, losing nothing', async () => {
    const post = await create();
    const second = (await save(post, { title: 'Changed title', markdown: 'Only this now.' })).json.post;

    const shown = await call('revision', { id: post.id, revision: 1 });
    const restored = await call('restore', { id: post.id, revision: 1, json: { version: second.version } });

    expect(shown.json).toMatchObject({ revision: 1, cause: 'saved', fields: { title: post.title } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json).toMatchObject({
      message: POST_MESSAGES.restored(1),
      post: { title: post.title, version: 3 },
    });
    expect((await call('revision', { id: post.id, revision: 3 })).json).toMatchObject({
      cause: 'restored',
      restoredFrom: 1,
      fields: { markdown: fieldsFor(post.slug).markdown },
    });
    expect((await call('revision', { id: post.id, revision: 2 })).json.fields.title).toBe('Changed title');
    expect(await actions(post.id)).toEqual(['post.create', 'post.save', 'post.restore']);
  });

  it('deletes a draft never published, its revisions and its slug with it', async () => {
    const post = await create();

    const deleted = await call('delete', { id: post.id, method: 'DELETE', json: { version: 1 } });

    expect(deleted.json.message).toBe(POST_MESSAGES.deleted(post.title));
    expect(await stored(post.id)).toBeUndefined();
    expect(await readItem(ownPostsTable!, `revision#${post.id}#1`)).toBeUndefined();
    expect((await call('slugCheck', { query: { slug: post.slug } })).json).toEqual({ slug: post.slug });
  });

  it('refuses a change from another origin, storing nothing', async () => {
    const slug = newSlug();
    const answer = await call('create', { json: fieldsFor(slug), origin: 'https://evil.example' });

    expect(answer.statusCode).toBe(403);
    expect(answer.json.message).toBe(OTHER_ORIGIN);
    expect(await readItem(ownPostsTable!, `slug#${slug}`)).toBeUndefined();
  });
});

describe('slugs (attacker)', () => {
  it.each([
    ['../admin', SLUG_MESSAGES.pattern],
    ['api', SLUG_MESSAGES.route('api')],
    ['about', SLUG_MESSAGES.route('about')],
    ['blog', SLUG_MESSAGES.route('blog')],
    ['newsletter', SLUG_MESSAGES.route('newsletter')],
    ['Hiring', SLUG_MESSAGES.pattern],
    ['a/b', SLUG_MESSAGES.pattern],
    ['%2e%2e', SLUG_MESSAGES.pattern],
  ])('refuses %s as a post address, by the live check and on save, storing nothing', async (slug, message) => {
    const check = await call('slugCheck', { query: { slug } });
    const created = await call('create', { json: fieldsFor(slug) });

    expect(check.json).toEqual({ slug, problem: message });
    expect(created.statusCode).toBe(400);
    expect(created.json.message).toContain(message);
    expect(await readItem(ownPostsTable!, `slug#${slug}`)).toBeUndefined();
  });

  it("refuses another post's address, naming that post", async () => {
    const taken = await create();
    const mine = await create();

    const check = await call('slugCheck', { query: { slug: taken.slug, id: mine.id } });
    const saved = await save(mine, { slug: taken.slug });

    const words = POST_MESSAGES.slugTaken(taken.slug, POST_MESSAGES.heldAsAddress(taken.title));
    expect(check.json.problem).toBe(words);
    expect(saved.statusCode).toBe(409);
    expect(saved.json.message).toBe(words);
    expect(await stored(mine.id)).toMatchObject({ slug: mine.slug, version: 1 });
    expect((await call('slugCheck', { query: { slug: mine.slug, id: mine.id } })).json).toEqual({ slug: mine.slug });
  });

  it('gives one address to one of two posts created with it at once', async () => {
    const slug = newSlug();

    const answers = await Promise.all([0, 1].map((as) => call('create', { as, json: fieldsFor(slug) })));

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json.post.id;
    expect(await readItem(ownPostsTable!, `slug#${slug}`)).toMatchObject({ postId: winner });
    const listed = (await call('list')).json.posts.filter((row: { slug: string }) => row.slug === slug);
    expect(listed.map((row: { id: string }) => row.id)).toEqual([winner]);
  });
});

describe('hostile Markdown (attacker)', () => {
  it.each([
    ['a script', 'Hello.\n\n<script>alert(1)</script>', 'cannot hold HTML'],
    ['an image that runs code', 'Hello <img src=x onerror=alert(1)> there.', 'cannot hold HTML'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', 'cannot hold HTML'],
    ['an HTML comment other than the marker', 'Hello.\n\n<!-- <script> -->', 'cannot hold HTML'],
    ['a javascript: link', '[Click](javascript:alert(1))', 'javascript:alert(1'],
    ['a javascript: link by reference', '[Click][x]\n\n[x]: javascript:alert(1)', 'javascript:alert(1)'],
    ['a data: link', '[Open](data:text/html;base64,PHNjcmlwdD4=)', 'data:text/html'],
    ['a remote image (a tracking pixel)', '![Logo](https://tracker.example/p.gif)', "one of the site's own"],
    ['an image without words', '![](/images/blog/quiet-quitting.svg#1200x630)', 'needs words'],
    ['the marker twice', 'One.\n\n<!-- mid-article -->\n\nTwo.\n\n<!-- mid-article -->\n\nThree.', 'may appear once'],
  ])('refuses %s, on a new post and on a save, storing nothing', async (_case, markdown, words) => {
    const slug = newSlug();
    const post = await create();

    const created = await call('create', { json: { ...fieldsFor(slug), markdown } });
    const saved = await save(post, { markdown });

    for (const answer of [created, saved]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json.message).toContain(words);
    }
    expect(await readItem(ownPostsTable!, `slug#${slug}`)).toBeUndefined();
    expect(await stored(post.id)).toMatchObject({ version: 1, markdown: fieldsFor(post.slug).markdown });
  });

  it("takes the site's own images with their size, and autolinks", async () => {
    const markdown =
      'See ![A checklist](/images/blog/hiring-for-the-holidays-infographic.svg#1200x1500 "The checklist").\n\n<https://crtc.gc.ca> and <hello@chinooktalent.ca>.';
    const answer = await call('create', { json: { ...fieldsFor(newSlug()), markdown } });

    expect(answer.statusCode).toBe(201);
  });
});

describe('publishing', () => {
  it('publishes the saved revision now, asks the publisher for a run, and keeps it while later saves wait', async () => {
    const post = await create();
    const runs = publisher.count();

    const answer = await publish(post);
    const later = (await save(answer.json.post, { title: 'Not yet on the site' })).json.post;

    expect(answer.statusCode).toBe(202);
    expect(answer.json.message).toBe(POST_MESSAGES.publishing(`/${post.slug}`));
    expect(answer.json.post).toMatchObject({ state: 'published', publishedRevision: 1, publishedSlug: post.slug });
    expect(publisher.count()).toBe(runs + 1);
    expect(later).toMatchObject({ version: 2, publishedRevision: 1, state: 'published' });
    expect(await live(post.id)).toMatchObject({ slug: post.slug, title: post.title, revision: 1, redirectsFrom: [] });
    expect(await actions(post.id)).toEqual(['post.create', 'post.publish', 'post.save']);
  });

  it("makes a published post's old addresses lead to it once published again, chains in one hop", async () => {
    const post = await create();
    const [second, third] = [newSlug(), newSlug()];
    let current = (await publish(post)).json.post;
    current = (await save(current, { slug: second })).json.post;
    current = (await publish(current)).json.post;
    current = (await save(current, { slug: third })).json.post;

    expect((await live(post.id))!.slug).toBe(second);
    current = (await publish(current)).json.post;

    expect(current).toMatchObject({ slug: third, publishedSlug: third, redirectsFrom: [post.slug, second].sort() });
    expect(await live(post.id)).toMatchObject({ slug: third, redirectsFrom: [post.slug, second].sort() });
    for (const old of [post.slug, second])
      expect((await call('slugCheck', { query: { slug: old } })).json.problem).toBe(
        POST_MESSAGES.slugTaken(old, POST_MESSAGES.heldAsRedirect(post.title)),
      );
    expect((await actions(post.id)).filter((action) => action === 'post.slug-change')).toHaveLength(2);
  });

  it('takes a post off the site and asks the publisher, and refuses when it is not on the site', async () => {
    const post = (await publish(await create())).json.post;
    const runs = publisher.count();

    const down = await call('unpublish', { id: post.id, json: {} });
    const again = await call('unpublish', { id: post.id, json: {} });

    expect(down.statusCode).toBe(202);
    expect(down.json.post).toMatchObject({ state: 'unpublished' });
    expect(down.json.post).not.toHaveProperty('publishedRevision');
    expect(publisher.count()).toBe(runs + 1);
    expect(await live(post.id)).toBeUndefined();
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe(POST_MESSAGES.notPublished);
    const deleted = await call('delete', { id: post.id, method: 'DELETE', json: { version: post.version } });
    expect(deleted.json.message).toBe(POST_MESSAGES.deletePublished);
  });

  it('of two owners publishing at once, puts the post on the site once', async () => {
    const post = await create();

    const answers = await Promise.all([publish(post, {}, 0), publish(post, {}, 1)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect((await readPublishedPosts(store)).filter((published) => published.id === post.id)).toEqual([
      expect.objectContaining({ slug: post.slug, revision: 1 }),
    ]);
  });

  it('refuses a time in the past', async () => {
    const post = await create();
    const answer = await publish(post, { at: '2020-01-01T09:00:00-07:00' });

    expect(answer.statusCode).toBe(400);
    expect(answer.json.message).toBe(POST_MESSAGES.badTime);
    expect(await stored(post.id)).toMatchObject({ state: 'draft' });
  });
});

describe('scheduling', () => {
  const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

  it('schedules the saved revision, which the fired schedule publishes, not a later save', async () => {
    const post = await create();
    const scheduled = await publish(post, { at: inAnHour() });
    await save(scheduled.json.post, { title: 'Written after scheduling' });
    const { scheduleToken } = (await stored(post.id))!;

    const twice = await publish({ ...post, version: 2 });
    const fired = await publishScheduledPost(
      store,
      { postId: post.id, token: scheduleToken },
      Math.floor(Date.now() / 1000),
    );

    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json.post).toMatchObject({ state: 'scheduled', scheduledRevision: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json.message).toBe(POST_MESSAGES.alreadyScheduled);
    expect(fired).toBe(true);
    expect(await live(post.id)).toMatchObject({ title: post.title, revision: 1 });
    expect(await stored(post.id)).not.toHaveProperty('scheduleToken');
    expect(await actions(post.id)).toEqual(['post.create', 'post.schedule', 'post.save']);
  });

  it('publishes nothing when a schedule fires after its cancel (attacker: a stale schedule)', async () => {
    const post = await create();
    await publish(post, { at: inAnHour() });
    const { scheduleToken } = (await stored(post.id))!;

    const cancelled = await call('cancelSchedule', { id: post.id, json: {} });
    const fired = await publishScheduledPost(
      store,
      { postId: post.id, token: scheduleToken },
      Math.floor(Date.now() / 1000),
    );

    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json).toMatchObject({ message: POST_MESSAGES.cancelled, post: { state: 'draft' } });
    expect(fired).toBe(false);
    expect(await live(post.id)).toBeUndefined();
    expect(await stored(post.id)).toMatchObject({ state: 'draft' });
    expect(await actions(post.id)).toEqual(['post.create', 'post.schedule', 'post.cancel-schedule']);
  });
});
