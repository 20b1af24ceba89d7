/**
 * The repository's posts, as a new stack is seeded with them (lambdas/data/post-seed.generated.ts,
 * written by npm run generate), pass the console's own rules (shared/console/posts-schemas.ts): an
 * owner can open any of them and save it as it is, and nothing the rules refuse reaches the site
 * through the seed. The holiday post's video and infographic are the body media the rules allow.
 */
import { POST_SEED } from '#lambdas/data/post-seed.generated.ts';
import { postFieldsSchema } from '#shared/console/posts-schemas.ts';
import { renderPostBody } from '#web/render/post-markdown.ts';

describe('the seed', () => {
  it.each(POST_SEED.map((post) => [post.fields.slug, post] as const))(
    '%s passes the console\u2019s rules',
    async (_slug, post) => {
      await expect(postFieldsSchema.validate(post.fields, { abortEarly: false })).resolves.toBeDefined();
    },
  );

  it("shows the holiday post's video and infographic as they were, sized, with their captions", () => {
    const post = POST_SEED.find((seed) => seed.fields.slug === 'hiring-for-the-holidays')!;
    const body = renderPostBody(post.fields.markdown) as { before: string; after: string };
    const html = `${body.before}\n${body.after}`;

    expect(html).toContain(
      '<figure class="post-media"><video controls preload="none" width="1280" height="720" poster="/media/hiring-for-the-holidays-poster.jpg"><source src="/media/hiring-for-the-holidays.mp4" type="video/mp4">Your browser does not play this video. The infographic below covers the same checklist.</video><figcaption>A 20-second holiday hiring checklist.</figcaption></figure>',
    );
    expect(html).toMatch(
      /<figure class="post-media"><img src="\/images\/blog\/hiring-for-the-holidays-infographic\.svg" width="1200" height="1500" alt="Holiday hiring checklist: 1\. Clarify[^"]*" loading="lazy"><figcaption>The five-step holiday hiring checklist: [^<]*<\/figcaption><\/figure>/,
    );
  });
});
