import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { awsPublishedSite } from '../publisher/aws-published-site';
import { publisherInvocation, type PublisherDeps } from '../publisher/publisher-invocation';
import { siteSections } from '../publisher/site-sections';
import { createCloudFrontClient } from '../runtime/aws-clients/cloudfront';
import { createKeyValueStoreClient } from '../runtime/aws-clients/cloudfront-keyvaluestore';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { createS3Client } from '../runtime/aws-clients/s3';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';
import * as log from '../runtime/log';

const db = createDynamoClient();
const campaigns = { db, table: requireEnv('CAMPAIGNS_TABLE') };
const posts = { db, table: requireEnv('POSTS_TABLE') };
const site = awsPublishedSite({
  s3: createS3Client(),
  cloudFront: createCloudFrontClient(),
  keyValueStore: createKeyValueStoreClient(),
  bucket: requireEnv('SITE_BUCKET'),
  distributionId: requireEnv('SITE_DISTRIBUTION_ID'),
  routesStoreArn: requireEnv('SITE_ROUTES_STORE_ARN'),
});
const deps: PublisherDeps = {
  state: campaigns,
  posts,
  site,
  sections: siteSections({ campaigns, posts, site, siteUrl: requireEnv('SITE_URL'), now: nowSeconds }),
  now: nowSeconds,
};

/** What a run keeps of its time to give up waiting for another run's lease and end cleanly. */
const RESERVE_MS = 10_000;

/**
 * Brings the parts of the public site the build cannot know in line with the tables
 * (docs/decisions/0052-newsletter-archive.md, 0053-blog-posts-from-the-console.md): the newsletter
 * archive from the Campaigns table, the blog from the Posts table. Invoked asynchronously: with no
 * event when a send's recipients were queued (the campaign worker), an owner changed `publish` on
 * a sent campaign or published or took down a post (the console), and after each deploy; with
 * `{ postId, token }` by a post's one-time schedule (EventBridge Scheduler invokes Lambda
 * asynchronously: https://docs.aws.amazon.com/lambda/latest/dg/with-eventbridge-scheduler.html).
 * An error makes Lambda run it again (twice, then the event goes to the publisher's dead-letter
 * queue, whose alarm tells the operators), and a repeated run writes only what still differs.
 * One run publishes at a time, by a lease on the state item (one-run-at-a-time.ts): a run that
 * finds another publishing waits until that one has covered its request, or takes over once the
 * lease is free; it never drops the request.
 */
export const handler = middy(async (event: unknown, context: Context) => {
  const { request, runs, scheduled } = await publisherInvocation(deps, event, {
    giveUpAt: Date.now() + context.getRemainingTimeInMillis() - RESERVE_MS,
  });
  const last = runs.at(-1);
  log.info(last ? 'Site published' : 'Site publisher request published by another run', {
    request,
    ...(scheduled && { scheduled }),
    publications: runs.length,
    ...(last && {
      published: Object.fromEntries(Object.entries(last.published).map(([name, slugs]) => [name, slugs.length])),
    }),
    written: runs.flatMap((run) => run.written),
    removed: runs.flatMap((run) => run.removed),
  });
  return { request, runs, ...(scheduled && { scheduled }) };
});
