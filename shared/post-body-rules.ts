/**
 * What a blog post's Markdown body may hold (issue 31's security section, decision 0053): the
 * campaigns' rules, no raw HTML or script and links only to web pages, email addresses and the
 * site's own pages, plus what a page has that an email has not: the one line that places the
 * shared mid-article block, and the site's own images (and video) with their size. Checked by the
 * console's form and the consolePosts function with the same schema (shared/console/posts-schemas.ts);
 * the renderer reads body media with bodyMediaOf, so the rules and the pages agree.
 *
 * The checks read the text, not a Markdown parse: conservative on purpose (an HTML tag written in
 * a code span is refused too), and the browser's form needs no Markdown parser to run them.
 */
import { isSafeCampaignHref, linkTargetsOf } from './console/campaigns';

/** The line, alone and at most once, where the shared mid-article block goes (else: the middle). */
export const MID_ARTICLE_LINE = '<!-- mid-article -->';

/** A body image or video: a file of the site, with its intrinsic size (so nothing shifts as it loads). */
export interface BodyMedia {
  src: string;
  width: number;
  height: number;
  /** An `.mp4`: shown as a video with its poster, `<name>-poster.jpg` beside it. */
  video: boolean;
}

/**
 * `![words](/media/posts/ab12.webp#1200x800 "caption")`: the target is a file under `/images/` or
 * `/media/` with its width and height after `#` (a fragment: never sent, it names no other file).
 * Nothing from elsewhere: a remote image would load from another site as the page opens.
 */
const BODY_MEDIA =
  /^(\/(?:images|media)\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(jpe?g|png|webp|svg|mp4))#([1-9]\d{0,4})x([1-9]\d{0,4})$/;

/** The media a body image's target names, or undefined when it is not one of the site's files. */
export const bodyMediaOf = (target: string): BodyMedia | undefined => {
  const match = BODY_MEDIA.exec(target);
  if (!match) return undefined;
  const [, src, extension, width, height] = match;
  return { src: src!, width: Number(width), height: Number(height), video: extension === 'mp4' };
};

/** `![words](target "title")`: its words and target. */
const IMAGES = /!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;
/** `![words][label]` or `![words]`: an image whose target is elsewhere in the text. */
const REFERENCE_IMAGE = /!\[[^\]]*\](?!\()/;
/** `[label]: target`: a link's target stated apart from the link. */
const REFERENCE_DEFINITIONS = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm;
/**
 * What Markdown passes on as HTML: a tag (`<div`, `</p`), a comment, a declaration, a processing
 * instruction. An autolink (`<https://…>`, `<name@example.ca>`) is not one: a colon or an `@`
 * follows its first word.
 */
const RAW_HTML = /<(?:\/?[A-Za-z][A-Za-z0-9-]*(?=[\s/>])|!--|![A-Za-z[]|\?)/;
const MID_ARTICLE_LINES = /^[ \t]*<!--\s*mid-article\s*-->[ \t]*$/gm;

const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/**
 * The first thing in the body that breaks the rules, in the owner's words, or undefined. In order:
 * the mid-article line, raw HTML, images, links.
 */
export const postBodyProblem = (markdown: string): string | undefined => {
  const markerLines = markdown.match(MID_ARTICLE_LINES) ?? [];
  if (markerLines.length > 1)
    return `The line ${MID_ARTICLE_LINE} may appear once: the shared block goes in one place.`;
  const text = markdown.replace(MID_ARTICLE_LINES, '');
  const html = RAW_HTML.exec(text);
  if (html) {
    const shown = text.slice(html.index, html.index + 30).split('\n')[0]!;
    return `The body cannot hold HTML (${quoted(shown)}): write it in Markdown. Only the line ${MID_ARTICLE_LINE} may stand alone between paragraphs.`;
  }
  if (REFERENCE_IMAGE.test(text))
    return 'Write an image with its address in the same place: ![what it shows](address).';
  for (const [, words, target] of text.matchAll(IMAGES)) {
    if (!words!.trim())
      return `The image ${quoted(target!)} needs words saying what it shows, for people who cannot see it.`;
    if (!bodyMediaOf(target!))
      return `The image ${quoted(target!)} must be one of the site's own, under /images/ or /media/, with its size after # (e.g. /media/posts/photo.webp#1200x800).`;
  }
  const targets = [...linkTargetsOf(text), ...[...text.matchAll(REFERENCE_DEFINITIONS)].map((match) => match[1]!)];
  const unsafe = [...new Set(targets)].filter((target) => !isSafeCampaignHref(target));
  if (unsafe.length > 0)
    return `Links must lead to a web page, an email address or a page of the site; this one cannot: ${unsafe.join(', ')}`;
  return undefined;
};
