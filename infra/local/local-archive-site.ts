import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArchiveSite } from '#lambdas/campaigns/archive/publish-archive.ts';

/**
 * The newsletter archive's site on the local twin: the objects go into the served web/dist as
 * S3 keys map to files, and "invalidating" empties the local server's file cache, as CloudFront's
 * invalidation makes the next request go to the origin.
 */
export const localArchiveSite = (distDir: string, clearCache: () => void): ArchiveSite => {
  const fileOf = (key: string) => path.join(distDir, ...key.split('/'));
  return {
    async put(key, body) {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), body);
    },
    remove: (key) => rm(fileOf(key), { force: true }),
    async invalidate() {
      clearCache();
    },
  };
};
