/**
 * What a post's body may hold (shared/post-body-rules.ts) and what the blog's renderer does with
 * what got past the console anyway (web/render/post-markdown.ts): raw HTML shown as text, a link to
 * anything but the web, an address or the site kept as words, a remote image its words.
 */
import { bodyMediaOf, postBodyProblem } from '#shared/post-body-rules.ts';
import { renderPostBody } from '#web/render/post-markdown.ts';

const rendered = (markdown: string) => {
  const body = renderPostBody(markdown) as { before: string; after: string };
  return `${body.before}\n${body.after}`;
};

describe('the body rules', () => {
  it.each([
    ['the mid-article line alone', 'One.\n\n<!-- mid-article -->\n\nTwo.'],
    [
      'links to a page of the site, the web and an address',
      '[Contact](/contact), [CRTC](https://crtc.gc.ca), [us](mailto:a@b.ca)',
    ],
    ['autolinks', '<https://crtc.gc.ca> and <hello@chinooktalent.ca>'],
    ['an upload with its size and caption', '![Our team](/media/posts/Ab12.webp#1200x800 "The team in 2026")'],
    ['a comparison written with <', 'When 3 < 5, or 2 <= 4'],
  ])('takes %s', (_case, markdown) => {
    expect(postBodyProblem(markdown)).toBeUndefined();
  });

  it.each([
    ['<b>bold</b>', 'cannot hold HTML'],
    ['<!---->', 'cannot hold HTML'],
    ['<?php echo 1; ?>', 'cannot hold HTML'],
    ['<svg onload=alert(1)>', 'cannot hold HTML'],
    ['![x][ref]\n\n[ref]: /images/a.png', 'with its address in the same place'],
    ['![x](/media/posts/a.webp)', 'with its size after #'],
    ['![x](/media/../secrets/a.png#10x10)', 'with its size after #'],
    ['![x](//evil.example/a.png#10x10)', 'with its size after #'],
    ['[x](//evil.example)', '//evil.example'],
    ['[x]:  vbscript:msgbox', 'vbscript:msgbox'],
  ])('refuses %s', (markdown, words) => {
    expect(postBodyProblem(markdown)).toContain(words);
  });

  it('reads the size of a body image, and tells a video by its extension', () => {
    expect(bodyMediaOf('/media/posts/a.webp#1200x800')).toEqual({
      src: '/media/posts/a.webp',
      width: 1200,
      height: 800,
      video: false,
    });
    expect(bodyMediaOf('/media/clip.mp4#1280x720')).toMatchObject({ video: true });
    expect(bodyMediaOf('https://example.ca/a.png#1x1')).toBeUndefined();
  });
});

describe("the renderer, for what the rules refuse (a post written around the console's checks)", () => {
  it('shows raw HTML as text', () => {
    expect(rendered('Hi <script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>')).not.toMatch(
      /<script|<iframe/,
    );
  });

  it('keeps the words of a link to anything but the web, an address or the site', () => {
    expect(rendered('[Click](javascript:alert(1)) and [Open](data:text/html,x)')).toBe('<p>Click and Open</p>\n');
  });

  it("shows a remote image's words, loading nothing", () => {
    expect(rendered('Look ![a pixel](https://tracker.example/p.gif) here')).toBe('<p>Look a pixel here</p>\n');
  });
});
