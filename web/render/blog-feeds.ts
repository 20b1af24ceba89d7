/** The blog's RSS 2.0 feed (/rss.xml) and its sitemap (/blog-sitemap.xml), newest first, every link absolute. */
import { BUSINESS } from '#shared/constants/business.ts';
import { escapeXml } from '#shared/escape-html.ts';
import { sitePaths } from '#shared/paths.ts';
import { PAGE_META } from '#web/content/pages/meta.ts';
import { BLOG_FEED_PATH, postPath } from '#web/src/features/blog/post-links.ts';
import type { PostView } from '#web/src/features/blog/types.ts';
import { absoluteUrl } from '#web/src/lib/page-meta.ts';
import { sitemapXml, type SitemapEntry } from './sitemap-xml';

/**
 * RFC 822 date for a post's day. Noon UTC keeps the calendar day the same from Alberta to
 * Europe, so no feed reader shows a post a day early.
 */
export const rfc822Date = (isoDate: string): string => new Date(`${isoDate}T12:00:00Z`).toUTCString();

const element = (name: string, text: string): string => `<${name}>${escapeXml(text)}</${name}>`;

function itemXml(post: PostView, siteUrl: string): string {
  const url = absoluteUrl(postPath(post.slug), siteUrl);
  return [
    '    <item>',
    `      ${element('title', post.title)}`,
    `      ${element('link', url)}`,
    `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
    `      ${element('pubDate', rfc822Date(post.isoDate))}`,
    `      ${element('description', post.description)}`,
    '    </item>',
  ].join('\n');
}

const originOf = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The blog as an RSS 2.0 feed, in the order given (newest first). */
export function renderRss(posts: readonly PostView[], siteUrl: string): string {
  const origin = originOf(siteUrl);
  // The newest post's date rather than the clock: the same posts make the same feed.
  const lastBuildDate = posts.length > 0 ? [element('lastBuildDate', rfc822Date(posts[0]!.isoDate))] : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${element('title', `${BUSINESS.name} Blog`)}`,
    `    ${element('link', absoluteUrl(sitePaths.blog, origin))}`,
    `    ${element('description', PAGE_META.blog.description)}`,
    '    <language>en-CA</language>',
    ...lastBuildDate.map((line) => `    ${line}`),
    `    <atom:link href="${escapeXml(absoluteUrl(BLOG_FEED_PATH, origin))}" rel="self" type="application/rss+xml"/>`,
    ...posts.map((post) => itemXml(post, origin)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Sitemap lines for the blog: each post dated by its date, the index by the newest. */
export function blogSitemapEntries(
  posts: readonly Pick<PostView, 'slug' | 'isoDate'>[],
  siteUrl: string,
): SitemapEntry[] {
  const origin = originOf(siteUrl);
  const postEntries = posts.map((post) => ({ loc: absoluteUrl(postPath(post.slug), origin), lastmod: post.isoDate }));
  const newest = posts.reduce<string | undefined>(
    (latest, post) => (!latest || post.isoDate > latest ? post.isoDate : latest),
    undefined,
  );
  const index = { loc: absoluteUrl(sitePaths.blog, origin), ...(newest ? { lastmod: newest } : {}) };
  return [index, ...postEntries];
}

/** /blog-sitemap.xml: /blog and every post. */
export const blogSitemapXml = (posts: readonly PostView[], siteUrl: string) =>
  sitemapXml(blogSitemapEntries(posts, siteUrl));
