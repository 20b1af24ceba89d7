/**
 * The blog's one renderer (web/render/blog-site.tsx), as the publisher and the console's preview
 * call it: every object of the blog, and pages the client hydrates without a mismatch.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { PublishedPost, SiteObject } from '#shared/blog-site.ts';
import { renderBlogObjects, renderPostPreview } from '#web/render/blog-site.tsx';
import { App } from '#web/src/app/App.tsx';
import { loadPageFor } from '#web/src/app/routing.tsx';
import { FIXTURE_PUBLISHED } from '#test/support/fixture-posts.ts';
import { TEST_KIT, TEST_SITE, renderTestBlog, serveBlogData } from '#test/support/site-blog.ts';

const objects = renderTestBlog(FIXTURE_PUBLISHED);
const objectAt = (key: string) => {
  const object = objects.find((candidate) => candidate.key === key);
  if (!object) throw new Error(`no object ${key}`);
  return object;
};
const FACETS = "facets-of-jobs-why-it's-so-hard-to-hire-good-people";
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\n<\/body>/.exec(html)![1]!;

describe('renderBlogObjects', () => {
  it("makes each post's page and data file, /blog and its catalog, the feed and the blog's sitemap, each with its path", () => {
    const keys = objects.map(({ key }) => key);
    expect(keys).toHaveLength(25 * 2 + 4);
    expect(objectAt(`blog-posts/${FACETS}/index.html`)).toMatchObject({
      paths: [`/${FACETS}`],
      contentType: 'text/html; charset=utf-8',
    });
    expect(objectAt(`blog-data/posts/${FACETS}.json`)).toMatchObject({
      paths: [`/blog-data/posts/${FACETS}.json`],
      contentType: 'application/json; charset=utf-8',
    });
    expect(objects.slice(-4).map(({ key, paths, contentType }) => ({ key, paths, contentType }))).toEqual([
      {
        key: 'blog-data/catalog.json',
        paths: ['/blog-data/catalog.json'],
        contentType: 'application/json; charset=utf-8',
      },
      { key: 'blog/index.html', paths: ['/blog'], contentType: 'text/html; charset=utf-8' },
      { key: 'rss.xml', paths: ['/rss.xml'], contentType: 'application/rss+xml; charset=utf-8' },
      { key: 'blog-sitemap.xml', paths: ['/blog-sitemap.xml'], contentType: 'application/xml; charset=utf-8' },
    ]);
  });

  it('lists the posts newest first whatever order they come in, in the catalog, the feed and the sitemap', () => {
    const shuffled = renderBlogObjects([...FIXTURE_PUBLISHED].reverse(), TEST_KIT, TEST_SITE);
    const body = (key: string) => shuffled.find((object) => object.key === key)!.body;
    const slugs = FIXTURE_PUBLISHED.map(({ slug }) => slug);
    expect(
      (JSON.parse(body('blog-data/catalog.json')) as { posts: { slug: string }[] }).posts.map((p) => p.slug),
    ).toEqual(slugs);
    expect(
      [
        ...body('rss.xml').matchAll(
          /<item>\s*<title>[^<]*<\/title>\s*<link>https:\/\/www\.example\.ca\/([^<]+)<\/link>/g,
        ),
      ].map((m) => m[1]),
    ).toEqual(slugs.map((slug) => slug.replace(/'/g, '&apos;')));
    expect(body('blog-sitemap.xml').match(/<url>/g)).toHaveLength(26);
    expect(shuffled.map(({ key, body: text }) => [key, text])).toEqual(
      objects.map(({ key, body: text }) => [key, text]),
    );
  });

  it("describes a post in <head> with its own words and image, and asks for its data with the page's chunks", () => {
    const post: PublishedPost = { ...FIXTURE_PUBLISHED[11]!, socialTitle: 'Why good people are hard to hire' };
    const html = renderBlogObjects([post], TEST_KIT, TEST_SITE).find(({ key }) => key.startsWith('blog-posts/'))!.body;
    expect(html).toContain(`<title>${post.title.replace(/'/g, '&#39;')} | Chinook Talent Partners</title>`);
    expect(html).toContain(`<meta name="description" content="${post.metaDescription.replace(/'/g, '&#39;')}">`);
    expect(html).toContain(
      `<link rel="canonical" href="${TEST_SITE}/facets-of-jobs-why-it&#39;s-so-hard-to-hire-good-people">`,
    );
    expect(html).toContain('<meta property="og:title" content="Why good people are hard to hire">');
    expect(html).toContain(
      `<meta property="og:image" content="${TEST_SITE}/images/blog/og/facets-of-jobs-why-its-so-hard-to-hire-good-people.png">`,
    );
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain(
      'data-preload="/blog-data/posts/facets-of-jobs-why-it&#39;s-so-hard-to-hire-good-people.json"',
    );
  });

  it('renders the settings the client was built with (the kit’s), not those of whoever renders', () => {
    const kit = { ...TEST_KIT, config: { ...TEST_KIT.config, bookCallUrl: 'https://book.example.ca/kit' } };
    const html = renderBlogObjects([FIXTURE_PUBLISHED[0]!], kit, TEST_SITE)[0]!.body;
    expect(html).toContain('href="https://book.example.ca/kit"');
  });

  it('shows a month-only date as the month, and a post without images without them', () => {
    const post: PublishedPost = {
      ...FIXTURE_PUBLISHED[21]!,
      banner: undefined,
      thumbnail: undefined,
      socialImage: undefined,
    };
    const [page, data, catalog, index] = renderBlogObjects([post], TEST_KIT, TEST_SITE);
    expect(page!.body).toContain('<time dateTime="2022-12">December 2022</time>');
    expect(page!.body).not.toContain('post-banner');
    expect(page!.body).toContain(`<meta property="og:image" content="${TEST_SITE}/images/og-default.png">`);
    expect(JSON.parse(data!.body)).toMatchObject({ post: { dateText: 'December 2022', isoDate: '2022-12-01' } });
    expect(JSON.parse(catalog!.body).posts[0]).not.toHaveProperty('image');
    expect(index!.body).not.toContain('post-card-image');
  });

  it('refuses a post whose body it cannot split, naming the post', () => {
    const post = {
      ...FIXTURE_PUBLISHED[3]!,
      markdown: 'One.\n\n<!-- mid-article -->\n\nTwo.\n\n<!-- mid-article -->\n\nThree.',
    };
    expect(() => renderBlogObjects([post], TEST_KIT, TEST_SITE)).toThrow(
      `The post "${post.slug}" cannot be rendered: its body has "<!-- mid-article -->" 2 times`,
    );
  });
});

describe("the publisher's pages in the browser", () => {
  afterEach(() => jest.restoreAllMocks());

  /** Hydrates a page's #root with the client's app at its path, its data served as published. */
  async function hydrate(object: SiteObject) {
    const [pathname] = object.paths as [string];
    serveBlogData(objects);
    await loadPageFor(pathname);
    const container = document.createElement('div');
    container.innerHTML = rootOf(object.body);
    const serverDom = container.innerHTML;
    document.body.append(container);
    const consoleError = jest.spyOn(console, 'error');
    const recoverableErrors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <MemoryRouter initialEntries={[pathname]}>
          <App />
        </MemoryRouter>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      ),
    );
    const result = {
      recoverableErrors,
      consoleErrors: consoleError.mock.calls,
      same: container.innerHTML === serverDom,
    };
    act(() => root.unmount());
    container.remove();
    return result;
  }

  it.each([`blog-posts/${FACETS}/index.html`, 'blog-posts/navigating-the-hiring-maze/index.html', 'blog/index.html'])(
    '%s hydrates without a mismatch',
    async (key) => {
      expect(await hydrate(objectAt(key))).toEqual({ recoverableErrors: [], consoleErrors: [], same: true });
    },
  );
});

describe('renderPostPreview', () => {
  const [newest, second, third] = FIXTURE_PUBLISHED as [PublishedPost, PublishedPost, PublishedPost];

  it('shows the post as it would be published among the others, with no script', () => {
    const draft: PublishedPost = { ...second, title: 'A better title', markdown: 'New words.\n\nMore words.' };
    const html = renderPostPreview(draft, FIXTURE_PUBLISHED, TEST_KIT, TEST_SITE);
    expect(html).toContain('<h1 class="post-title">A better title</h1>');
    expect(html).toContain('<p>New words.</p>');
    expect(html).toContain(`rel="prev" href="/${newest.slug}"`);
    expect(html).toContain(`rel="next" href="/${third.slug}"`);
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toContain('Hiring clarity starts with a conversation');
    expect(html).toContain('aria-label="Work with us"');
  });

  it('places a post not yet published by its date, first when it is the newest', () => {
    const fresh: PublishedPost = {
      ...newest,
      id: 'a-new-post-000000000000',
      slug: 'a-new-post',
      postedDate: '2026-11-28',
    };
    const html = renderPostPreview(fresh, FIXTURE_PUBLISHED, TEST_KIT, TEST_SITE);
    expect(html).not.toContain('rel="prev"');
    expect(html).toContain(`rel="next" href="/${newest.slug}"`);
  });
});
