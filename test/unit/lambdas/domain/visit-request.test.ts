/**
 * What the visit counting reads from a beacon and its request (lambdas/domain/visit-request.ts,
 * site-pages.ts; docs/decisions/0081-privacy-first-analytics.md): who is a person browsing, the
 * device class, the page's path as the sitemap names it, and what a forged value becomes.
 */
import { deviceClassOf, isPersonBrowsing, pagePathOf, pageViewOf } from '#lambdas/domain/visit-request.ts';
import { pagesOfSitemap, sitePages } from '#lambdas/domain/site-pages.ts';

const BROWSERS = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

describe('who is a person browsing', () => {
  it.each(Object.entries(BROWSERS))('counts %s', (_name, userAgent) => {
    expect(isPersonBrowsing(userAgent)).toBe(true);
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['LinkedIn preview', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['Slack preview', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['Lighthouse', `${BROWSERS.chrome} Chrome-Lighthouse`],
    ['a headless browser', BROWSERS.chrome.replace('Chrome/', 'HeadlessChrome/')],
    ['curl', 'curl/8.5.0'],
    ['a Python script', 'python-requests/2.32.3'],
    ['no agent', ''],
  ])('does not count %s', (_name, userAgent) => {
    expect(isPersonBrowsing(userAgent)).toBe(false);
  });
});

describe('the device class', () => {
  it('tells desktops, phones and tablets apart by the agent alone', () => {
    expect(Object.fromEntries(Object.entries(BROWSERS).map(([name, agent]) => [name, deviceClassOf(agent)]))).toEqual({
      chrome: 'desktop',
      iPhone: 'mobile',
      androidPhone: 'mobile',
      androidTablet: 'tablet',
      iPad: 'tablet',
    });
  });
});

describe("a page's path", () => {
  it.each([
    ['/', '/'],
    ['/blog/', '/blog'],
    ['/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people', "/facets-of-jobs-why-it's-so-hard-to-hire-good-people"],
  ])('names %s as %s', (raw, path) => {
    expect(pagePathOf(raw)).toBe(path);
  });

  it.each([['https://evil.example/'], ['//evil.example/'], ['/%E0%A4%A'], [`/${'a'.repeat(300)}`]])(
    'is no path of a page: %s',
    (raw) => {
      expect(pagePathOf(raw)).toBeUndefined();
    },
  );

  it('is read from the sitemap, its entities decoded and its host ignored', () => {
    const xml = `<urlset><url><loc>https://site.test/</loc></url><url><loc>
      https://site.test/facets-of-jobs-why-it&apos;s-so-hard&amp;more/</loc><lastmod>2024-01-01</lastmod></url>
      <url><loc>not an address</loc></url></urlset>`;
    expect([...pagesOfSitemap(xml)]).toEqual(['/', "/facets-of-jobs-why-it's-so-hard&more"]);
  });

  it('is known from each sitemap that answers; one that does not keeps what it listed and is asked again', async () => {
    const answers: Record<string, string> = {
      'https://site.test/sitemap.xml': '<loc>https://site.test/about</loc>',
      'https://site.test/blog-sitemap.xml': '<loc>https://site.test/quiet-quitting</loc>',
    };
    let blogDown = true;
    const fetchText = async (url: string) => ({
      status: blogDown && url.endsWith('blog-sitemap.xml') ? 503 : 200,
      text: async () => answers[url]!,
    });
    let now = 0;
    const isPage = sitePages('https://site.test', fetchText, () => now);
    const known = async () => [await isPage('/about'), await isPage('/quiet-quitting'), await isPage('/nope')];
    /** A page asked for after the sitemaps' time: the copy in hand answers while they are fetched again. */
    const refreshed = async () => {
      await isPage('/about');
      await new Promise((resolve) => setImmediate(resolve));
    };

    expect(await known()).toEqual([true, false, false]);
    blogDown = false;
    now += 30_000;
    await refreshed();
    expect(await known()).toEqual([true, true, false]);
    // Down again later: the posts it listed still count.
    blogDown = true;
    now += 5 * 60_000;
    await refreshed();
    expect(await known()).toEqual([true, true, false]);
  });
});

describe('a beacon', () => {
  const headers = { userAgent: BROWSERS.iPhone, country: 'CA' };

  it('keeps the path, the referrer host, one inert line of each UTM value and nothing else', () => {
    const body = JSON.stringify({
      path: '/about/',
      referrer: 'WWW.LinkedIn.com',
      source: '  newsletter\n',
      medium: 'em\u202eail',
      campaign: 'x'.repeat(150),
      visitorId: 'a-tracker-id',
    });
    expect(pageViewOf(body, headers, 'site.test')).toEqual({
      path: '/about',
      referrer: 'www.linkedin.com',
      source: 'newsletter',
      medium: 'email',
      campaign: 'x'.repeat(100),
      country: 'CA',
      device: 'mobile',
    });
  });

  it('drops a referrer that is the site itself or no host, and a country that is no code', () => {
    const view = (referrer: string, country: string) =>
      pageViewOf(JSON.stringify({ path: '/', referrer }), { ...headers, country }, 'site.test');
    expect(view('site.test', 'XX1')).toMatchObject({ referrer: '(none)', country: '(none)' });
    expect(view('<script>alert(1)</script>', 'US')).toMatchObject({ referrer: '(none)', country: 'US' });
  });

  it.each([['not json'], ['null'], ['{"path":42}'], ['{}']])('is none when its body is %s', (body) => {
    expect(pageViewOf(body, headers, 'site.test')).toBeUndefined();
  });
});
