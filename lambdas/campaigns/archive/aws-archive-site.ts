import { CreateInvalidationCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import type { ArchiveSite } from './publish-archive';

/** As the deployed pages (site-deployment.ts REVALIDATE): CloudFront keeps them, browsers ask again. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The archive's site in AWS: objects under `newsletter/` of the site bucket, and one CloudFront
 * invalidation per run naming only the changed paths. The CallerReference is new per run and the
 * same for the SDK's repeated attempts of that run's call, so a retried call cannot make a second
 * invalidation (CloudFront returns the first for the same reference and paths:
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_InvalidationBatch.html).
 * PutObject replaces an object whole and DeleteObject of a missing key succeeds, so a run
 * repeated after a failure is harmless.
 */
export const awsArchiveSite = (aws: {
  s3: S3Client;
  cloudFront: CloudFrontClient;
  bucket: string;
  distributionId: string;
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
  invalidate: async (paths) => {
    await aws.cloudFront.send(
      new CreateInvalidationCommand({
        DistributionId: aws.distributionId,
        InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: paths.length, Items: paths } },
      }),
    );
  },
});
