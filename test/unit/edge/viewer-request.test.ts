import { loadEdgeHandlers, type EdgeRequest, type EdgeResponse } from '#infra/edge/edge-code.ts';
import { CONSOLE_SHELL } from '#shared/console-api.ts';
import { DYNAMIC_PAGES, NOT_FOUND_PAGE } from '#shared/paths.ts';
import { isResponse, ROUTES, viewerRequestEvent } from './edge-events';

const { viewerRequest } = loadEdgeHandlers(ROUTES);

const forwarded = (uri: string, query = {}): EdgeRequest => {
  const result = viewerRequest(viewerRequestEvent(uri, query));
  if (isResponse(result)) throw new Error(`expected a forwarded request for ${uri}, got ${result.statusCode}`);
  return result;
};
const answered = (uri: string, query = {}): EdgeResponse => {
  const result = viewerRequest(viewerRequestEvent(uri, query));
  if (!isResponse(result)) throw new Error(`expected a response for ${uri}, got uri ${result.uri}`);
  return result;
};

describe('viewer-request: legacy slug', () => {
  it.each(['/friction-free-employment-engagement', '/friction-free-employment-engagement/'])(
    'redirects %s permanently to the new slug',
    (uri) => {
      const response = answered(uri);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location.value).toBe('/friction-free-employee-engagement');
    },
  );

  it('keeps the query string, as the viewer encoded it, including repeated keys', () => {
    const response = answered('/friction-free-employment-engagement/', {
      utm_source: { value: 'news%20letter' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
      flag: { value: '' },
    });
    expect(response.headers.location.value).toBe(
      '/friction-free-employee-engagement?utm_source=news%20letter&tag=a&tag=b&flag=',
    );
  });

  it('keeps the "=" of an empty value', () => {
    const response = answered('/friction-free-employment-engagement', { a: { value: '' }, b: { value: '1' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location.value).toBe('/friction-free-employee-engagement?a=&b=1');
  });
});

describe('viewer-request: pretty URLs', () => {
  it('serves the root from /index.html', () => {
    expect(forwarded('/').uri).toBe('/index.html');
  });

  it.each([
    ['/about', '/about/index.html'],
    ['/employer/form', '/employer/form/index.html'],
    ['/friction-free-employee-engagement', '/friction-free-employee-engagement/index.html'],
  ])('maps %s to %s', (uri, key) => {
    expect(forwarded(uri).uri).toBe(key);
  });

  it('redirects a trailing slash on a known page to the slashless path, keeping the query', () => {
    const response = answered('/about/', { ref: { value: 'x' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location.value).toBe('/about?ref=x');
  });

  it('leaves the query string of a forwarded request untouched', () => {
    const query = { q: { value: '1' } };
    expect(forwarded('/blog', query).querystring).toEqual(query);
  });
});

describe('viewer-request: slugs with apostrophes (S3 keys with an apostrophe, reached through a signed origin request)', () => {
  const slug = "/facets-of-jobs-why-it's-so-hard-to-hire-good-people";
  const encoded = '/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people';
  const APOSTROPHE_SLUGS = ROUTES.filter((route) => route.includes("'"));
  /** What SigV4 accepts in a canonical URI: unreserved characters, "/" and %XX escapes only. */
  const STRICTLY_ENCODED = /^(?:[A-Za-z0-9\-_.~/]|%[0-9A-F]{2})+$/;

  it('covers both apostrophe slugs of the blog', () => {
    expect(APOSTROPHE_SLUGS).toHaveLength(2);
  });

  it.each(APOSTROPHE_SLUGS)('sends %s to S3 strictly encoded, naming the uploaded key', (route) => {
    for (const uri of [route, route.replace(/'/g, '%27')]) {
      const { uri: originUri } = forwarded(uri);
      expect(originUri).toMatch(STRICTLY_ENCODED);
      expect(decodeURIComponent(originUri)).toBe(`${route}/index.html`);
    }
  });

  it('finds the page when the apostrophe is percent-encoded or literal', () => {
    expect(forwarded(encoded).uri).toBe(`${encoded}/index.html`);
    expect(forwarded(slug).uri).toBe(`${encoded}/index.html`);
  });

  it('redirects the trailing-slash form to the slashless slug', () => {
    expect(answered(`${encoded}/`).headers.location.value).toBe(encoded);
  });
});

describe('viewer-request: subscriber pages', () => {
  const id = 'AbCdEfGhIjKlMnOpQrStUv';

  it.each(DYNAMIC_PAGES.map((page) => [page.prefix, page.shellPath]))(
    'serves %s{id} from its shell',
    (prefix, shell) => {
      expect(forwarded(`${prefix}${id}`).uri).toBe(`${shell}/index.html`);
    },
  );

  it('redirects a trailing slash after the id to the slashless path', () => {
    expect(answered(`/unsubscribe/employer/${id}/`).headers.location.value).toBe(`/unsubscribe/employer/${id}`);
  });

  it.each([
    ['an extra segment', `/unsubscribe/candidate/${id}/more`],
    ['a missing id', '/unsubscribe/candidate/'],
    ['an unknown audience', `/unsubscribe/partner/${id}`],
    ['an unknown audience on settings', `/partner/setting/${id}`],
    ['settings without an id', '/employer/setting'],
  ])('serves the 404 page for %s', (_, uri) => {
    expect(forwarded(uri).uri).toBe(NOT_FOUND_PAGE);
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
  ])('passes %s through unchanged', (uri) => {
    const request = forwarded(uri);
    expect(request.uri).toBe(uri);
  });

  it('passes a file under /assets/ through even when the build has no such file (S3 answers)', () => {
    expect(forwarded('/assets/chunk-GONE1234.js').uri).toBe('/assets/chunk-GONE1234.js');
  });

  it('leaves the encoded form of a file path for S3', () => {
    expect(forwarded('/images/blog/a%20b.png').uri).toBe('/images/blog/a%20b.png');
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
  ])('serves the 404 page for %s (%s)', (_, uri) => {
    expect(forwarded(uri).uri).toBe(NOT_FOUND_PAGE);
  });
});

describe('viewer-request: unknown paths', () => {
  it.each(['/nope', '/about/team', '/blog/2024', '/_shell/unsubscribe-candidate', '/%E0%A4%A'])(
    'rewrites %s to the 404 page',
    (uri) => {
      expect(forwarded(uri).uri).toBe(NOT_FOUND_PAGE);
    },
  );

  it('treats paths case-sensitively, like the S3 keys behind them', () => {
    expect(forwarded('/About').uri).toBe(NOT_FOUND_PAGE);
  });

  it('does not confuse route-table keys with Object.prototype members', () => {
    expect(forwarded('/constructor').uri).toBe(NOT_FOUND_PAGE);
  });
});

describe("viewer-request: the owners' console", () => {
  const CONSOLE_SHELL_OBJECT = `${CONSOLE_SHELL}/index.html`;

  it.each(['/admin', '/admin/', '/admin/enrol', '/admin/audit', '/admin/leads/AbC123/notes', '/admin/a%20b'])(
    'serves the console shell for %s, the path left to the console router',
    (uri) => {
      expect(forwarded(uri).uri).toBe(CONSOLE_SHELL_OBJECT);
    },
  );

  it('keeps the query string of a console path for the console', () => {
    const request = forwarded('/admin/audit', { cursor: { value: 'abc' } });
    expect(request.uri).toBe(CONSOLE_SHELL_OBJECT);
    expect(request.querystring).toEqual({ cursor: { value: 'abc' } });
  });

  it.each(['/administrator', '/admins', '/Admin', '/_shell/admin', '/_shell/admin/index.html'])(
    'gives %s, which only looks like the console, the 404 page',
    (uri) => {
      expect(forwarded(uri).uri).toBe(NOT_FOUND_PAGE);
    },
  );

  it('still serves the public pages and the 404 page as before', () => {
    expect(forwarded('/about').uri).toBe('/about/index.html');
    expect(forwarded('/nope').uri).toBe(NOT_FOUND_PAGE);
  });
});

describe('the newsletter archive (written by its publisher, not the build)', () => {
  it('maps the index and an issue to their index.html, lets its files through, and nothing deeper', () => {
    expect(forwarded('/newsletter').uri).toBe('/newsletter/index.html');
    expect(forwarded('/newsletter/2026-spring-news').uri).toBe('/newsletter/2026-spring-news/index.html');
    expect(forwarded('/newsletter/feed.xml').uri).toBe('/newsletter/feed.xml');
    expect(forwarded('/newsletter/archive.css').uri).toBe('/newsletter/archive.css');
    expect(forwarded('/newsletter/a/b').uri).toBe(NOT_FOUND_PAGE);
    expect(forwarded('/newsletterx').uri).toBe(NOT_FOUND_PAGE);
    expect(answered('/newsletter/2026-spring-news/').headers!.location!.value).toBe('/newsletter/2026-spring-news');
  });
});
