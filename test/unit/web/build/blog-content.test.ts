import {
  FIXTURE_EXPECTED,
  frontMatterFor,
  validBody,
  validPosts,
  writeFixtureBlog,
  type FixturePost,
} from './blog-fixtures';

import { BlogContentError, readSeedPosts } from '#web/build/blog-content.ts';
import { renderPostBody } from '#web/render/post-markdown.ts';

const cleanUps: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(cleanUps.map((cleanUp) => cleanUp())));

async function build(posts: FixturePost[]) {
  const blog = await writeFixtureBlog(posts);
  cleanUps.push(blog.cleanUp);
  return { blog, run: () => readSeedPosts(blog.options) };
}

/** The build's error message for these posts (the test fails if the build passes). */
async function problemsOf(posts: FixturePost[]): Promise<string> {
  const { run } = await build(posts);
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BlogContentError);
  return (error as Error).message;
}

/** The valid blog with post `id` replaced. */
const withPost = (id: number, post: Partial<FixturePost> & { frontMatter?: Record<string, unknown> }): FixturePost[] =>
  validPosts().map((original, index) => (index === id ? { ...original, ...post } : original));

const withFrontMatter = (id: number, changes: Record<string, unknown>) =>
  withPost(id, { frontMatter: { ...frontMatterFor(id), ...changes } });

describe('readSeedPosts on valid posts', () => {
  it('returns the posts newest first, as the renderer takes them', async () => {
    const { run } = await build(validPosts());
    const posts = await run();

    expect(posts.map(({ slug }) => slug)).toEqual(FIXTURE_EXPECTED.map(({ slug }) => slug));
    expect(posts[1]).toMatchObject({
      title: 'Post 1',
      subtitle: '',
      postedDate: '2024-06-20',
      author: '',
      banner: { src: '/images/blog/its-the-second.svg', width: 1200, height: 630, alt: '' },
      socialImage: { src: '/images/blog/og/its-the-second.png', width: 1200, height: 630, alt: '' },
      metaDescription: 'About post 1.',
      socialTitle: '',
      revision: 1,
      redirectsFrom: [],
    });
    expect(posts[1]!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(posts[1]).not.toHaveProperty('thumbnail');
    expect(posts[2]).toMatchObject({ subtitle: 'Part II', postedDate: '2022-12' });
    expect(posts[0]!.markdown).toBe(validBody().trim());
  });
});

describe('a post body', () => {
  it('renders headings with ids and external links that open safely and say so', () => {
    const links = '\n\nSee [the study](https://example.org/study) and [our process](/about).\n\n## A section\n';
    const body = renderPostBody(validBody(links));
    const html = 'problem' in body ? body.problem : `${body.before}\n${body.after}`;

    expect(html).toContain('<h2 id="a-section">A section</h2>');
    expect(html).toContain('<h2 id="a-section-2">A section</h2>');
    expect(html).toContain(
      '<a href="https://example.org/study" target="_blank" rel="noopener noreferrer">the study<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
    expect(html).toContain('<a href="/about">our process</a>');
    expect(html).not.toContain('<!-- mid-article -->');
  });

  it('splits at the marker', () => {
    expect(renderPostBody(validBody())).toEqual({
      before: '<p>Opening paragraph.</p>\n<h2 id="a-section">A section</h2>\n<p>More text.</p>',
      after: '<h2 id="another-section">Another section</h2>\n<p>Closing paragraph.</p>',
    });
  });

  it('without the marker, puts the shared block after the middle block of the text', () => {
    expect(renderPostBody('One.\n\nTwo.\n\nThree.\n\nFour.\n\nFive.\n')).toEqual({
      before: '<p>One.</p>\n<p>Two.</p>\n<p>Three.</p>',
      after: '<p>Four.</p>\n<p>Five.</p>',
    });
    expect(renderPostBody('Only one paragraph.')).toEqual({ before: '<p>Only one paragraph.</p>', after: '' });
  });
});

describe('readSeedPosts rejects', () => {
  it.each([
    [
      'a post with two markers',
      withPost(1, { body: validBody('\n\n<!-- mid-article -->\n\nMore.') }),
      'may appear once',
    ],
    [
      'a marker inside a list',
      withPost(1, { body: 'Intro.\n\n- one\n  <!-- mid-article -->\n- two\n' }),
      'must be on a line of its own',
    ],
    [
      'a marker with nothing after it',
      withPost(1, { body: 'Intro.\n\n<!-- mid-article -->\n' }),
      'body text both before and after',
    ],
    ['an impossible date', withFrontMatter(1, { date: '2024-02-30' }), 'date "2024-02-30" must be an ISO date'],
    ['a date in another format', withFrontMatter(1, { date: '06/20/2024' }), 'must be an ISO date'],
    [
      'a date text in another format',
      withFrontMatter(1, { dateText: '20 June 2024' }),
      'must read like "May 16, 2024"',
    ],
    [
      'a date text that disagrees with the date',
      withFrontMatter(1, { date: '2024-06-21' }),
      'does not match date 2024-06-21',
    ],
    ['a missing title', withFrontMatter(1, { title: undefined }), 'title is missing'],
    ['an unknown front matter key', withFrontMatter(1, { tags: 'hiring' }), 'unknown front matter key "tags"'],
    ['an author line starting with By', withFrontMatter(0, { author: 'By Maren Holt' }), 'author is a name only'],
    ['an inline style', withPost(1, { body: validBody('\n\n<p style="color:red">Red</p>') }), 'cannot hold HTML'],
    ['a script', withPost(1, { body: validBody('\n\n<script>alert(1)</script>') }), 'cannot hold HTML'],
    ['a level-1 heading', withPost(1, { body: `# Big\n\n${validBody()}` }), 'level-1 heading'],
    [
      'an unsized image',
      withPost(1, { body: validBody('\n\n![Chart](/images/blog/first-post.svg)') }),
      'with its size after #',
    ],
    [
      'a missing local image',
      withPost(1, { body: validBody('\n\n![Nothing](/images/nope.png#1x1)') }),
      'src /images/nope.png is not in web/public',
    ],
    [
      'a link to no page',
      withPost(1, { body: validBody('\n\nSee [this](/no-such-page).') }),
      'link to /no-such-page points at no page',
    ],
    [
      'a raw external link without rel',
      withPost(1, { body: validBody('\n\n<a href="https://example.org">x</a>') }),
      'cannot hold HTML',
    ],
    [
      'a file name that disagrees with id and slug',
      withPost(1, { fileName: '01-second.md' }),
      'file name should be 01-its-the-second.md',
    ],
  ])('%s, naming the file', async (_, posts, problem) => {
    const message = await problemsOf(posts);
    expect(message).toContain(problem);
    expect(message).toMatch(/posts[/\\]0\d-[^:]+\.md: /);
  });

  it('a missing post, a duplicate id and a wrong order', async () => {
    const [first, second, third] = validPosts();
    expect(await problemsOf([first, third])).toContain('post 1 is missing (ids run 0..2 without gaps)');

    const duplicate = { frontMatter: { ...second.frontMatter, id: 0 } };
    const duplicateMessage = await problemsOf([first, duplicate, third]);
    expect(duplicateMessage).toContain('id 0 is used by more than one post');
    expect(duplicateMessage).toContain('post 1 is missing (ids run 0..2 without gaps)');

    const swapped = [
      { frontMatter: { ...frontMatterFor(0), id: 1 }, fileName: '01-first-post.md' },
      { frontMatter: { ...frontMatterFor(1), id: 0 }, fileName: '00-its-the-second.md' },
      third,
    ];
    expect(await problemsOf(swapped)).toContain(
      'date 2024-07-18 is newer than post 0 (2024-06-20); the list is newest first',
    );
  });

  it('a missing post image', async () => {
    const extra = { frontMatter: { ...frontMatterFor(2), id: 3, slug: 'fourth-post' } };
    const message = await problemsOf([...validPosts(), extra]);
    expect(message).toContain('image /images/blog/fourth-post.svg is not in web/public');
  });

  it('every problem at once rather than one per build', async () => {
    const message = await problemsOf([
      ...withFrontMatter(1, { dateText: 'someday' }).slice(0, 2),
      { frontMatter: frontMatterFor(2), body: validBody('\n\n<!-- mid-article -->\n\nMore.') },
    ]);
    expect(message).toMatch(/\(2 problems\)/);
  });
});
