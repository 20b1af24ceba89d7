import { postMeta } from '#web/src/features/blog/post-meta.ts';
import { FIXTURE_POSTS } from '#test/support/fixture-posts.ts';

const SITE = 'https://www.example.ca';

describe('postMeta', () => {
  it('describes the post as an article at its own path', () => {
    const post = FIXTURE_POSTS[0]!;
    expect(postMeta(post, SITE)).toMatchObject({
      title: post.title,
      description: post.description,
      path: '/navigating-the-hiring-maze',
      ogTitle: post.title,
      ogImage: '/images/blog/og/navigating-the-hiring-maze.png',
      ogType: 'article',
    });
  });

  it('gives social sites the social title where the post has one', () => {
    expect(postMeta({ ...FIXTURE_POSTS[0]!, socialTitle: 'Out of the maze' }, SITE).ogTitle).toBe('Out of the maze');
  });

  it('adds BlogPosting structured data with a Person author when the post names one', () => {
    const { jsonLd } = postMeta(FIXTURE_POSTS[0]!, SITE);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: FIXTURE_POSTS[0]!.title,
      datePublished: '2024-07-18',
      author: { '@type': 'Person', name: 'Maren Holt' },
      image: `${SITE}/images/blog/og/navigating-the-hiring-maze.png`,
      publisher: { '@type': 'Organization', name: 'Chinook Talent Partners' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/navigating-the-hiring-maze` },
    });
  });

  it('credits the firm when the post has no author', () => {
    expect(postMeta(FIXTURE_POSTS[1]!, SITE).jsonLd?.author).toMatchObject({
      '@type': 'Organization',
      name: 'Chinook Talent Partners',
    });
  });
});
