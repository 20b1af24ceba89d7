import { createHash } from 'node:crypto';
import { ARCHIVE_FILES, archivePageKey, archivePagePath } from '#shared/newsletter-archive.ts';
import { getArchiveState, saveArchiveState } from '../../data/archive-state';
import { allDraftsAndSent } from '../../data/campaign-drafts';
import type { TableStore } from '../../data/stores';
import { archiveFeed, archiveIndex, archivePage, archiveSitemap, type ArchiveEntry } from './archive-documents';
import { ARCHIVE_STYLESHEET } from './archive-stylesheet';

/** Where the archive is written: the site bucket and CloudFront in AWS, web/dist locally. */
export interface ArchiveSite {
  /** Writes (or replaces) one object under `newsletter/`. */
  put(key: string, body: string, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Makes the edge's list of published issues exactly these slugs (the viewer-request function
   * serves `/newsletter/<slug>` only for them, the branded 404 page otherwise); nothing when it is.
   */
  listIssues(slugs: readonly string[]): Promise<void>;
  /** Drops the cached copies of these site paths, so visitors get the new ones at once. */
  invalidate(paths: string[]): Promise<void>;
}

interface ArchiveFile {
  /** The URL path visitors request (what an invalidation names). */
  path: string;
  body: string;
  contentType: string;
}

export interface PublishResult {
  /** The slugs on the archive now, newest first. */
  published: string[];
  written: string[];
  removed: string[];
}

/**
 * The published campaigns: a draft whose owner ticked `publish` and whose send started (its
 * `campaign#<slug>` has `startedAt`: the recipients were queued), with the content as it was sent.
 * A draft never sent, only scheduled, or sent but not ticked, is not among them.
 */
export const publishedCampaigns = async (store: TableStore): Promise<ArchiveEntry[]> => {
  const { drafts, sent } = await allDraftsAndSent(store);
  return drafts
    .flatMap((draft) => {
      const campaign = sent.get(draft.slug);
      if (draft.publish !== true || campaign?.startedAt === undefined) return [];
      const { slug, subject, preheader, bodyHtml, startedAt: sentAt } = campaign;
      return [{ slug, subject, preheader, bodyHtml, sentAt }];
    })
    .sort((a, b) => b.sentAt - a.sentAt || a.slug.localeCompare(b.slug));
};

const filesOf = (entries: ArchiveEntry[], siteUrl: string): Map<string, ArchiveFile> => {
  const html = ARCHIVE_FILES.index.contentType;
  return new Map<string, ArchiveFile>([
    [ARCHIVE_FILES.stylesheet.key, { ...ARCHIVE_FILES.stylesheet, body: ARCHIVE_STYLESHEET }],
    [ARCHIVE_FILES.index.key, { ...ARCHIVE_FILES.index, body: archiveIndex(entries, siteUrl) }],
    [ARCHIVE_FILES.feed.key, { ...ARCHIVE_FILES.feed, body: archiveFeed(entries, siteUrl) }],
    [ARCHIVE_FILES.sitemap.key, { ...ARCHIVE_FILES.sitemap, body: archiveSitemap(entries, siteUrl) }],
    ...entries.map((entry): [string, ArchiveFile] => {
      const path = archivePagePath(entry.slug);
      return [archivePageKey(path), { path, body: archivePage(entry, siteUrl), contentType: html }];
    }),
  ]);
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The site path an object was written for, from its key (for an object no longer published). */
const pathOfKey = (key: string) => `/${key.replace(/\/index\.html$/, '')}`;
/**
 * What to invalidate for an object: the path visitors ask for and, where the viewer-request
 * function rewrites it to the object (`/newsletter/<slug>` → `…/index.html`), the rewritten one
 * too, as "we recommend that you invalidate both URIs"
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/invalidation-specifying-objects.html).
 */
const invalidationPaths = (key: string) => [...new Set([pathOfKey(key), `/${key}`])];

/**
 * Brings the archive on the site in line with the table: every published campaign's page, the
 * index, the feed and the sitemap. Idempotent, so any change may ask for a run (a send started, `publish`
 * changed) and a repeated or concurrent run does no harm: only objects whose content differs from
 * the last run's are written, the edge's list of issues is brought in line, those no longer
 * published are deleted, and only their paths are
 * invalidated (nothing changed, no invalidation: CloudFront bills each path past the first
 * 1,000 a month). `rewriteAll` writes every object whatever the last run wrote: for a site
 * whose files were replaced (the local twin's rebuilt web/dist).
 */
export const publishArchive = async (
  store: TableStore,
  site: ArchiveSite,
  { siteUrl, now, rewriteAll = false }: { siteUrl: string; now: number; rewriteAll?: boolean },
): Promise<PublishResult> => {
  const entries = await publishedCampaigns(store);
  const files = filesOf(entries, siteUrl);
  const before = await getArchiveState(store);
  const hashes = Object.fromEntries([...files].map(([key, file]) => [key, sha256(file.body)]));

  const written = [...files.keys()].filter((key) => rewriteAll || before[key] !== hashes[key]);
  const removed = Object.keys(before).filter((key) => !files.has(key));
  for (const key of written) {
    const file = files.get(key)!;
    await site.put(key, file.body, file.contentType);
  }
  // After the new pages exist and before the old ones go, so the edge never routes to a missing
  // page; every run, as the list is compared with the edge's own, not with the saved state.
  await site.listIssues(entries.map((entry) => entry.slug));
  for (const key of removed) await site.remove(key);
  const paths = [...written, ...removed].flatMap(invalidationPaths);
  if (paths.length > 0) await site.invalidate(paths);
  if (written.length > 0 || removed.length > 0) await saveArchiveState(store, hashes, now);
  return { published: entries.map((entry) => entry.slug), written, removed };
};
