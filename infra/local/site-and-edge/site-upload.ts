/**
 * The twin's deployment of the web build: the stack's three BucketDeployments
 * (infra/cdk/constructs/site-deployment.ts) over the twin's site bucket, a directory. Every file of
 * the build is put but the route manifest and the keys written after a deploy (the site's
 * publisher's, the owners' images); then every key of the bucket the build no longer has is
 * deleted, but those the pages' pass excludes (the hashed assets, kept for pages still open,
 * the 404 page, and again the keys written after a deploy), as `prune` leaves excluded keys
 * (aws-s3-deployment README, "Exclude and Include Filters").
 */
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { matchesKeyPatterns } from '#lambdas/publisher/key-patterns.ts';
import { ROUTE_MANIFEST_FILE } from '../../cdk/edge/edge-code';
import { KEYS_WRITTEN_AFTER_DEPLOY, PAGES_EXCLUDE } from '../../cdk/site/deployment-keys';

/** Every file under `dir`, as bucket keys (`/`-separated); none when it does not exist. */
const keysOf = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
};

const sameBytes = async (a: string, b: string) => {
  const [left, right] = await Promise.all([readFile(a), readFile(b).catch(() => undefined)]);
  return right !== undefined && left.equals(right);
};

export async function uploadSite(
  distDir: string,
  bucketDir: string,
): Promise<{ uploaded: string[]; pruned: string[] }> {
  const neverUploaded = matchesKeyPatterns([ROUTE_MANIFEST_FILE, ...KEYS_WRITTEN_AFTER_DEPLOY]);
  const neverPruned = matchesKeyPatterns(PAGES_EXCLUDE);
  const fileOf = (dir: string, key: string) => path.join(dir, ...key.split('/'));
  const built = await keysOf(distDir);
  const uploaded: string[] = [];
  for (const key of built.filter((candidate) => !neverUploaded(candidate))) {
    if (await sameBytes(fileOf(distDir, key), fileOf(bucketDir, key))) continue;
    await mkdir(path.dirname(fileOf(bucketDir, key)), { recursive: true });
    await copyFile(fileOf(distDir, key), fileOf(bucketDir, key));
    uploaded.push(key);
  }
  const inBuild = new Set(built);
  const pruned = (await keysOf(bucketDir)).filter((key) => !inBuild.has(key) && !neverPruned(key));
  for (const key of pruned) await rm(fileOf(bucketDir, key), { force: true });
  return { uploaded, pruned };
}
