import { CampaignSourceProblem, readCampaignSource, renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';

/** The author's mistakes are CampaignSourceProblems (the console answers them 400 or lists them); nothing else is. */
describe('campaign sources', () => {
  it('reads front matter and body', async () => {
    const source = await readCampaignSource(
      'spring-news',
      '---\nsubject: Spring news\ntopic: newsletter\naudience: both\n---\nHello **all**.\n',
    );

    expect(source).toEqual({
      slug: 'spring-news',
      subject: 'Spring news',
      preheader: undefined,
      topic: 'newsletter',
      audience: 'both',
      markdown: 'Hello **all**.\n',
    });
  });

  it.each([
    ['front matter that is not YAML', '---\nsubject: [unclosed\n---\nBody', /unexpected end|flow collection/],
    [
      'a topic it does not know',
      '---\nsubject: Hi\ntopic: gossip\naudience: both\n---\nBody',
      /front matter "topic" must be one of/,
    ],
    [
      'no subject',
      '---\ntopic: newsletter\naudience: both\n---\nBody',
      /front matter "subject" must be one line of text/,
    ],
  ])('calls %s a problem of the file', async (_, text, message) => {
    const reading = readCampaignSource('broken', text);

    await expect(reading).rejects.toBeInstanceOf(CampaignSourceProblem);
    await expect(reading).rejects.toThrow(message);
  });

  it("tags its links into the site with the campaign's UTM values, the same for everyone, and no other link", async () => {
    // Act
    const content = await renderCampaign(
      {
        slug: 'winter-hiring',
        subject: 'Hi',
        topic: 'newsletter',
        audience: 'both',
        markdown: [
          'Read [the post](/quiet-quitting#tips), [the blog](https://example.ca/blog?page=2),',
          '[a tagged one](/about?utm_source=linkedin), [the CRTC](https://crtc.gc.ca/) or [write](mailto:hello@example.ca).',
        ].join('\n'),
      },
      'https://example.ca',
    );

    // Assess
    const tags = 'utm_source=newsletter&utm_medium=email&utm_campaign=winter-hiring';
    const inHtml = tags.replace(/&/g, '&amp;');
    expect([...content.bodyHtml.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      `https://example.ca/quiet-quitting?${inHtml}#tips`,
      `https://example.ca/blog?page=2&amp;${inHtml}`,
      'https://example.ca/about?utm_source=linkedin',
      'https://crtc.gc.ca/',
      'mailto:hello@example.ca',
    ]);
    expect(content.bodyText).toContain(`the post (https://example.ca/quiet-quitting?${tags}#tips)`);
  });

  it('calls a body with nothing to show a problem of the campaign', async () => {
    const rendering = renderCampaign(
      { slug: 'empty', subject: 'Hi', topic: 'newsletter', audience: 'both', markdown: '** **' },
      'https://example.ca',
    );

    await expect(rendering).rejects.toBeInstanceOf(CampaignSourceProblem);
    await expect(rendering).rejects.toThrow('the body is empty');
  });
});
