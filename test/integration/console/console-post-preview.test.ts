/**
 * The Posts screen's preview (POST_ROUTES.preview, decision 0053): what is typed, saved or not,
 * rendered by the blog's one renderer with the deployed build's render kit (read from the site
 * bucket under the consolePosts function's role) among the posts on the site, so its Previous and
 * Next links are the ones it will have; a body the rules refuse is refused here too.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnPostsTable } from './own-posts-table';
import { RENDER_KIT_KEY } from '#shared/blog-site.ts';
import { POST_ROUTES, type PostDraft } from '#shared/console/posts.ts';
import { TEST_KIT } from '#test/support/site-blog.ts';
import { api, enrol, sessionOf, type Call } from './console-client';
import { startSiteBucketReads } from './site-bucket-reads';

const OWNERS = process.env.CONSOLE_OWNERS!;
const S3_ENDPOINT = process.env.AWS_ENDPOINT_URL_S3;
let session = '';
let bucket: Awaited<ReturnType<typeof startSiteBucketReads>>;

beforeAll(async () => {
  await createOwnPostsTable();
  const owner = `preview.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  bucket = await startSiteBucketReads(process.env.SITE_BUCKET!, { [RENDER_KIT_KEY]: JSON.stringify(TEST_KIT) });
  // Read when the preview first reads the kit (its client is made then).
  process.env.AWS_ENDPOINT_URL_S3 = bucket.endpoint;
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.AWS_ENDPOINT_URL_S3 = S3_ENDPOINT;
  await bucket.close();
});

const call = (name: keyof typeof POST_ROUTES, options: Call & { id?: string } = {}) =>
  api(callOf(POST_ROUTES[name], { id: options.id ?? '' }), { session, ...options });
let slugs = 0;
const fields = (title: string, postedDate: string) => ({
  title,
  slug: `preview-${process.pid}-${(slugs += 1)}`,
  subtitle: '',
  postedDate,
  author: '',
  markdown: `The first words of ${title}.\n\n<!-- mid-article -->\n\nThe last words.`,
  metaDescription: `About ${title}.`,
  socialTitle: '',
});
const published = async (title: string, postedDate: string): Promise<PostDraft> => {
  const post = (await call('create', { json: fields(title, postedDate) })).json.post as PostDraft;
  return (await call('publish', { id: post.id, json: { version: post.version } })).json.post;
};

describe('the preview', () => {
  it('renders what is typed as its page on the site, between the posts it will sit between', async () => {
    const older = await published('An older post', '2031-01-01');
    const newer = await published('A newer post', '2031-03-01');
    const draft = (await call('create', { json: fields('A draft between', '2031-02-01') })).json.post as PostDraft;
    await published('A draft never published stays out', '2031-02-02').then((post) =>
      call('unpublish', { id: post.id, json: {} }),
    );

    const typed = { ...fields('What I am typing', '2031-02-01'), slug: draft.slug, id: draft.id };
    const answer = await call('preview', { json: typed });

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('<h1');
    expect(answer.body).toContain('What I am typing');
    expect(answer.body).toContain('The first words of What I am typing.');
    expect(answer.body).toMatch(new RegExp(`post-nav-previous"><a[^>]*href="/${newer.slug}"`));
    expect(answer.body).toMatch(new RegExp(`post-nav-next"><a[^>]*href="/${older.slug}"`));
    expect(answer.body).not.toContain('A draft never published stays out');
    expect(bucket.reads()).toBe(1);
  });

  it('refuses a body the rules refuse, rendering nothing', async () => {
    const answer = await call('preview', {
      json: { ...fields('Hostile', '2031-02-01'), markdown: 'Hi <script>alert(1)</script>' },
    });

    expect(answer.statusCode).toBe(400);
    expect(answer.json.message).toContain('cannot hold HTML');
  });
});
