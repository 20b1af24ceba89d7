import middy from '@middy/core';
import { awsArchiveSite } from '../campaigns/archive/aws-archive-site';
import { publishArchive, type PublishResult } from '../campaigns/archive/publish-archive';
import { createCloudFrontClient } from '../runtime/aws-clients/cloudfront';
import { createKeyValueStoreClient } from '../runtime/aws-clients/cloudfront-keyvaluestore';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { createS3Client } from '../runtime/aws-clients/s3';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';
import * as log from '../runtime/log';

const campaigns = { db: createDynamoClient(), table: requireEnv('CAMPAIGNS_TABLE') };
const site = awsArchiveSite({
  s3: createS3Client(),
  cloudFront: createCloudFrontClient(),
  keyValueStore: createKeyValueStoreClient(),
  bucket: requireEnv('SITE_BUCKET'),
  distributionId: requireEnv('SITE_DISTRIBUTION_ID'),
  issuesStoreArn: requireEnv('ARCHIVE_ISSUES_STORE_ARN'),
});
const siteUrl = requireEnv('SITE_URL');

/**
 * Brings the public newsletter archive in line with the Campaigns table
 * (docs/decisions/0052-newsletter-archive.md). Invoked asynchronously, with no event to read,
 * when a send's recipients were queued (the campaign worker) or an owner changed `publish` on a
 * sent campaign (the console); an error makes Lambda run it again (twice, then the event goes to
 * the publisher's dead-letter queue, whose alarm tells the operators), and a repeated run writes
 * only what still differs.
 */
export const handler = middy(async (): Promise<PublishResult> => {
  const result = await publishArchive(campaigns, site, { siteUrl, now: nowSeconds() });
  log.info('Newsletter archive published', {
    published: result.published.length,
    written: result.written,
    removed: result.removed,
  });
  return result;
});
