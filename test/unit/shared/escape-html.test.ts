/**
 * The one escaper of text written into markup (shared/escape-html.ts): emails, pages, the archive,
 * feeds and sitemaps all pin its exact output, so it is pinned here character by character.
 */
import { escapeHtml, escapeXml, unescapeHtml } from '#shared/escape-html.ts';

describe('escaping text for markup', () => {
  it('writes the five markup characters as HTML entities, the apostrophe as &#39;', () => {
    expect(escapeHtml(`Tom & Jerry's <b>"best"</b>`)).toBe('Tom &amp; Jerry&#39;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;');
  });

  it('writes the apostrophe as &apos; for XML, the rest alike', () => {
    expect(escapeXml(`Tom & Jerry's <b>"best"</b>`)).toBe('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;');
  });

  it('escapes an ampersand once, so an entity already written shows as typed', () => {
    expect(escapeHtml('&amp; a&b')).toBe('&amp;amp; a&amp;b');
  });

  it('leaves every other character as it is, line breaks and accents included', () => {
    const text = 'Café — 5 % off\nnext line\ttab ✓';
    expect(escapeHtml(text)).toBe(text);
    expect(escapeXml(text)).toBe(text);
  });

  it('reads back what either escaper wrote, and numeric references, each decoded once', () => {
    const text = `Tom & Jerry's <b>"best"</b> &amp;`;
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
    expect(unescapeHtml(escapeXml(text))).toBe(text);
    expect(unescapeHtml('&#x27;&#65;&AMP;&amp;lt; &nbsp; & x')).toBe("'A&&lt; &nbsp; & x");
  });
});
