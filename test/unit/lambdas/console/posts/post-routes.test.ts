/**
 * The Posts screen's draft routes (lambdas/console/posts/post-routes.ts: create, list, save, delete)
 * through the console's router and signed-in kit, in process, against the file's own dynalite's
 * Posts table: what an owner is answered, the post, revision and slug items stored, and the audit
 * log. Images, publishing and schedules (S3, the Scheduler, the publisher) are not here.
 */
import '#test/unit/support/env.ts';
import { POST_CONSOLE_ROUTES } from '#lambdas/console/posts/post-routes.ts';
import { POST_MESSAGES } from '#lambdas/console/posts/post-messages.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { OWNER, signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { send, signIn, auditOf } = signedInConsole(tables, POST_CONSOLE_ROUTES);

/** What the editor sends for a post. */
const fields = (title: string, slug: string, postedDate = '2026-11-20') => ({
  title,
  slug,
  postedDate,
  markdown: 'Calgary employers are hiring again.',
});

/** Writes a new post as the editor does; its draft as answered. */
const created = async (title: string, slug: string, postedDate?: string) =>
  (await send('POST', '/api/admin/posts/new', fields(title, slug, postedDate))).json as {
    post: { id: string; version: number };
  };

/** Every item of the Posts table whose id starts with `prefix`. */
const stored = (prefix: string) => tables.all(tables.names.posts, prefix);

beforeEach(async () => {
  await signIn();
});

describe("the Posts screen's draft routes", () => {
  it('writes a new post as a draft at revision 1, its slug claimed, and logs it', async () => {
    const answer = await send('POST', '/api/admin/posts/new', fields('Hiring in Calgary', 'hiring-in-calgary'));
    const { id } = (answer.json as { post: { id: string } }).post;

    expect(answer).toMatchObject({
      statusCode: 201,
      json: { message: POST_MESSAGES.created('Hiring in Calgary'), post: { state: 'draft', version: 1 } },
    });
    expect(await stored(`post#`)).toEqual([
      expect.objectContaining({ postId: id, title: 'Hiring in Calgary', state: 'draft', version: 1, updatedBy: OWNER }),
    ]);
    expect(await stored('revision#')).toEqual([expect.objectContaining({ postId: id, revision: 1, savedBy: OWNER })]);
    expect(await stored('slug#')).toEqual([expect.objectContaining({ slug: 'hiring-in-calgary', postId: id })]);
    expect(await auditOf('post.create')).toEqual([
      expect.objectContaining({
        actor: OWNER,
        target: id,
        summary: 'Wrote the new post "Hiring in Calgary" (a draft at /hiring-in-calgary)',
      }),
    ]);
  });

  it("refuses a new post at another post's address (409, naming it), storing nothing for it", async () => {
    await created('Hiring in Calgary', 'hiring-in-calgary');

    const answer = await send('POST', '/api/admin/posts/new', fields('Another', 'hiring-in-calgary'));

    expect(answer).toMatchObject({
      statusCode: 409,
      json: {
        message: POST_MESSAGES.slugTaken('hiring-in-calgary', POST_MESSAGES.heldAsAddress('Hiring in Calgary')),
      },
    });
    expect((await stored('post#')).map((post) => post.title)).toEqual(['Hiring in Calgary']);
    expect(await auditOf('post.create')).toHaveLength(1);
  });

  it('saves on the version the owner saw as the next revision, once: a save on that version again is refused (409)', async () => {
    const { post } = await created('Hiring in Calgary', 'hiring-in-calgary');
    const save = (title: string) =>
      send('PUT', `/api/admin/posts/${post.id}`, { ...fields(title, 'hiring-in-calgary'), version: 1 });

    const saved = await save('Hiring in Calgary, 2027');
    const stale = await save('Hiring in Alberta');

    expect(saved).toMatchObject({
      statusCode: 200,
      json: { message: POST_MESSAGES.saved('Hiring in Calgary, 2027'), post: { version: 2 } },
    });
    expect(stale).toMatchObject({ statusCode: 409, json: { message: POST_MESSAGES.changedMeanwhile } });
    expect(await stored('post#')).toEqual([expect.objectContaining({ title: 'Hiring in Calgary, 2027', version: 2 })]);
    expect((await stored('revision#')).map((revision) => revision.revision)).toEqual([1, 2]);
    expect(await auditOf('post.save')).toEqual([
      expect.objectContaining({
        actor: OWNER,
        target: post.id,
        summary: 'Saved "Hiring in Calgary, 2027" (revision 2)',
      }),
    ]);
  });

  it('lists every post by the date it shows, newest first, without their bodies', async () => {
    await created('Older', 'older', '2026-10-01');
    await created('Newer', 'newer', '2026-11-01');

    const answer = await send('GET', '/api/admin/posts/all');
    const { posts } = answer.json as { posts: Record<string, unknown>[] };

    expect(answer.statusCode).toBe(200);
    expect(posts.map((post) => [post.title, post.postedDate, post.state])).toEqual([
      ['Newer', '2026-11-01', 'draft'],
      ['Older', '2026-10-01', 'draft'],
    ]);
    expect(posts[0]).not.toHaveProperty('markdown');
  });

  it('deletes a draft on the version seen, its revisions and slug with it, and logs it; a stale version is refused', async () => {
    const { post } = await created('Hiring in Calgary', 'hiring-in-calgary');

    const stale = await send('DELETE', `/api/admin/posts/${post.id}`, { version: 2 });
    const deleted = await send('DELETE', `/api/admin/posts/${post.id}`, { version: 1 });
    const again = await send('DELETE', `/api/admin/posts/${post.id}`, { version: 1 });

    expect(stale).toMatchObject({ statusCode: 409, json: { message: POST_MESSAGES.changedMeanwhile } });
    expect(deleted).toMatchObject({ statusCode: 200, json: { message: POST_MESSAGES.deleted('Hiring in Calgary') } });
    expect(again).toMatchObject({ statusCode: 404, json: { message: POST_MESSAGES.noSuchPost } });
    expect(await stored('')).toEqual([]);
    expect(await auditOf('post.delete')).toEqual([
      expect.objectContaining({ actor: OWNER, target: post.id, summary: 'Deleted the draft "Hiring in Calgary"' }),
    ]);
  });
});
