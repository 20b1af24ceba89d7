import { blogSitemapEntries, renderRss, rfc822Date } from '#web/render/blog-feeds.ts';
import { FIXTURE_POSTS } from '#test/support/fixture-posts.ts';

const SITE = 'https://www.example.ca';

const parseXml = (xml: string) => {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
};
const textOf = (parent: Element | Document, tag: string) => parent.getElementsByTagName(tag)[0]?.textContent;

describe('renderRss', () => {
  const feed = parseXml(renderRss(FIXTURE_POSTS, `${SITE}/`));
  const channel = feed.getElementsByTagName('channel')[0];
  const items = Array.from(feed.getElementsByTagName('item'));

  it('is an RSS 2.0 channel with title, link, description and a self link', () => {
    expect(feed.documentElement.getAttribute('version')).toBe('2.0');
    expect(textOf(channel, 'title')).toBe('Chinook Talent Partners Blog');
    expect(textOf(channel, 'link')).toBe(`${SITE}/blog`);
    expect(textOf(channel, 'description')).toMatch(/\w/);
    const self = feed.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect(self.getAttribute('href')).toBe(`${SITE}/rss.xml`);
    expect(self.getAttribute('rel')).toBe('self');
  });

  it('lists all 25 posts newest first with absolute links, guids, dates and descriptions', () => {
    expect(items).toHaveLength(25);
    items.forEach((item, id) => {
      const post = FIXTURE_POSTS[id];
      expect(textOf(item, 'title')).toBe(post.title);
      expect(textOf(item, 'link')).toBe(`${SITE}/${post.slug}`);
      expect(textOf(item, 'guid')).toBe(`${SITE}/${post.slug}`);
      expect(textOf(item, 'description')).toBe(post.description);
      expect(textOf(item, 'pubDate')).toMatch(
        /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} 12:00:00 GMT$/,
      );
    });
  });

  it('keeps apostrophes in links well-formed XML that reads back as the page URL', () => {
    expect(textOf(items[11], 'link')).toBe(`${SITE}/facets-of-jobs-why-it's-so-hard-to-hire-good-people`);
    expect(new URL(textOf(items[11], 'link') as string).pathname).toBe(
      "/facets-of-jobs-why-it's-so-hard-to-hire-good-people",
    );
  });

  it('dates posts in RFC 822 on their own calendar day', () => {
    expect(rfc822Date('2024-07-18')).toBe('Thu, 18 Jul 2024 12:00:00 GMT');
    expect(textOf(channel, 'lastBuildDate')).toBe('Thu, 18 Jul 2024 12:00:00 GMT');
  });
});

describe('blogSitemapEntries', () => {
  it('gives the index the newest date and every post its own', () => {
    const entries = blogSitemapEntries(FIXTURE_POSTS, SITE);
    expect(entries).toHaveLength(26);
    expect(entries[0]).toEqual({ loc: `${SITE}/blog`, lastmod: '2024-07-18' });
    expect(entries[25]).toEqual({ loc: `${SITE}/talent-or-luck-what-matters-most`, lastmod: '2022-09-22' });
  });
});
