/**
 * A post's Markdown to the HTML of its body, split where the shared mid-article callout goes
 * (web/src/features/blog/components/PostBodyContent.tsx). The one Markdown renderer of the blog:
 * the web build checks the seed posts with it, and the publisher and the console's preview render
 * every post with it (web/render/blog-site.tsx).
 */
import { Marked, type Token, type Tokens, type TokensList } from 'marked';
import { isSafeCampaignHref } from '#shared/console/campaigns.ts';
import { escapeXml } from '#shared/escape-html.ts';
import { bodyMediaOf } from '#shared/post-body-rules.ts';
import { SITE_COPY } from '#web/content/site.ts';
import type { PostBody } from '#web/src/features/blog/types.ts';
import { createHeadingIds } from './heading-ids';

/** The one line in a post where the shared mid-article callout goes (the seed posts have it). */
export const MID_ARTICLE_MARKER = '<!-- mid-article -->';

const isExternal = (href: string): boolean => /^https?:\/\//i.test(href);

/**
 * A body image of the site's own files (shared/post-body-rules.ts) with its size, lazily loaded;
 * an `.mp4` a video with its poster beside it, its words shown where the video cannot play.
 * Anything else (a remote image, which the console refuses) is its words only.
 */
const mediaHtml = ({ href, text }: Tokens.Image): string => {
  const media = bodyMediaOf(href);
  const words = escapeXml(text);
  if (!media) return words;
  const size = `width="${media.width}" height="${media.height}"`;
  if (media.video) {
    const poster = media.src.replace(/\.mp4$/, '-poster.jpg');
    return `<video controls preload="none" ${size} poster="${poster}"><source src="${media.src}" type="video/mp4">${words}</video>`;
  }
  return `<img src="${media.src}" ${size} alt="${words}" loading="lazy">`;
};

/** A paragraph that is one body image alone: a figure, its title the caption. */
const loneMedia = (tokens: Token[]): Tokens.Image | undefined => {
  const [only, ...rest] = tokens;
  return only?.type === 'image' && rest.length === 0 && bodyMediaOf((only as Tokens.Image).href)
    ? (only as Tokens.Image)
    : undefined;
};

/**
 * A Marked instance per post: heading ids are unique within a post, so the id registry
 * must not leak from one post to the next.
 */
function createPostMarked(): Marked {
  const headingId = createHeadingIds();
  return new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const html = this.parser.parseInline(tokens);
        const plain = this.parser.parseInline(tokens, this.parser.textRenderer);
        return `<h${depth} id="${headingId(plain)}">${html}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        // The console refuses any other target (shared/post-body-rules.ts); one that got past it
        // keeps its words and loses its target, as in a campaign.
        if (!isSafeCampaignHref(href)) return text;
        // Internal links keep marked's own rendering. External ones behave like the site's
        // ExternalLink: a new tab that screen readers announce, with no handle on this window.
        if (!isExternal(href)) return false;
        const titleAttribute = title ? ` title="${escapeXml(title)}"` : '';
        return (
          `<a href="${escapeXml(href)}"${titleAttribute} target="_blank" rel="noopener noreferrer">` +
          `${text}<span class="visually-hidden"> ${SITE_COPY.newTabHint}</span></a>`
        );
      },
      image: mediaHtml,
      paragraph({ tokens }: Tokens.Paragraph) {
        const media = loneMedia(tokens);
        if (!media) return false;
        const caption = media.title ? `<figcaption>${escapeXml(media.title)}</figcaption>` : '';
        return `<figure class="post-media">${mediaHtml(media)}${caption}</figure>\n`;
      },
      // Raw HTML is shown as text, never passed on (the console refuses it; the mid-article line is
      // taken out before rendering): what owners type reaches every visitor.
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeXml(text);
      },
    },
  });
}

const isMarkerToken = (token: Token): boolean => token.type === 'html' && token.raw.trim() === MID_ARTICLE_MARKER;

/** Counts the marker anywhere, including misspelt spacing, to catch a second or a nested one. */
const countMarkerMentions = (markdown: string): number => (markdown.match(/<!--\s*mid-article\s*-->/g) ?? []).length;

/**
 * Where the callout goes in a post without the marker: after the middle block of the text (the
 * spec sets it "in the middle"), never before the first one.
 */
function middleOf(tokens: readonly Token[]): number {
  const blocks = tokens.flatMap((token, index) => (token.type === 'space' ? [] : [index]));
  if (blocks.length === 0) return 0;
  return blocks[Math.max(0, Math.ceil(blocks.length / 2) - 1)]! + 1;
}

/**
 * Renders a post's Markdown and splits it at the mid-article marker, or in the middle when it has
 * none. The marker must be a top-level block on its own line: splitting inside a list or a quote
 * would cut an element in two. Returns the problem as a string instead of HTML when the marker
 * is wrong.
 */
export function renderPostBody(markdown: string): PostBody | { problem: string } {
  const mentions = countMarkerMentions(markdown);
  if (mentions > 1) {
    return { problem: `has "${MID_ARTICLE_MARKER}" ${mentions} times; the shared block goes in one place` };
  }
  const marked = createPostMarked();
  const tokens = marked.lexer(markdown);
  const part = (slice: Token[]): string =>
    marked.parser(Object.assign(slice, { links: tokens.links }) as TokensList).trim();
  if (mentions === 0) {
    const middle = middleOf(tokens);
    return { before: part(tokens.slice(0, middle)), after: part(tokens.slice(middle)) };
  }
  const markerIndex = tokens.findIndex(isMarkerToken);
  if (markerIndex === -1) {
    return { problem: `"${MID_ARTICLE_MARKER}" must be on a line of its own between paragraphs` };
  }
  const before = part(tokens.slice(0, markerIndex));
  const after = part(tokens.slice(markerIndex + 1));
  if (!before || !after) {
    return { problem: `"${MID_ARTICLE_MARKER}" must have body text both before and after it` };
  }
  return { before, after };
}
