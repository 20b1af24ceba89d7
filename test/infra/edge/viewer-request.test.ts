import { loadEdgeHandlers, type EdgeRequest, type EdgeResponse } from '#infra/cdk/edge/edge-code.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import {
  BLOG_CATALOG_PATH,
  BLOG_FILES,
  postDataPath,
  postPageKey,
  postPagePath,
  postRouteKey,
  redirectRouteKey,
} from '#shared/blog-site.ts';
import { CONSOLE_SHELL } from '#shared/console/common.ts';
import { ARCHIVE_ISSUE_VALUE } from '#shared/newsletter-archive.ts';
import { DYNAMIC_PAGES, NOT_FOUND_PAGE } from '#shared/paths.ts';
import { isResponse, ROUTES, viewerRequestEvent } from './edge-events';

/** The edge's KeyValueStore of published issues, posts and redirects, as the publisher left it. */
const routesStore = createLocalKeyValueStore();
routesStore.update([{ key: '2026-spring-news', value: ARCHIVE_ISSUE_VALUE }], []);
const { viewerRequest } = loadEdgeHandlers(ROUTES, routesStore.handle);

/** A store that does not answer, as the edge may find it. */
const unavailableStore = {
  exists: () => Promise.reject(new Error('store unavailable')),
  get: () => Promise.reject(new Error('store unavailable')),
};

const forwarded = async (uri: string, query = {}): Promise<EdgeRequest> => {
  const result = await viewerRequest(viewerRequestEvent(uri, query));
  if (isResponse(result)) throw new Error(`expected a forwarded request for ${uri}, got ${result.statusCode}`);
  return result;
};
const answered = async (uri: string, query = {}): Promise<EdgeResponse> => {
  const result = await viewerRequest(viewerRequestEvent(uri, query));
  if (!isResponse(result)) throw new Error(`expected a response for ${uri}, got uri ${result.uri}`);
  return result;
};

describe('viewer-request: legacy slug', () => {
  it.each(['/friction-free-employment-engagement', '/friction-free-employment-engagement/'])(
    'redirects %s permanently to the new slug',
    async (uri) => {
      const response = await answered(uri);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location.value).toBe('/friction-free-employee-engagement');
    },
  );

  it('keeps the query string, as the viewer encoded it, including repeated keys', async () => {
    const response = await answered('/friction-free-employment-engagement/', {
      utm_source: { value: 'news%20letter' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
      flag: { value: '' },
    });
    expect(response.headers.location.value).toBe(
      '/friction-free-employee-engagement?utm_source=news%20letter&tag=a&tag=b&flag=',
    );
  });

  it('keeps the "=" of an empty value', async () => {
    const response = await answered('/friction-free-employment-engagement', { a: { value: '' }, b: { value: '1' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location.value).toBe('/friction-free-employee-engagement?a=&b=1');
  });
});

describe('viewer-request: pretty URLs', () => {
  it('serves the root from /index.html', async () => {
    expect((await forwarded('/')).uri).toBe('/index.html');
  });

  it.each([
    ['/about', '/about/index.html'],
    ['/employer/form', '/employer/form/index.html'],
    ['/friction-free-employee-engagement', '/friction-free-employee-engagement/index.html'],
  ])('maps %s to %s', async (uri, key) => {
    expect((await forwarded(uri)).uri).toBe(key);
  });

  it('redirects a trailing slash on a known page to the slashless path, keeping the query', async () => {
    const response = await answered('/about/', { ref: { value: 'x' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location.value).toBe('/about?ref=x');
  });

  it('leaves the query string of a forwarded request untouched', async () => {
    const query = { q: { value: '1' } };
    expect((await forwarded('/blog', query)).querystring).toEqual(query);
  });
});

describe('viewer-request: slugs with apostrophes (S3 keys with an apostrophe, reached through a signed origin request)', () => {
  const slug = "/facets-of-jobs-why-it's-so-hard-to-hire-good-people";
  const encoded = '/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people';
  const APOSTROPHE_SLUGS = ROUTES.filter((route) => route.includes("'"));
  /** What SigV4 accepts in a canonical URI: unreserved characters, "/" and %XX escapes only. */
  const STRICTLY_ENCODED = /^(?:[A-Za-z0-9\-_.~/]|%[0-9A-F]{2})+$/;

  it('covers both apostrophe slugs of the blog', async () => {
    expect(APOSTROPHE_SLUGS).toHaveLength(2);
  });

  it.each(APOSTROPHE_SLUGS)('sends %s to S3 strictly encoded, naming the uploaded key', async (route) => {
    for (const uri of [route, route.replace(/'/g, '%27')]) {
      const { uri: originUri } = await forwarded(uri);
      expect(originUri).toMatch(STRICTLY_ENCODED);
      expect(decodeURIComponent(originUri)).toBe(`${route}/index.html`);
    }
  });

  it('finds the page when the apostrophe is percent-encoded or literal', async () => {
    expect((await forwarded(encoded)).uri).toBe(`${encoded}/index.html`);
    expect((await forwarded(slug)).uri).toBe(`${encoded}/index.html`);
  });

  it('redirects the trailing-slash form to the slashless slug', async () => {
    expect((await answered(`${encoded}/`)).headers.location.value).toBe(encoded);
  });
});

describe('viewer-request: subscriber pages', () => {
  const id = 'AbCdEfGhIjKlMnOpQrStUv';

  it.each(DYNAMIC_PAGES.map((page) => [page.prefix, page.shellPath]))(
    'serves %s{id} from its shell',
    async (prefix, shell) => {
      expect((await forwarded(`${prefix}${id}`)).uri).toBe(`${shell}/index.html`);
    },
  );

  it('redirects a trailing slash after the id to the slashless path', async () => {
    expect((await answered(`/unsubscribe/employer/${id}/`)).headers.location.value).toBe(`/unsubscribe/employer/${id}`);
  });

  it.each([
    ['an extra segment', `/unsubscribe/candidate/${id}/more`],
    ['a missing id', '/unsubscribe/candidate/'],
    ['an unknown audience', `/unsubscribe/partner/${id}`],
    ['an unknown audience on settings', `/partner/setting/${id}`],
    ['settings without an id', '/employer/setting'],
  ])('serves the 404 page for %s', async (_, uri) => {
    expect((await forwarded(uri)).uri).toBe(NOT_FOUND_PAGE);
  });
});

describe('viewer-request: files', () => {
  it.each([
    '/assets/app.3f9c2a.js',
    '/assets/main.9d1e.css',
    '/sitemap.xml',
    '/robots.txt',
    '/rss.xml',
    '/favicon.svg',
    '/apple-touch-icon.png',
    '/index.html',
    '/images/team/anna.webp',
    '/media/hiring-for-the-holidays.mp4',
    '/404.html',
  ])('passes %s through unchanged', async (uri) => {
    const request = await forwarded(uri);
    expect(request.uri).toBe(uri);
  });

  it('passes a file under /assets/ through even when the build has no such file (S3 answers)', async () => {
    expect((await forwarded('/assets/chunk-GONE1234.js')).uri).toBe('/assets/chunk-GONE1234.js');
  });

  it('leaves the encoded form of a file path for S3', async () => {
    expect((await forwarded('/images/blog/a%20b.png')).uri).toBe('/images/blog/a%20b.png');
  });

  it.each([
    ['a probe for another platform', '/wp-login.php'],
    ['an old page of the previous site', '/old.html'],
    ['a file in a folder the site does not have', '/wp-admin/install.php'],
    ['a page file under a page', '/about/index.html'],
    ['the route manifest, which is not deployed', '/_routes.json'],
    ['a dotfile', '/.env'],
    ['a root file with a trailing slash', '/sitemap.xml/'],
    ['a root file in another case', '/Sitemap.xml'],
    ['a root file name in a sub-folder', '/blog/rss.xml'],
    ['a file folder itself', '/assets/'],
    ['a sub-folder of a file folder', '/images/team'],
    ['a look-alike of a file folder', '/assets-old/app.js'],
  ])('serves the 404 page for %s (%s)', async (_, uri) => {
    expect((await forwarded(uri)).uri).toBe(NOT_FOUND_PAGE);
  });
});

describe('viewer-request: unknown paths', () => {
  it.each(['/nope', '/about/team', '/blog/2024', '/_shell/unsubscribe-candidate', '/%E0%A4%A'])(
    'rewrites %s to the 404 page',
    async (uri) => {
      expect((await forwarded(uri)).uri).toBe(NOT_FOUND_PAGE);
    },
  );

  it('treats paths case-sensitively, like the S3 keys behind them', async () => {
    expect((await forwarded('/About')).uri).toBe(NOT_FOUND_PAGE);
  });

  it('does not confuse route-table keys with Object.prototype members', async () => {
    expect((await forwarded('/constructor')).uri).toBe(NOT_FOUND_PAGE);
  });
});

describe("viewer-request: the owners' console", () => {
  const CONSOLE_SHELL_OBJECT = `${CONSOLE_SHELL}/index.html`;

  it.each(['/admin', '/admin/', '/admin/enrol', '/admin/audit', '/admin/leads/AbC123/notes', '/admin/a%20b'])(
    'serves the console shell for %s, the path left to the console router',
    async (uri) => {
      expect((await forwarded(uri)).uri).toBe(CONSOLE_SHELL_OBJECT);
    },
  );

  it('keeps the query string of a console path for the console', async () => {
    const request = await forwarded('/admin/audit', { cursor: { value: 'abc' } });
    expect(request.uri).toBe(CONSOLE_SHELL_OBJECT);
    expect(request.querystring).toEqual({ cursor: { value: 'abc' } });
  });

  it.each(['/administrator', '/admins', '/Admin', '/_shell/admin', '/_shell/admin/index.html'])(
    'gives %s, which only looks like the console, the 404 page',
    async (uri) => {
      expect((await forwarded(uri)).uri).toBe(NOT_FOUND_PAGE);
    },
  );

  it('still serves the public pages and the 404 page as before', async () => {
    expect((await forwarded('/about')).uri).toBe('/about/index.html');
    expect((await forwarded('/nope')).uri).toBe(NOT_FOUND_PAGE);
  });
});

describe('the newsletter archive (written by its publisher, not the build)', () => {
  it('maps the index and an issue to their index.html, lets its files through, and nothing deeper', async () => {
    expect((await forwarded('/newsletter')).uri).toBe('/newsletter/index.html');
    expect((await forwarded('/newsletter/2026-spring-news')).uri).toBe('/newsletter/2026-spring-news/index.html');
    expect((await forwarded('/newsletter/feed.xml')).uri).toBe('/newsletter/feed.xml');
    expect((await forwarded('/newsletter/archive.css')).uri).toBe('/newsletter/archive.css');
    expect((await forwarded('/newsletter/a/b')).uri).toBe(NOT_FOUND_PAGE);
    expect((await forwarded('/newsletterx')).uri).toBe(NOT_FOUND_PAGE);
    expect((await answered('/newsletter/2026-spring-news/')).headers!.location!.value).toBe(
      '/newsletter/2026-spring-news',
    );
    expect((await forwarded('/newsletter-sitemap.xml')).uri).toBe('/newsletter-sitemap.xml');
  });

  it('serves the 404 page for an issue whose slug is not in the KeyValueStore (never or no longer published)', async () => {
    // Prepare: one issue published, then taken down
    routesStore.update([{ key: '2026-summer-news', value: ARCHIVE_ISSUE_VALUE }], []);
    const whilePublished = await forwarded('/newsletter/2026-summer-news');
    routesStore.update([], ['2026-summer-news']);

    // Act
    const unpublished = await forwarded('/newsletter/2026-summer-news');
    const unknown = await forwarded('/newsletter/no-such-issue');

    // Assess
    expect(whilePublished.uri).toBe('/newsletter/2026-summer-news/index.html');
    expect(unpublished.uri).toBe(NOT_FOUND_PAGE);
    expect(unknown.uri).toBe(NOT_FOUND_PAGE);
  });

  it('asks S3 for the page when the KeyValueStore does not answer, so a published issue stays readable', async () => {
    // Prepare
    const broken = loadEdgeHandlers(ROUTES, unavailableStore);

    // Act
    const result = await broken.viewerRequest(viewerRequestEvent('/newsletter/2026-spring-news'));

    // Assess
    expect(isResponse(result) ? result.statusCode : result.uri).toBe('/newsletter/2026-spring-news/index.html');
  });
});

describe("the blog's posts and old slugs (published by the site's publisher, looked up in the store)", () => {
  // The publisher's keys (shared/blog-site.ts): a post's page and an old slug's redirect to it.
  routesStore.update(
    [
      { key: postRouteKey('hiring-in-a-cold-snap'), value: 'hiring-in-a-cold-snap' },
      { key: postRouteKey("it's-a-small-town"), value: "it's-a-small-town" },
      { key: redirectRouteKey('hiring-when-its-cold'), value: postPagePath('hiring-in-a-cold-snap') },
      { key: redirectRouteKey('about'), value: postPagePath('hiring-in-a-cold-snap') },
    ],
    [],
  );

  it("serves a published post's root-level path from its object under blog-posts/", async () => {
    expect((await forwarded('/hiring-in-a-cold-snap')).uri).toBe(`/${postPageKey('hiring-in-a-cold-snap')}`);
    expect((await answered('/hiring-in-a-cold-snap/', { ref: { value: 'x' } })).headers.location.value).toBe(
      '/hiring-in-a-cold-snap?ref=x',
    );
  });

  it('sends a slug with an apostrophe to S3 strictly encoded, literal or percent-encoded', async () => {
    for (const uri of ["/it's-a-small-town", '/it%27s-a-small-town']) {
      expect((await forwarded(uri)).uri).toBe('/blog-posts/it%27s-a-small-town/index.html');
    }
  });

  it("answers an old slug with a 301 to the post's path now, keeping the query", async () => {
    const response = await answered('/hiring-when-its-cold', { utm_source: { value: 'news%20letter' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location.value).toBe('/hiring-in-a-cold-snap?utm_source=news%20letter');
    expect((await answered('/hiring-when-its-cold/')).headers.location.value).toBe('/hiring-in-a-cold-snap');
  });

  it('never lets a key of the store shadow a page of the build', async () => {
    expect((await forwarded('/about')).uri).toBe('/about/index.html');
  });

  it('serves the 404 page for a slug never or no longer published, and for what only looks like a post', async () => {
    // Prepare: a post published, then taken down
    routesStore.update([{ key: postRouteKey('gone-by-spring'), value: 'gone-by-spring' }], []);
    const whilePublished = await forwarded('/gone-by-spring');
    routesStore.update([], [postRouteKey('gone-by-spring')]);

    // Act
    const paths = [
      '/gone-by-spring',
      '/never-written',
      '/hiring-in-a-cold-snap/more',
      '/Hiring-In-A-Cold-Snap',
      `/${postPageKey('hiring-in-a-cold-snap')}`,
      '/blog-posts/hiring-in-a-cold-snap',
      '/_publish/render-kit.json',
    ];
    const results = await Promise.all(paths.map(forwarded));

    // Assess
    expect(whilePublished.uri).toBe(`/${postPageKey('gone-by-spring')}`);
    expect(results.map((result) => result.uri)).toEqual(paths.map(() => NOT_FOUND_PAGE));
  });

  it("passes the blog's files through: its data, feed and sitemap", async () => {
    for (const uri of [
      BLOG_CATALOG_PATH,
      postDataPath('hiring-in-a-cold-snap'),
      BLOG_FILES.feed.path,
      BLOG_FILES.sitemap.path,
    ]) {
      expect((await forwarded(uri)).uri).toBe(uri);
    }
  });

  it('asks S3 for the post when the store does not answer, so a published post stays readable', async () => {
    const broken = loadEdgeHandlers(ROUTES, unavailableStore);
    const result = await broken.viewerRequest(viewerRequestEvent('/hiring-in-a-cold-snap'));
    expect(isResponse(result) ? result.statusCode : result.uri).toBe(`/${postPageKey('hiring-in-a-cold-snap')}`);
  });
});
