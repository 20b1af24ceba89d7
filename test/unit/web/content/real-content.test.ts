import { EXPECTED_POSTS } from '#test/support/spec-posts.ts';
import type { PublishedPost } from '#shared/blog-site.ts';
import { readSeedPosts } from '#web/build/blog-content.ts';
import { renderPostBody } from '#web/render/post-markdown.ts';
import { postSummary } from '#web/render/post-views.ts';

/** The real posts in web/content/posts: the seed of a new stack's blog. */
describe('the blog content as written', () => {
  let posts: PublishedPost[];

  beforeAll(async () => {
    posts = await readSeedPosts();
  });

  it("passes every check and keeps the spec's posts, in the spec's order, with their dates", () => {
    expect(posts.map(({ slug }) => slug)).toEqual(EXPECTED_POSTS.map(({ slug }) => slug));
    EXPECTED_POSTS.forEach(({ dateText, subtitle }, index) => {
      const summary = postSummary(posts[index]!);
      expect(summary.dateText).toBe(dateText);
      if (subtitle !== undefined) expect(summary.subtitle).toBe(subtitle);
    });
  });

  it('gives the engagement post its legacy slug, which answers 301 to it', () => {
    const engagement = posts.find(({ slug }) => slug === 'friction-free-employee-engagement');
    expect(engagement?.redirectsFrom).toEqual(['friction-free-employment-engagement']);
  });

  it('gives the holiday post its video and infographic', () => {
    const holiday = posts.find(({ slug }) => slug === 'hiring-for-the-holidays')!;
    const body = renderPostBody(holiday.markdown);
    const html = 'problem' in body ? body.problem : body.before + body.after;
    expect(html).toMatch(/<video[^>]*poster=/);
    expect(html).toMatch(/<img[^>]*width=/);
  });
});
