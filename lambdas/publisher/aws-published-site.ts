import { CreateInvalidationCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import {
  DescribeKeyValueStoreCommand,
  ListKeysCommand,
  UpdateKeysCommand,
  type CloudFrontKeyValueStoreClient,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import type { PublishedSite } from './publish-site';
import { routeChanges } from './route-changes';

/** As the deployed pages (site-deployment.ts REVALIDATE): CloudFront keeps them, browsers ask again. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Puts and deletes per UpdateKeys: "AWS has a default quota of 50 keys or a 3 MB payload, whichever
 * is reached first" (the Terraform and Pulumi AWS providers' `max_batch_size`, e.g.
 * https://www.pulumi.com/registry/packages/aws/api-docs/cloudfront/keyvaluestorekeysexclusive/;
 * the API reference names no figure). A key is at most 512 characters and a value 1,024
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/kvs-with-functions-create-s3-kvp.html),
 * so 50 stay far under 3 MB.
 */
const KEYS_PER_UPDATE = 50;

/** Every key and value of the store, page by page. */
const entriesOf = async (kvs: CloudFrontKeyValueStoreClient, KvsARN: string): Promise<Map<string, string>> => {
  const entries = new Map<string, string>();
  let NextToken: string | undefined;
  do {
    const page = await kvs.send(new ListKeysCommand({ KvsARN, NextToken }));
    for (const item of page.Items ?? []) entries.set(item.Key!, item.Value!);
    NextToken = page.NextToken;
  } while (NextToken);
  return entries;
};

/**
 * The site's publisher in AWS: objects in the site bucket, the published issues, posts and
 * redirects in the viewer-request function's KeyValueStore, and one CloudFront invalidation per
 * run naming only the changed paths. The CallerReference is new per run and the same for the
 * SDK's repeated attempts of that run's call, so a retried call cannot make a second
 * invalidation (CloudFront returns the first for the same reference and paths:
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_InvalidationBatch.html).
 * PutObject replaces an object whole and DeleteObject of a missing key succeeds, so a run
 * repeated after a failure is harmless. The store's keys change in UpdateKeys calls, each all or
 * nothing against the version just read or written (IfMatch), so a concurrent change is never
 * overwritten: the later call fails and Lambda's retry reconciles again
 * (https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_kvs_UpdateKeys.html). Puts go
 * before deletes: a batch cut short leaves a key too many (its page is still there), never one
 * too few.
 */
export const awsPublishedSite = (aws: {
  s3: S3Client;
  cloudFront: CloudFrontClient;
  keyValueStore: CloudFrontKeyValueStoreClient;
  bucket: string;
  distributionId: string;
  /** The ARN of the KeyValueStore the viewer-request function reads. */
  routesStoreArn: string;
}): PublishedSite => ({
  put: async ({ key, body, contentType }) => {
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
  read: async (key) => {
    const object = await aws.s3.send(new GetObjectCommand({ Bucket: aws.bucket, Key: key }));
    return object.Body!.transformToString('utf-8');
  },
  route: async (routes, owns) => {
    const KvsARN = aws.routesStoreArn;
    let { ETag } = await aws.keyValueStore.send(new DescribeKeyValueStoreCommand({ KvsARN }));
    const { puts, deletes } = routeChanges(await entriesOf(aws.keyValueStore, KvsARN), routes, owns);
    const changes = [
      ...puts.map(({ key, value }) => ({ put: { Key: key, Value: value } })),
      ...deletes.map((key) => ({ del: { Key: key } })),
    ];
    for (let start = 0; start < changes.length; start += KEYS_PER_UPDATE) {
      const batch = changes.slice(start, start + KEYS_PER_UPDATE);
      const answer = await aws.keyValueStore.send(
        new UpdateKeysCommand({
          KvsARN,
          IfMatch: ETag,
          Puts: batch.flatMap((change) => ('put' in change ? [change.put] : [])),
          Deletes: batch.flatMap((change) => ('del' in change ? [change.del] : [])),
        }),
      );
      ETag = answer.ETag;
    }
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
