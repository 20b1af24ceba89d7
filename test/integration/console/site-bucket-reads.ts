/**
 * The twin's S3 endpoint with the site bucket's reads (infra/local/site-and-edge/local-site-bucket.ts), as
 * `npm start` has it, over a bucket directory of the test's own holding `objects`: each read held
 * to the caller's role. For a function that reads an object of the bucket (the Posts screen's
 * preview, the render kit).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_S3_PREFIX } from '#infra/local/site-and-edge/local-s3.ts';
import { createLocalSiteBucket } from '#infra/local/site-and-edge/local-site-bucket.ts';
import { twinIam } from '#test/support/twin-iam.ts';

export const startSiteBucketReads = async (bucket: string, objects: Record<string, string>) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-bucket-'));
  for (const [key, body] of Object.entries(objects)) {
    const file = path.join(dir, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }
  const read = createLocalSiteBucket(bucket, dir, twinIam());
  let reads = 0;
  const server = createServer((req, res) => {
    reads += 1;
    void read(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}${LOCAL_S3_PREFIX}`,
    /** Requests that reached the bucket. */
    reads: () => reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
