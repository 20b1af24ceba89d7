/**
 * The newsletter archive as a section of the site's publisher (docs/decisions/0052-newsletter-archive.md):
 * each published campaign's page, the index, the feed, the stylesheet and the sitemap, and one key
 * per published issue in the edge's store (its bare slug, `published`).
 */
import {
  ARCHIVE_FILES,
  ARCHIVE_ISSUE_VALUE,
  ARCHIVE_KEY_PATTERNS,
  archivePageKey,
  archivePagePath,
} from '#shared/newsletter-archive.ts';
import type { SiteObject } from '#shared/blog-site.ts';
import { campaignContent } from '../../data/campaign-body';
import { allDraftsAndSent } from '../../data/campaign-drafts';
import type { TableStore } from '../../data/stores';
import { matchesKeyPatterns } from '../../publisher/key-patterns';
import type { SiteSection } from '../../publisher/publish-site';
import { archiveFeed, archiveIndex, archivePage, archiveSitemap, type ArchiveEntry } from './archive-documents';
import { ARCHIVE_STYLESHEET } from './archive-stylesheet';

/**
 * The published campaigns: a draft whose owner ticked `publish` and whose send started (its
 * `campaign#<slug>` has `startedAt`: the recipients were queued), with the content as it was sent
 * (its body read from its parts: campaign-body.ts). A draft never sent, only scheduled, or sent but
 * not ticked, is not among them, nor a campaign past its retention whose body has expired.
 */
export const publishedCampaigns = async (store: TableStore): Promise<ArchiveEntry[]> => {
  const { drafts, sent } = await allDraftsAndSent(store);
  const entries: ArchiveEntry[] = [];
  for (const draft of drafts) {
    const campaign = sent.get(draft.slug);
    if (draft.publish !== true || campaign?.startedAt === undefined) continue;
    const content = await campaignContent(store, campaign);
    if (!content) continue;
    const { slug, subject, preheader, bodyHtml } = content;
    entries.push({ slug, subject, preheader, bodyHtml, sentAt: campaign.startedAt });
  }
  return entries.sort((a, b) => b.sentAt - a.sentAt || a.slug.localeCompare(b.slug));
};

const objectsOf = (entries: ArchiveEntry[], siteUrl: string): SiteObject[] => {
  const file = (spec: (typeof ARCHIVE_FILES)[keyof typeof ARCHIVE_FILES], body: string): SiteObject => ({
    key: spec.key,
    paths: [spec.path],
    body,
    contentType: spec.contentType,
  });
  return [
    file(ARCHIVE_FILES.stylesheet, ARCHIVE_STYLESHEET),
    file(ARCHIVE_FILES.index, archiveIndex(entries, siteUrl)),
    file(ARCHIVE_FILES.feed, archiveFeed(entries, siteUrl)),
    file(ARCHIVE_FILES.sitemap, archiveSitemap(entries, siteUrl)),
    ...entries.map((entry): SiteObject => {
      const path = archivePagePath(entry.slug);
      return {
        key: archivePageKey(path),
        paths: [path],
        body: archivePage(entry, siteUrl),
        contentType: ARCHIVE_FILES.index.contentType,
      };
    }),
  ];
};

/** An issue's key in the edge's store is its bare slug; the blog's keys have a `post:` or `redirect:` prefix. */
const isIssueKey = (key: string) => !key.includes(':');

export const archiveSection = (store: TableStore, siteUrl: string): SiteSection => ({
  name: 'newsletter',
  ownsKey: matchesKeyPatterns(ARCHIVE_KEY_PATTERNS),
  ownsRoute: isIssueKey,
  compute: async () => {
    const entries = await publishedCampaigns(store);
    const published = entries.map((entry) => entry.slug);
    return {
      objects: objectsOf(entries, siteUrl),
      routes: Object.fromEntries(published.map((slug) => [slug, ARCHIVE_ISSUE_VALUE])),
      published,
    };
  },
});
