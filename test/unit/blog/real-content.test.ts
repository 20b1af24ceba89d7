import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXPECTED_POSTS } from '../../support/spec-posts';
import type { PostSummary } from '#web/src/features/blog/types.ts';

import { generateBlogModules } from '#web/build/blog-content.ts';

/** The real posts in web/content/posts, built into a temporary folder. */
describe('the blog content as written', () => {
  let outDir: string;
  let posts: PostSummary[];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'blog-real-'));
    posts = await generateBlogModules({ outDir });
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it("passes every build check and keeps the spec's posts, in the spec's order, with their dates", () => {
    const bySlug = new Map(posts.map((post) => [post.slug, post]));
    const published = EXPECTED_POSTS.map(({ slug }) => bySlug.get(slug));
    expect(published.map((post) => post?.slug)).toEqual(EXPECTED_POSTS.map(({ slug }) => slug));
    const ids = published.map((post) => post!.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    EXPECTED_POSTS.forEach(({ dateText, subtitle }, index) => {
      expect(published[index]!.dateText).toBe(dateText);
      if (subtitle !== undefined) expect(published[index]!.subtitle).toBe(subtitle);
    });
  });

  it('writes one body module per post and keeps bodies out of the list module', async () => {
    expect((await readdir(path.join(outDir, 'bodies'))).sort()).toEqual(posts.map(({ id }) => `${id}.ts`).sort());
    const list = await readFile(path.join(outDir, 'posts.ts'), 'utf8');
    expect(list).not.toMatch(/<\/?(p|h2|ul|a)\b|before:|after:/);
    const loaders = await readFile(path.join(outDir, 'body-loaders.ts'), 'utf8');
    expect(loaders.match(/import\('\.\/bodies\/\d+'\)/g)).toHaveLength(posts.length);
  });

  it('gives the holiday post its video and infographic', async () => {
    const { id } = posts.find(({ slug }) => slug === 'hiring-for-the-holidays')!;
    const holiday = await readFile(path.join(outDir, 'bodies', `${id}.ts`), 'utf8');
    expect(holiday).toMatch(/<video[^>]*poster=/);
    expect(holiday).toMatch(/<img[^>]*width=/);
  });
});
