import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FIXTURE_EXPECTED,
  frontMatterFor,
  validBody,
  validPosts,
  writeFixtureBlog,
  type FixturePost,
} from './blog-fixtures';

import { BlogContentError, generateBlogModules } from '#web/build/blog-content.ts';

const cleanUps: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(cleanUps.map((cleanUp) => cleanUp())));

async function build(posts: FixturePost[]) {
  const blog = await writeFixtureBlog(posts);
  cleanUps.push(blog.cleanUp);
  return { blog, run: () => generateBlogModules(blog.options) };
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

describe('generateBlogModules on valid posts', () => {
  it('returns the summaries newest first and writes the list, bodies and loaders', async () => {
    const { blog, run } = await build(validPosts());
    const posts = await run();

    expect(posts.map(({ id, slug }) => [id, slug])).toEqual(FIXTURE_EXPECTED.map(({ slug }, id) => [id, slug]));
    expect(posts[1]).toMatchObject({
      isoDate: '2024-06-20',
      image: { src: '/images/blog/its-the-second.svg', width: 1200, height: 630 },
      ogImage: '/images/blog/og/its-the-second.png',
    });
    expect(posts[2].subtitle).toBe('Part II');

    const list = await readFile(path.join(blog.outDir, 'posts.ts'), 'utf8');
    expect(list).toContain('export const POSTS: PostSummary[]');
    expect(list).not.toContain('Opening paragraph');
    const body = await readFile(path.join(blog.outDir, 'bodies', '0.ts'), 'utf8');
    expect(body).toContain('export default body');
    expect(body).toMatch(/before: ".*Opening paragraph.*A section/);
    expect(body).toMatch(/after: ".*Another section.*Closing paragraph/);
    const loaders = await readFile(path.join(blog.outDir, 'body-loaders.ts'), 'utf8');
    expect(loaders).toContain("0: () => import('./bodies/0'),");
    expect(loaders).toContain("2: () => import('./bodies/2'),");
  });

  it('renders headings with ids and external links that open safely and say so', async () => {
    const links = '\n\nSee [the study](https://example.org/study) and [our process](/about).\n\n## A section\n';
    const { blog, run } = await build(withPost(0, { body: validBody(links) }));
    await run();
    const body = await readFile(path.join(blog.outDir, 'bodies', '0.ts'), 'utf8');

    expect(body).toContain('<h2 id=\\"a-section\\">A section</h2>');
    expect(body).toContain('<h2 id=\\"a-section-2\\">A section</h2>');
    expect(body).toContain(
      '<a href=\\"https://example.org/study\\" target=\\"_blank\\" rel=\\"noopener noreferrer\\">the study<span class=\\"visually-hidden\\"> (opens in a new tab)</span></a>',
    );
    expect(body).toContain('<a href=\\"/about\\">our process</a>');
    expect(body).not.toContain('<!-- mid-article -->');
  });
});

describe('generateBlogModules rejects', () => {
  it.each([
    [
      'a post without the marker',
      withPost(1, { body: 'Just text.\n' }),
      'needs exactly one line "<!-- mid-article -->", found 0',
    ],
    ['a post with two markers', withPost(1, { body: validBody('\n\n<!-- mid-article -->\n\nMore.') }), 'found 2'],
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
    ['an inline style', withPost(1, { body: validBody('\n\n<p style="color:red">Red</p>') }), 'inline style attribute'],
    ['a script', withPost(1, { body: validBody('\n\n<script>alert(1)</script>') }), '<script> element'],
    ['a level-1 heading', withPost(1, { body: `# Big\n\n${validBody()}` }), 'level-1 heading'],
    [
      'an unsized image',
      withPost(1, { body: validBody('\n\n![Chart](/images/blog/first-post.svg)') }),
      'needs width and height',
    ],
    [
      'a missing local image',
      withPost(1, { body: validBody('\n\n<img src="/images/nope.png" width="1" height="1" alt="">') }),
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
      'must open in a new tab',
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
      { frontMatter: frontMatterFor(2), body: 'No marker.' },
    ]);
    expect(message).toMatch(/\(2 problems\)/);
  });
});
