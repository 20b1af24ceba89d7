/**
 * The public newsletter archive's files (docs/decisions/0052-newsletter-archive.md): one page per
 * published campaign, the index page, an RSS 2.0 feed and a sitemap. Static HTML without a script; the body
 * is the sent email's own (renderCampaign, frozen on `campaign#<slug>`), without the part each
 * recipient gets (campaign-mail.ts: unsubscribe and preference links, the reason line), and
 * without any person's token an owner pasted into it (webBody).
 */
import { BUSINESS } from '#shared/constants/business.ts';
import { escapeHtml as escapeHtmlText, unescapeHtml } from '#shared/escape-html.ts';
import { FIRM_TIME_ZONE } from '#shared/firm-day.ts';
import { sitePaths } from '#shared/paths.ts';
import { ARCHIVE_FILES, archivePagePath } from '#shared/newsletter-archive.ts';
import { withoutCampaignTags } from '../campaign-utm';
import { BASE64URL_RUN, looksLikeToken, PERSONAL_ADDRESS, personalAddressIn } from '../personal-links';

/** A sent campaign the owners chose to publish. */
export interface ArchiveEntry {
  slug: string;
  subject: string;
  preheader?: string;
  /** The email's body as sent: renderCampaign's HTML, links absolute. */
  bodyHtml: string;
  /** When its send started (unix seconds): the issue's date. */
  sentAt: number;
}

export const ARCHIVE_TITLE = `${BUSINESS.name} newsletter`;
export const ARCHIVE_DESCRIPTION = `Every newsletter ${BUSINESS.name} has sent, to read on the web.`;

/**
 * The characters XML 1.0 forbids (C0 controls but tab and line breaks; a pasted U+000B from a
 * word processor would make a feed reader refuse the whole feed): removed from everything written.
 */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** Escaped for HTML and XML alike (`&#39;` is an apostrophe in both), without XML's forbidden characters. */
const escapeHtml = (text: string) => escapeHtmlText(text.replace(XML_FORBIDDEN, ''));

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_TIME_ZONE, dateStyle: 'long' });
/** The issue's day as Alberta saw it, e.g. "March 10, 2026". */
export const archiveDay = (seconds: number) => DAY.format(new Date(seconds * 1000));
/** RSS 2.0's date (RFC 822, four-digit year, GMT). */
export const rfc822 = (seconds: number) => new Date(seconds * 1000).toUTCString();

/**
 * The renderer's links (`<a href="…" style="…">words</a>`, campaign-markdown.ts), as the site
 * shows them: without the email's inline style (the site's CSP allows no style attribute; any
 * attributes after the target go, so an older or newer link style matches too). Raw HTML never
 * reaches this point: the renderer shows it as text, so `<a` only comes from it.
 */
const LINK = /<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g;
/** A piece of the body between spaces, quotes and tags: a word, an address, an attribute's value. */
const CHUNK = /[^\s<>"']+/g;
/** An address (a path, a URL, one percent-encoded): its runs of letters are paths and other sites' ids. */
const ADDRESS_LIKE = /\/|%2f/i;

/**
 * One piece of the body as the site shows it. An address into a person's own page or API record
 * (personal-links.ts), on any host, as written or inside a mail filter's wrapping or an encoding,
 * keeps the page's name and loses the rest (the token, and a wrapper's own data). Outside
 * addresses, a word with a subscriber link token's form (looksLikeToken) goes.
 */
const webChunk = (chunk: string) => {
  const personal = personalAddressIn(chunk);
  if (personal) return personal.decoded ? `${escapeHtml(personal.shown)}…` : chunk.replace(PERSONAL_ADDRESS, '$1…');
  if (ADDRESS_LIKE.test(chunk)) return chunk;
  return chunk.replace(BASE64URL_RUN, (run) => (looksLikeToken(run) ? '…' : run));
};

/**
 * The sent body as the site shows it: links without the email's style and without the campaign's
 * UTM tags (a reader of the archive is on the site already, not coming from the email); a link into a person's
 * own pages keeps its words and loses its target, and such an address anywhere in the text (the
 * words of a pasted link, a code span), wrapped or encoded, loses its token, as does a bare token;
 * characters XML forbids are removed. The second line behind the preflight, which refuses a
 * campaign with any of these (lambdas/console/campaigns/campaign-preflight.ts): this runs with no table, so
 * a bare token is known by its form here, by the subscribers table there.
 */
export const webBody = (bodyHtml: string) =>
  bodyHtml
    .replace(XML_FORBIDDEN, '')
    .replace(LINK, (_all, href: string, words: string) =>
      personalAddressIn(unescapeHtml(href))
        ? words
        : `<a href="${escapeHtml(withoutCampaignTags(unescapeHtml(href)))}">${words}</a>`,
    )
    .replace(CHUNK, webChunk);

interface PageInput {
  title: string;
  description: string;
  canonical: string;
  main: string;
}

/** The site's frame in plain HTML: its name home, the blog and the archive, the firm in the footer. */
const document = ({ title, description, canonical, main }: PageInput) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta property="og:site_name" content="${escapeHtml(BUSINESS.name)}">
<meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:type" content="article">
<meta property="og:url" content="${escapeHtml(canonical)}">
<meta property="og:locale" content="en_CA">
<meta name="theme-color" content="#0f4c5c">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ARCHIVE_FILES.stylesheet.path}">
<link rel="alternate" type="application/rss+xml" title="${escapeHtml(ARCHIVE_TITLE)}" href="${ARCHIVE_FILES.feed.path}">
</head>
<body>
<header class="top"><a class="brand" href="/">${escapeHtml(BUSINESS.name)}</a><nav aria-label="Site"><a href="${sitePaths.blog}">Blog</a> <a href="${ARCHIVE_FILES.index.path}">Newsletter</a></nav></header>
<main>
${main}
</main>
<footer class="foot"><p>© ${escapeHtml(BUSINESS.name)}, ${escapeHtml(BUSINESS.city)}, ${escapeHtml(BUSINESS.province)} · <a href="mailto:${BUSINESS.contactEmail}">${BUSINESS.contactEmail}</a></p></footer>
</body>
</html>
`;

const description = (entry: ArchiveEntry) =>
  entry.preheader?.trim() || `${ARCHIVE_TITLE}, ${archiveDay(entry.sentAt)}.`;

/** One issue's web version at `/newsletter/<slug>`. */
export const archivePage = (entry: ArchiveEntry, siteUrl: string) =>
  document({
    title: `${entry.subject} · ${ARCHIVE_TITLE}`,
    description: description(entry),
    canonical: `${siteUrl}${archivePagePath(entry.slug)}`,
    main: `<article>
<p class="kicker"><a href="${ARCHIVE_FILES.index.path}">Newsletter</a> · <time datetime="${new Date(entry.sentAt * 1000).toISOString()}">${archiveDay(entry.sentAt)}</time></p>
<h1>${escapeHtml(entry.subject)}</h1>
<div class="body">
${webBody(entry.bodyHtml)}
</div>
</article>`,
  });

const newestFirst = (entries: readonly ArchiveEntry[]) =>
  [...entries].sort((a, b) => b.sentAt - a.sentAt || a.slug.localeCompare(b.slug));

/** `/newsletter`: every published issue, newest first, or a plain word that there is none yet. */
export const archiveIndex = (entries: readonly ArchiveEntry[], siteUrl: string) =>
  document({
    title: ARCHIVE_TITLE,
    description: ARCHIVE_DESCRIPTION,
    canonical: `${siteUrl}${ARCHIVE_FILES.index.path}`,
    main: `<h1>Newsletter</h1>
<p>${escapeHtml(ARCHIVE_DESCRIPTION)} Also as an <a href="${ARCHIVE_FILES.feed.path}">RSS feed</a>.</p>
${
  entries.length === 0
    ? '<p>No newsletter has been published here yet.</p>'
    : `<ol class="issues">
${newestFirst(entries)
  .map(
    (entry) =>
      `<li><a href="${archivePagePath(entry.slug)}">${escapeHtml(entry.subject)}</a> <time datetime="${new Date(entry.sentAt * 1000).toISOString()}">${archiveDay(entry.sentAt)}</time>${entry.preheader ? `<p>${escapeHtml(entry.preheader)}</p>` : ''}</li>`,
  )
  .join('\n')}
</ol>`
}`,
  });

const element = (name: string, text: string) => `<${name}>${escapeHtml(text)}</${name}>`;

/** `/newsletter/feed.xml`, RSS 2.0: absolute links, the page's URL as a permanent guid. */
export const archiveFeed = (entries: readonly ArchiveEntry[], siteUrl: string) => {
  const sorted = newestFirst(entries);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${element('title', ARCHIVE_TITLE)}`,
    `    ${element('link', `${siteUrl}${ARCHIVE_FILES.index.path}`)}`,
    `    ${element('description', ARCHIVE_DESCRIPTION)}`,
    '    <language>en-CA</language>',
    // The newest issue's date rather than the clock: the same archive gives the same feed.
    ...(sorted[0] ? [`    ${element('lastBuildDate', rfc822(sorted[0].sentAt))}`] : []),
    `    <atom:link href="${escapeHtml(`${siteUrl}${ARCHIVE_FILES.feed.path}`)}" rel="self" type="application/rss+xml"/>`,
    ...sorted.flatMap((entry) => {
      const url = `${siteUrl}${archivePagePath(entry.slug)}`;
      return [
        '    <item>',
        `      ${element('title', entry.subject)}`,
        `      ${element('link', url)}`,
        `      <guid isPermaLink="true">${escapeHtml(url)}</guid>`,
        `      ${element('pubDate', rfc822(entry.sentAt))}`,
        `      ${element('description', description(entry))}`,
        '    </item>',
      ];
    }),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
};

/** W3C Datetime, as sitemaps take it (https://www.sitemaps.org/protocol.html#lastmoddef). */
const w3cDate = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * `/newsletter-sitemap.xml`: the index (last changed with its newest issue) and each published
 * issue, changed when it was sent. Built from the archive alone, so the same archive gives the
 * same file and the publisher writes it only when an issue comes or goes.
 */
export const archiveSitemap = (entries: readonly ArchiveEntry[], siteUrl: string) => {
  const sorted = newestFirst(entries);
  const url = (path: string, sentAt: number | undefined) =>
    `  <url><loc>${escapeHtml(`${siteUrl}${path}`)}</loc>${sentAt === undefined ? '' : `<lastmod>${w3cDate(sentAt)}</lastmod>`}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(ARCHIVE_FILES.index.path, sorted[0]?.sentAt),
    ...sorted.map((entry) => url(archivePagePath(entry.slug), entry.sentAt)),
    '</urlset>',
    '',
  ].join('\n');
};
