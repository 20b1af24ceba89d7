/**
 * Every route of docs/spec/site-spec.md#2-screens-and-routes as a crawler sees it (raw HTML, no
 * JavaScript) and as a visitor sees it (a real browser: it hydrates without console errors or
 * hydration warnings), plus the legacy-slug redirect, the 404 page and the API's JSON 404.
 */
import type { Page, Request } from 'playwright-core';
import { baseUrl, openPage as openFreshPage, pagesForFile } from './support/browser';
import {
  builtPagePaths,
  ENGAGEMENT_PATH,
  FACETS_SLUG,
  fetchRaw,
  LEGACY_ENGAGEMENT_PATH,
  NOT_FOUND_TITLE,
  postPages,
  rawHeading,
  rawTitle,
  SETTINGS_TITLE,
  STATIC_PAGES,
  UNSUBSCRIBE_TITLE,
  visit,
  withoutDocument404,
} from './support/site';
import { closeSubscriberStore, subscribeViaApi, type ApiSubscriber } from './support/subscribers';

const POSTS = postPages();
const PAGES = [...STATIC_PAGES, ...POSTS];

let page: Page;
let errors: string[];

const openPage = pagesForFile();
beforeAll(async () => {
  ({ page, errors } = await openPage());
});
afterAll(closeSubscriberStore);

beforeEach(() => {
  errors.length = 0;
});

/** Opens a path in the shared page and checks what a visitor would notice on arrival. */
async function expectRendersCleanly(path: string, title: string) {
  const response = await visit(page, path);
  expect(response?.status()).toBe(200);
  expect(await page.title()).toBe(title);
  await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
  expect(errors).toEqual([]);
}

describe('the build', () => {
  test('lists exactly the spec’s pages, /blog among them; the posts are the publisher’s, not the build’s', () => {
    // Prepare
    const expected = STATIC_PAGES.map((p) => p.path);

    // Act
    const built = builtPagePaths();

    // Assess
    expect([...built].sort()).toEqual([...expected].sort());
  });
});

describe('raw HTML (no JavaScript)', () => {
  test.each(PAGES)('$path answers 200 with its own title', async ({ path, title }) => {
    // Act
    const response = await fetchRaw(path);
    const html = await response.text();

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(rawTitle(html)).toBe(title);
    // Prerendered content, not an empty shell the browser has to fill in.
    expect(rawHeading(html)).toBeTruthy();
  });

  test.each(POSTS)('post $path is prerendered with its title as the heading', async ({ path, heading }) => {
    const html = await (await fetchRaw(path)).text();
    expect(rawHeading(html)).toBe(heading);
  });

  test('the apostrophe slug answers typed and percent-encoded', async () => {
    // Prepare
    const typed = `/${FACETS_SLUG}`;
    const encoded = `/${FACETS_SLUG.replace(/'/g, '%27')}`;
    const { title } = POSTS.find((post) => post.path === typed)!;

    // Act
    const [typedResponse, encodedResponse] = await Promise.all([
      fetch(new URL(typed, baseUrl()), { redirect: 'manual' }),
      fetch(new URL(encoded, baseUrl()), { redirect: 'manual' }),
    ]);

    // Assess
    expect(typedResponse.status).toBe(200);
    expect(encodedResponse.status).toBe(200);
    expect(rawTitle(await typedResponse.text())).toBe(title);
    expect(rawTitle(await encodedResponse.text())).toBe(title);
  });

  test('the legacy engagement slug is a permanent redirect to the employee-engagement post', async () => {
    // Act
    const response = await fetchRaw(LEGACY_ENGAGEMENT_PATH);

    // Assess
    expect(response.status).toBe(301);
    const location = new URL(response.headers.get('location') ?? '', baseUrl());
    expect(location.pathname).toBe(ENGAGEMENT_PATH);
    expect(location.origin).toBe(new URL(baseUrl()).origin);
  });

  test('an unknown path answers the 404 page with status 404', async () => {
    // Act
    const response = await fetchRaw('/this-page-does-not-exist');
    const html = await response.text();

    // Assess
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(rawTitle(html)).toBe(NOT_FOUND_TITLE);
  });

  test('an unknown API path answers JSON 404, never the site’s HTML', async () => {
    // Act
    const response = await fetchRaw('/api/nope', { headers: { Accept: 'text/html' } });
    const body = await response.text();

    // Assess
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(body)).toEqual({ message: expect.any(String) });
    expect(body).not.toMatch(/<html/i);
  });
});

describe('subscriber pages', () => {
  let candidate: ApiSubscriber;
  let employer: ApiSubscriber;

  beforeAll(async () => {
    [candidate, employer] = await Promise.all([subscribeViaApi('candidate'), subscribeViaApi('employer')]);
  });

  const pages = () => [
    { name: 'candidate unsubscribe', url: () => candidate.unsubscribe, title: UNSUBSCRIBE_TITLE },
    { name: 'employer unsubscribe', url: () => employer.unsubscribe, title: UNSUBSCRIBE_TITLE },
    { name: 'candidate settings', url: () => candidate.settings, title: SETTINGS_TITLE },
    { name: 'employer settings', url: () => employer.settings, title: SETTINGS_TITLE },
  ];

  test.each(pages())('the $name page answers 200 with its title and noindex', async ({ url, title }) => {
    // Act
    const response = await fetchRaw(url());
    const html = await response.text();

    // Assess
    expect(response.status).toBe(200);
    expect(rawTitle(html)).toBe(title);
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
  });

  test.each(pages())('the $name page renders for a real id without console errors', async ({ url, title }) => {
    // Act
    await expectRendersCleanly(new URL(url()).pathname, title);
    // The page loads the subscriber after hydrating; the form shows once it is known.
    await page.getByRole('button', { name: /Unsubscribe|Save preferences/ }).waitFor();

    // Assess
    expect(errors).toEqual([]);
  });
});

describe('in the browser', () => {
  test.each(PAGES)('$path renders and hydrates without console errors', async ({ path, title }) => {
    await expectRendersCleanly(path, title);
  });

  test.each([
    ['typed', `/${FACETS_SLUG}`],
    ['percent-encoded', `/${FACETS_SLUG.replace(/'/g, '%27')}`],
  ])('the apostrophe slug opens when %s', async (_how, path) => {
    // Prepare
    const post = POSTS.find((p) => p.path === `/${FACETS_SLUG}`)!;

    // Act
    await expectRendersCleanly(path, post.title);

    // Assess
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(post.heading);
  });

  test('the app asks for its scripts only after the page has shown its largest content', async () => {
    // Act
    await visit(page, '/navigating-the-hiring-maze');

    // Assess: the app's entry was requested after the browser's first largest-paint entry.
    const { firstLargestPaint, entryRequested } = await page.evaluate(async () => {
      const first = await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      );
      const entry = performance.getEntriesByType('resource').find((r) => /\/entry-client-[^/]+\.js$/.test(r.name));
      return { firstLargestPaint: first, entryRequested: entry?.startTime };
    });
    expect(entryRequested).toBeGreaterThan(firstLargestPaint);
  });

  test('the legacy engagement slug ends on the employee-engagement post', async () => {
    // Prepare
    const post = POSTS.find((p) => p.path === ENGAGEMENT_PATH)!;

    // Act
    await visit(page, LEGACY_ENGAGEMENT_PATH);

    // Assess
    expect(new URL(page.url()).pathname).toBe(ENGAGEMENT_PATH);
    expect(await page.title()).toBe(post.title);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(post.heading);
    expect(errors).toEqual([]);
  });

  test("a post's Next Post opens the older post in the app, as its own page shows it", async () => {
    // Prepare: the first post, and what loads as the reader moves on.
    const [first, second, third] = POSTS as [(typeof POSTS)[0], (typeof POSTS)[0], (typeof POSTS)[0]];
    await visit(page, first.path);
    const documents: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    };
    page.on('request', onRequest);

    // Act
    await page.getByRole('link', { name: /^Next Post/ }).click();
    await page.getByRole('heading', { level: 1, name: second.heading }).waitFor();
    page.off('request', onRequest);

    // Assess: no page load; the heading, the document's title and the links are the second post's.
    expect(documents).toEqual([]);
    expect(decodeURI(new URL(page.url()).pathname)).toBe(second.path);
    await page.waitForFunction((title) => document.title === title, second.title);
    const nav = page.getByRole('navigation', { name: 'More posts' });
    expect(await nav.getByRole('link', { name: /^Previous Post/ }).getAttribute('href')).toBe(encodeURI(first.path));
    expect(decodeURI((await nav.getByRole('link', { name: /^Next Post/ }).getAttribute('href'))!)).toBe(third.path);
    expect(errors).toEqual([]);
  });

  test('a one-segment path no post has shows the 404 page with status 404', async () => {
    // Act
    const response = await visit(page, '/no-such-post');
    await page.getByRole('heading', { level: 1, name: 'We could not find that page' }).waitFor();

    // Assess: the edge's answer, and what the app shows once it has read that no post has the slug.
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe(NOT_FOUND_TITLE);
    expect(withoutDocument404(errors)).toEqual([]);
  });

  test('an unknown path shows the 404 page with status 404 inside the site frame', async () => {
    // Act
    const response = await visit(page, '/no/such/page');

    // Assess
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    expect(await page.title()).toBe(NOT_FOUND_TITLE);
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);
    // A way on from the dead end: the page itself links home.
    expect(await page.getByRole('main').locator('a[href="/"]').count()).toBeGreaterThan(0);
    expect(withoutDocument404(errors)).toEqual([]);
  });
});

describe('counting a visit (docs/decisions/0081-privacy-first-analytics.md)', () => {
  test('sets no cookie and no storage, and its beacon carries the page, the referrer host and the UTM values only', async () => {
    // Prepare: a fresh browser, as a reader of the newsletter arrives, with the beacons it sends.
    const { context, page: reader } = await openFreshPage();
    const beacons: { body: unknown; cookie?: string }[] = [];
    const isBeacon = (request: Request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/api/visits';
    reader.on('request', (request) => {
      if (isBeacon(request))
        beacons.push({ body: JSON.parse(request.postData() ?? 'null'), cookie: request.headers().cookie });
    });
    /** Does `act`, then waits for the beacon it sends. */
    const counting = async (act: () => Promise<unknown>) => {
      const sent = reader.waitForRequest(isBeacon);
      await act();
      await sent;
    };

    // Act: the newsletter's link to a post (a tracker's id among its parameters), then the header's
    // link home (a page of the app); then the not-found page, noindex, and home again from it.
    await counting(() =>
      visit(reader, `${ENGAGEMENT_PATH}?utm_source=newsletter&utm_medium=email&utm_campaign=winter-hiring&fbclid=x1`),
    );
    await counting(() => reader.locator('header a[href="/"]').first().click());
    await visit(reader, '/no/such/page');
    await counting(() => reader.locator('header a[href="/"]').first().click());
    const stored = await reader.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      cookie: document.cookie,
    }));

    // Assess: three beacons, none for the not-found page; no cookie sent or set; nothing stored.
    expect(beacons).toEqual([
      {
        body: { path: ENGAGEMENT_PATH, source: 'newsletter', medium: 'email', campaign: 'winter-hiring' },
        cookie: undefined,
      },
      { body: { path: '/' }, cookie: undefined },
      { body: { path: '/' }, cookie: undefined },
    ]);
    expect(await context.cookies()).toEqual([]);
    expect(stored).toEqual({ local: 0, session: 0, databases: 0, cookie: '' });
    await context.close();
  });
});
