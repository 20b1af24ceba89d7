import { BUSINESS } from '#shared/constants/business.ts';
import { PAGE_META } from '#web/content/pages/meta.ts';
import { absoluteUrl } from '#web/src/lib/page-meta.ts';
import { BLOG_FEED_PATH, postPath } from '#web/src/features/blog/post-links.ts';
import type { PostSummary } from '#web/src/features/blog/types.ts';
import { escapeMarkup } from './html-text';

/**
 * RFC 822 date for a post's day. Noon UTC keeps the calendar day the same from Alberta to
 * Europe, so no feed reader shows a post a day early.
 */
export const rfc822Date = (isoDate: string): string => new Date(`${isoDate}T12:00:00Z`).toUTCString();

const element = (name: string, text: string): string => `<${name}>${escapeMarkup(text)}</${name}>`;

function itemXml(post: PostSummary, siteUrl: string): string {
  const url = absoluteUrl(postPath(post.slug), siteUrl);
  return [
    '    <item>',
    `      ${element('title', post.title)}`,
    `      ${element('link', url)}`,
    `      <guid isPermaLink="true">${escapeMarkup(url)}</guid>`,
    `      ${element('pubDate', rfc822Date(post.isoDate))}`,
    `      ${element('description', post.description)}`,
    '    </item>',
  ].join('\n');
}

/** The blog as an RSS 2.0 feed, newest first, with every link absolute. */
export function renderRss(posts: readonly PostSummary[], siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const newestFirst = [...posts].sort((a, b) => a.id - b.id);
  // The newest post's date rather than the clock: the same content builds the same feed.
  const lastBuildDate = newestFirst.length > 0 ? [element('lastBuildDate', rfc822Date(newestFirst[0].isoDate))] : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${element('title', `${BUSINESS.name} Blog`)}`,
    `    ${element('link', absoluteUrl('/blog', origin))}`,
    `    ${element('description', PAGE_META.blog.description)}`,
    '    <language>en-CA</language>',
    ...lastBuildDate.map((line) => `    ${line}`),
    `    <atom:link href="${escapeMarkup(absoluteUrl(BLOG_FEED_PATH, origin))}" rel="self" type="application/rss+xml"/>`,
    ...newestFirst.map((post) => itemXml(post, origin)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
