import { Marked, type Token, type Tokens, type TokensList } from 'marked';
import { escapeMarkup } from './html-text';
import { createHeadingIds } from './heading-ids';
import { SITE_COPY } from '#web/content/site.ts';

/** The one line in each post where the shared mid-article callout goes. */
export const MID_ARTICLE_MARKER = '<!-- mid-article -->';

export interface PostBodyHtml {
  before: string;
  after: string;
}

const isExternal = (href: string): boolean => /^https?:\/\//i.test(href);

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
        // Internal links keep marked's own rendering. External ones behave like the site's
        // ExternalLink: a new tab that screen readers announce, with no handle on this window.
        if (!isExternal(href)) return false;
        const text = this.parser.parseInline(tokens);
        const titleAttribute = title ? ` title="${escapeMarkup(title)}"` : '';
        return (
          `<a href="${escapeMarkup(href)}"${titleAttribute} target="_blank" rel="noopener noreferrer">` +
          `${text}<span class="visually-hidden"> ${SITE_COPY.newTabHint}</span></a>`
        );
      },
    },
  });
}

const isMarkerToken = (token: Token): boolean => token.type === 'html' && token.raw.trim() === MID_ARTICLE_MARKER;

/** Counts the marker anywhere, including misspelt spacing, to catch a second or a nested one. */
const countMarkerMentions = (markdown: string): number => (markdown.match(/<!--\s*mid-article\s*-->/g) ?? []).length;

/**
 * Renders a post's Markdown and splits it at the mid-article marker. The marker must be a
 * top-level block on its own line: splitting inside a list or a quote would cut an element
 * in two. Returns the problem as a string instead of HTML when the marker is wrong.
 */
export function renderPostBody(markdown: string): PostBodyHtml | { problem: string } {
  const mentions = countMarkerMentions(markdown);
  if (mentions !== 1) {
    return { problem: `needs exactly one line "${MID_ARTICLE_MARKER}", found ${mentions}` };
  }
  const marked = createPostMarked();
  const tokens = marked.lexer(markdown);
  const markerIndex = tokens.findIndex(isMarkerToken);
  if (markerIndex === -1) {
    return { problem: `"${MID_ARTICLE_MARKER}" must be on a line of its own between paragraphs` };
  }
  const part = (slice: Token[]): string =>
    marked.parser(Object.assign(slice, { links: tokens.links }) as TokensList).trim();
  const before = part(tokens.slice(0, markerIndex));
  const after = part(tokens.slice(markerIndex + 1));
  if (!before || !after) {
    return { problem: `"${MID_ARTICLE_MARKER}" must have body text both before and after it` };
  }
  return { before, after };
}
