import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArchiveSite } from '#lambdas/campaigns/archive/publish-archive.ts';
import { ARCHIVE_ISSUE_VALUE } from '#shared/newsletter-archive.ts';
import type { LocalKeyValueStore } from './local-key-value-store';

/**
 * The newsletter archive's site on the local twin: the objects go into the served web/dist as
 * S3 keys map to files, the issues into the twin's KeyValueStore that its viewer-request function
 * reads, and "invalidating" empties the local server's file cache, as CloudFront's invalidation
 * makes the next request go to the origin.
 */
export const localArchiveSite = (distDir: string, clearCache: () => void, issues: LocalKeyValueStore): ArchiveSite => {
  const fileOf = (key: string) => path.join(distDir, ...key.split('/'));
  return {
    async put(key, body) {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), body);
    },
    remove: (key) => rm(fileOf(key), { force: true }),
    async listIssues(slugs) {
      const stale = issues.keys().filter((key) => !slugs.includes(key));
      issues.update(
        slugs.map((key) => ({ key, value: ARCHIVE_ISSUE_VALUE })),
        stale,
      );
    },
    async invalidate() {
      clearCache();
    },
  };
};
