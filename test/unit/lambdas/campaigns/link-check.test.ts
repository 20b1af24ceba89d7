import { checkLinks, linkTarget } from '#lambdas/campaigns/link-check.ts';
import { isSafeCampaignHref, linkTargetsOf } from '#shared/console/campaigns.ts';

const SITE = 'https://www.chinooktalent.ca';

describe('the links of a campaign body', () => {
  it('finds every link target once, autolinks included', () => {
    expect(
      linkTargetsOf('[a](/blog) [b](https://x.ca "t") [c](/blog) <mailto:hi@x.ca> [d](javascript:alert(1))'),
    ).toEqual(['/blog', 'https://x.ca', 'mailto:hi@x.ca', 'javascript:alert(1']);
  });

  it('allows web, email and site links only', () => {
    expect(['/blog', 'https://x.ca', 'http://x.ca', 'mailto:a@b.ca'].every(isSafeCampaignHref)).toBe(true);
    expect(
      ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', 'file:///etc'].some(isSafeCampaignHref),
    ).toBe(false);
  });

  it("fetches the site's own pages, relative or absolute, and lists others as not checked", () => {
    expect(linkTarget('/blog', SITE)).toEqual({ fetch: `${SITE}/blog` });
    expect(linkTarget(`${SITE}/contact`, SITE)).toEqual({ fetch: `${SITE}/contact` });
    expect(linkTarget('https://crtc.gc.ca/', SITE)).toEqual({
      notChecked: "another site's page: not checked, open it yourself",
    });
    expect(linkTarget('mailto:a@b.ca', SITE)).toEqual({ notChecked: 'an email address: not checked' });
  });

  it('counts only 200 after redirects as good, and says what went wrong otherwise', async () => {
    // Prepare
    const fetched: string[] = [];
    const fetchPage = async (url: string) => {
      fetched.push(url);
      if (url.endsWith('/slow')) throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
      if (url.endsWith('/down')) throw new TypeError('fetch failed');
      return { status: url.endsWith('/blog') ? 200 : 404 };
    };

    // Act
    const results = await checkLinks(['/blog', '/gone#top', '/slow', '/down', 'https://x.ca'], SITE, fetchPage);

    // Assess
    expect(results).toEqual([
      { href: '/blog', result: 'ok' },
      { href: '/gone#top', result: 'broken', detail: 'answered 404' },
      { href: '/slow', result: 'broken', detail: 'did not answer within 5 s' },
      { href: '/down', result: 'broken', detail: 'could not be reached' },
      { href: 'https://x.ca', result: 'not-checked', detail: "another site's page: not checked, open it yourself" },
    ]);
    expect(fetched).toEqual([`${SITE}/blog`, `${SITE}/gone`, `${SITE}/slow`, `${SITE}/down`]);
  });

  it("refuses a link into a person's own page or API record, wrapped or not, without fetching it", async () => {
    // Prepare: the API's address answers 200 for its subscriber, so a fetch would pass it
    const fetched: string[] = [];
    const fetchPage = async (url: string) => {
      fetched.push(url);
      return { status: 200 };
    };
    const token = 'Zq3-xT9_bW1kLm0PaR7vEeZq3-xT9_bW1kLm0PaR7vEe';
    const apiLink = `${SITE}/api/candidate/subscribers/${token}`;
    const wrapped = `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(`${SITE}/candidate/setting/${token}`)}&reserved=0`;

    // Act
    const results = await checkLinks([apiLink, wrapped, '/blog'], SITE, fetchPage);

    // Assess
    expect(results).toEqual([
      {
        href: apiLink,
        result: 'broken',
        detail: 'a personal link to one person’s record on the site’s API: remove it',
      },
      { href: wrapped, result: 'broken', detail: 'a personal link to one person’s email preferences page: remove it' },
      { href: '/blog', result: 'ok' },
    ]);
    expect(fetched).toEqual([`${SITE}/blog`]);
  });
});
