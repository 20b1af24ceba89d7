import { CreateInvalidationCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import {
  DescribeKeyValueStoreCommand,
  ListKeysCommand,
  UpdateKeysCommand,
  type CloudFrontKeyValueStoreClient,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { ARCHIVE_ISSUE_VALUE } from '#shared/newsletter-archive.ts';
import type { ArchiveSite } from './publish-archive';

/** As the deployed pages (site-deployment.ts REVALIDATE): CloudFront keeps them, browsers ask again. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Every key of the store, page by page. */
const keysOf = async (kvs: CloudFrontKeyValueStoreClient, KvsARN: string): Promise<string[]> => {
  const keys: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await kvs.send(new ListKeysCommand({ KvsARN, NextToken }));
    keys.push(...(page.Items ?? []).map((item) => item.Key!));
    NextToken = page.NextToken;
  } while (NextToken);
  return keys;
};

/**
 * The archive's site in AWS: objects under `newsletter/` of the site bucket (and its sitemap), the
 * published slugs in the viewer-request function's KeyValueStore, and one CloudFront
 * invalidation per run naming only the changed paths. The CallerReference is new per run and the
 * same for the SDK's repeated attempts of that run's call, so a retried call cannot make a second
 * invalidation (CloudFront returns the first for the same reference and paths:
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_InvalidationBatch.html).
 * PutObject replaces an object whole and DeleteObject of a missing key succeeds, so a run
 * repeated after a failure is harmless. The store's keys change in one UpdateKeys, all or nothing,
 * against the version just read (IfMatch), so a concurrent run's change is never overwritten: the
 * later call fails and Lambda's retry reconciles again
 * (https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_kvs_UpdateKeys.html).
 */
export const awsArchiveSite = (aws: {
  s3: S3Client;
  cloudFront: CloudFrontClient;
  keyValueStore: CloudFrontKeyValueStoreClient;
  bucket: string;
  distributionId: string;
  /** The ARN of the KeyValueStore the viewer-request function reads. */
  issuesStoreArn: string;
}): ArchiveSite => ({
  put: async (key, body, contentType) => {
    await aws.s3.send(
      new PutObjectCommand({
        Bucket: aws.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: PAGE_CACHE_CONTROL,
      }),
    );
  },
  remove: async (key) => {
    await aws.s3.send(new DeleteObjectCommand({ Bucket: aws.bucket, Key: key }));
  },
  listIssues: async (slugs) => {
    const KvsARN = aws.issuesStoreArn;
    const { ETag } = await aws.keyValueStore.send(new DescribeKeyValueStoreCommand({ KvsARN }));
    const present = await keysOf(aws.keyValueStore, KvsARN);
    const Puts = slugs.filter((slug) => !present.includes(slug)).map((Key) => ({ Key, Value: ARCHIVE_ISSUE_VALUE }));
    const Deletes = present.filter((key) => !slugs.includes(key)).map((Key) => ({ Key }));
    if (Puts.length === 0 && Deletes.length === 0) return;
    await aws.keyValueStore.send(new UpdateKeysCommand({ KvsARN, IfMatch: ETag, Puts, Deletes }));
  },
  invalidate: async (paths) => {
    await aws.cloudFront.send(
      new CreateInvalidationCommand({
        DistributionId: aws.distributionId,
        InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: paths.length, Items: paths } },
      }),
    );
  },
});
