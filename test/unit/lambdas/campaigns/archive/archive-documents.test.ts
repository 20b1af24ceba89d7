/**
 * The newsletter archive's documents (lambdas/campaigns/archive/archive-documents.ts): the web
 * version of a sent campaign carries the email's body and nothing personal, escapes what the
 * email escapes, and the feed is RSS 2.0 with absolute links, permanent guids and RFC 822 dates.
 */
import { campaignMail } from '#lambdas/campaigns/campaign-mail.ts';
import { renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';
import {
  archiveFeed,
  archiveIndex,
  archivePage,
  archiveSitemap,
  type ArchiveEntry,
} from '#lambdas/campaigns/archive/archive-documents.ts';
import { subscriberItem } from '#test/support/campaign-subscribers.ts';
import { NOT_TOKENS, pastedForms, tokenSubscriber } from '#test/support/pasted-tokens.ts';
import { subscriberLinkToken } from '#lambdas/domain/subscriber-link-token.ts';
import { decodings } from '#lambdas/campaigns/personal-links.ts';

const SITE = 'https://www.chinooktalent.ca';
const SENT_AT = Date.UTC(2026, 2, 10, 16, 0, 0) / 1000; // March 10, 2026, 10:00 in Alberta

const entryOf = async (markdown: string, overrides: Partial<ArchiveEntry> = {}): Promise<ArchiveEntry> => {
  const content = await renderCampaign(
    { slug: '2026-spring-news', subject: 'Spring news', topic: 'newsletter', audience: 'candidate', markdown },
    SITE,
  );
  return { slug: content.slug, subject: content.subject, bodyHtml: content.bodyHtml, sentAt: SENT_AT, ...overrides };
};

describe("an issue's web version", () => {
  it("shows the email's body without the recipient's links, name or address", async () => {
    // Prepare: the email as one subscriber got it
    process.env.MAILING_ADDRESS ??= '100 Main St SW, Calgary, AB T2P 1J9';
    const markdown = 'Hello,\n\nRead [our blog](/blog) and [the CRTC](https://crtc.gc.ca/).';
    const subscriber = { ...subscriberItem('eligible', 'dana.reader@example.ca'), firstName: 'Dana' };
    const content = await renderCampaign(
      { slug: '2026-spring-news', subject: 'Spring news', topic: 'newsletter', audience: 'candidate', markdown },
      SITE,
    );
    const mail = campaignMail(content, subscriber, SITE);
    const personalLinks = [...mail.html.matchAll(/href="([^"]+)"/g)]
      .map((match) => match[1]!)
      .filter((href) => /unsubscribe|setting/.test(href));

    // Act
    const page = archivePage(await entryOf(markdown), SITE);

    // Assess
    expect(personalLinks).toHaveLength(2);
    for (const href of personalLinks) expect(page).not.toContain(href);
    expect(page).not.toMatch(/unsubscribe|setting|dana|Dana/i);
    expect(page).toContain('<a href="https://www.chinooktalent.ca/blog">our blog</a>');
    expect(page).toContain('<a href="https://crtc.gc.ca/">the CRTC</a>');
    expect(page).not.toContain('style=');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('<link rel="canonical" href="https://www.chinooktalent.ca/newsletter/2026-spring-news">');
    expect(page).toContain('<time datetime="2026-03-10T16:00:00.000Z">March 10, 2026</time>');
  });

  it("links to the site's pages without the email's campaign tags: the archive's reader is on the site already", async () => {
    // Act
    const entry = await entryOf(
      'Read [the post](/quiet-quitting?page=2) and [the CRTC](https://crtc.gc.ca/?utm_source=x).',
    );
    const page = archivePage(entry, SITE);

    // Assess: the email's copy carries them; the page drops them, another site's link stays as written.
    expect(entry.bodyHtml).toContain('utm_campaign=2026-spring-news');
    expect(page).toContain('<a href="https://www.chinooktalent.ca/quiet-quitting?page=2">the post</a>');
    expect(page).toContain('<a href="https://crtc.gc.ca/?utm_source=x">the CRTC</a>');
    expect(page).not.toContain('utm_campaign');
  });

  it("keeps the words of a link into someone's own subscriber pages but not its target", async () => {
    // Prepare: an owner pasted the unsubscribe link of their test copy into the body
    const pasted = `${SITE}/unsubscribe/candidate/AbCdEf0123456789abcdef.proof`;

    // Act
    const page = archivePage(await entryOf(`Not interested? [Leave the list](${pasted}).`), SITE);

    // Assess
    expect(page).toContain('Not interested? Leave the list.');
    expect(page).not.toContain('AbCdEf0123456789abcdef');
  });

  it('publishes no token of a pasted personal address: a bare link, a link to another host, a code span', async () => {
    // Prepare: the words of a bare link are its address; a preview's links may be a real subscriber's
    const token = 'AbCdEf0123456789abcdef';
    const markdown = [
      `Bare: ${SITE}/unsubscribe/candidate/${token}#proof1`,
      `Angle: <https://localhost:8000/candidate/setting/${token}>`,
      `Code: \`/confirm/employer/${token}\``,
      'Kept: [our blog](/blog/hiring-in-alberta) and https://example.org/unsubscribe-tips',
    ].join('\n\n');

    // Act
    const page = archivePage(await entryOf(markdown), SITE);

    // Assess
    expect(page).not.toContain(token);
    expect(page).toContain(`Bare: ${SITE}/unsubscribe/candidate/…`);
    expect(page).toContain('Angle: https://localhost:8000/candidate/setting/…');
    expect(page).toContain('<code>/confirm/employer/…</code>');
    expect(page).toContain(`<a href="${SITE}/blog/hiring-in-alberta">our blog</a>`);
    expect(page).toContain('<a href="https://example.org/unsubscribe-tips">https://example.org/unsubscribe-tips</a>');
  });

  it.each(Object.keys(pastedForms(tokenSubscriber())))(
    'publishes no token of a link pasted %s, and keeps the words around it',
    async (form) => {
      // Prepare: a real subscriber's links, as an owner pastes them from their own copy
      const subscriber = tokenSubscriber();
      const { line } = pastedForms(subscriber)[form as keyof ReturnType<typeof pastedForms>];

      // Act
      const page = archivePage(await entryOf(`Before.\n\n${line}\n\nAfter.`), SITE);

      // Assess: neither the id nor either proof, as written or in any decoding of the page
      const readable = decodings(page.slice(page.indexOf('<div class="body">'))).map((decoding) => decoding.text);
      for (const secret of [
        subscriber.id,
        subscriberLinkToken(subscriber, 'unsubscribe').slice(22),
        subscriberLinkToken(subscriber, 'preferences').slice(22),
      ])
        for (const text of readable) expect(text).not.toContain(secret);
      const body = readable[0]!;
      expect(body).toContain('<p>Before.</p>');
      expect(body).toContain('<p>After.</p>');
    },
  );

  it("keeps long words, slugs, names run together and other sites' ids", async () => {
    // Act
    const page = archivePage(await entryOf(NOT_TOKENS.join('\n\n')), SITE);

    // Assess
    for (const word of ['internationalisations', 'friction-free-employee', 'AcmeRecruitingServices'])
      expect(page).toContain(word);
    for (const word of ['HRTipsForSmallBusiness', 'CalgaryHiringOutlook26']) expect(page).toContain(word);
    expect(page).toContain('https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEF/edit');
    expect(page).toContain(`<a href="${SITE}/blog/friction-free-employee-engagement">our post</a>`);
    expect(page).not.toContain('…');
  });

  it('shows raw HTML and script in the body and the subject as text, as the email does', async () => {
    // Act
    const page = archivePage(
      await entryOf('Hi <script>alert(1)</script> <img src=x onerror=alert(2)>', { subject: 'Q&A <b>now</b>' }),
      SITE,
    );

    // Assess
    expect(page).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;');
    expect(page).toContain('<h1>Q&amp;A &lt;b&gt;now&lt;/b&gt;</h1>');
    expect(page).not.toMatch(/<script|<img|<b>/i);
  });
});

describe('the index, the feed and the sitemap', () => {
  let older: ArchiveEntry;
  let newer: ArchiveEntry;
  beforeAll(async () => {
    older = await entryOf('One.', { slug: '2026-winter-news', subject: 'Winter news', sentAt: SENT_AT - 86_400 * 60 });
    newer = await entryOf('Two.', { subject: 'Spring news & "hiring"', preheader: 'What employers ask for' });
  });

  it('lists the issues newest first, and says so when there is none', () => {
    // Act
    const index = archiveIndex([older, newer], SITE);
    const empty = archiveIndex([], SITE);

    // Assess
    expect(index.indexOf('/newsletter/2026-spring-news')).toBeLessThan(index.indexOf('/newsletter/2026-winter-news'));
    expect(index).toContain('Spring news &amp; &quot;hiring&quot;');
    expect(index).toContain('<link rel="canonical" href="https://www.chinooktalent.ca/newsletter">');
    expect(empty).toContain('No newsletter has been published here yet.');
  });

  it('is RSS 2.0 with absolute links, permanent guids and RFC 822 dates, escaped', () => {
    // Act
    const feed = archiveFeed([older, newer], SITE);
    const items = [...feed.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!);

    // Assess
    expect(feed.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('<title>Spring news &amp; &quot;hiring&quot;</title>');
    expect(items[0]).toContain('<link>https://www.chinooktalent.ca/newsletter/2026-spring-news</link>');
    expect(items[0]).toContain(
      '<guid isPermaLink="true">https://www.chinooktalent.ca/newsletter/2026-spring-news</guid>',
    );
    expect(items[0]).toContain('<pubDate>Tue, 10 Mar 2026 16:00:00 GMT</pubDate>');
    expect(items[0]).toContain('<description>What employers ask for</description>');
    for (const date of feed.match(/<(?:pubDate|lastBuildDate)>[^<]*</g)!) {
      expect(date).toMatch(/>(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT</);
    }
    expect(feed).toContain('<lastBuildDate>Tue, 10 Mar 2026 16:00:00 GMT</lastBuildDate>');
    expect(feed).not.toMatch(/<(link|guid)[^>]*>\//);
  });

  it('writes no character XML forbids: a subject or preheader pasted with a vertical tab stays a valid feed', async () => {
    // Act
    const feed = archiveFeed(
      [await entryOf('Hi', { subject: 'S\u000bubject\u0001', preheader: 'Pre\u000cheader' })],
      SITE,
    );

    // Assess
    expect(feed).toContain('<title>Subject</title>');
    expect(feed).toContain('<description>Preheader</description>');
    // eslint-disable-next-line no-control-regex
    expect(feed).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('sitemap: the index dated by its newest issue, then each issue by its send, absolute and nothing else', () => {
    // Act
    const sitemap = archiveSitemap([older, newer], SITE);
    const empty = archiveSitemap([], SITE);

    // Assess
    expect(sitemap).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://www.chinooktalent.ca/newsletter</loc><lastmod>2026-03-10T16:00:00Z</lastmod></url>',
        '  <url><loc>https://www.chinooktalent.ca/newsletter/2026-spring-news</loc><lastmod>2026-03-10T16:00:00Z</lastmod></url>',
        '  <url><loc>https://www.chinooktalent.ca/newsletter/2026-winter-news</loc><lastmod>2026-01-09T16:00:00Z</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(empty).toContain('<url><loc>https://www.chinooktalent.ca/newsletter</loc></url>\n</urlset>');
  });
});
