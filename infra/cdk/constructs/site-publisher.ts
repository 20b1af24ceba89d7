import { Stack, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { BLOG_PUBLISHED_KEY_PATTERNS, RENDER_KIT_KEY } from '#shared/blog-site.ts';
import { ARCHIVE_KEY_PATTERN, ARCHIVE_KEY_PATTERNS } from '#shared/newsletter-archive.ts';
import { POST_LIST_INDEX } from '#shared/post-list-index.ts';
import { PUBLISHER_STATE_ID } from '#shared/site-publisher.ts';
import { DeadLetterQueue } from './dead-letter-queue';
import { HouseFunction, type TableBinding } from './house-function';

export interface SitePublisherProps {
  readonly campaigns: TableBinding;
  readonly posts: TableBinding;
  readonly bucket: s3.IBucket;
  readonly distribution: cloudfront.IDistribution;
  /** The viewer-request function's store of published issues, posts and redirects. */
  readonly routesStore: cloudfront.IKeyValueStore;
  readonly siteUrl: string;
}

/**
 * The site's publisher (docs/decisions/0052-newsletter-archive.md, 0053-blog-posts-from-the-console.md):
 * run asynchronously by the functions that may change what it publishes (bindTrigger), it reads
 * the tables, writes its objects to the site bucket, brings the edge's store in line and
 * invalidates the changed paths. It may write nothing else: its objects' keys only, one item of
 * the Campaigns table (its own state and the lease that lets one run publish at a time, by key),
 * one distribution's invalidations, the keys of one KeyValueStore. A run that still fails after
 * Lambda's two retries of the asynchronous invocation leaves its event in `deadLetterQueue`, whose
 * depth alarm (site-stack.ts) tells the operators that the site may be out of date.
 */
export class SitePublisher extends Construct {
  readonly publisher: HouseFunction;
  readonly deadLetterQueue: DeadLetterQueue;

  constructor(scope: Construct, id: string, props: SitePublisherProps) {
    super(scope, id);
    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters');
    // Invoked asynchronously only (publisher-trigger.ts): the function DLQ receives the event of a
    // run Lambda gave up on, as for the SES events function (email.ts). One run publishes at a
    // time (two at once could each save what it read and leave the site wrong until its next
    // change), by a lease on its state item (lambdas/publisher/one-run-at-a-time.ts), not
    // by reserved concurrency. Lambda lets a function reserve only "up to the Unreserved account
    // concurrency value that is shown, minus 100 for functions that don't have reserved concurrency"
    // (https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html, as quoted on
    // https://repost.aws/questions/QUzGtqXgNdSNCHkmM0qJ2NfA), and "New AWS accounts have reduced
    // concurrency and memory quotas" (https://docs.aws.amazon.com/lambda/latest/dg/limits.html):
    // on such an account even 1 fails the first deploy with "Specified ReservedConcurrentExecutions
    // for function decreases account's UnreservedConcurrentExecution below its minimum value of
    // [10]" (or [50]) and rolls it back. infra/cdk/compliance.ts refuses reserved concurrency anywhere.
    this.publisher = new HouseFunction(this, 'Function', {
      name: 'sitePublisher',
      deadLetterQueue: this.deadLetterQueue,
    })
      .bindTable(props.campaigns, 'read', { scan: true })
      // The posts on the site (the list index, then the items and their published revisions), and
      // the seed of a new table (each item put only if absent: lambdas/data/posts.ts).
      .bindTable(props.posts, ['GetItem', 'BatchGetItem', 'PutItem'], { queryIndexes: [POST_LIST_INDEX.name] })
      .setEnv('SITE_URL', props.siteUrl)
      .setEnv('SITE_BUCKET', props.bucket.bucketName)
      .setEnv('SITE_DISTRIBUTION_ID', props.distribution.distributionId)
      .setEnv('SITE_ROUTES_STORE_ARN', props.routesStore.keyValueStoreArn);
    const role = this.publisher.role;
    // dynamodb:LeadingKeys is the partition key of the item written: its own state item only
    // (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/specifying-conditions.html),
    // which holds what it wrote, its runs' counters and their lease (lambdas/data/publisher-state.ts),
    // all written with UpdateItem (ADD, SET, REMOVE; conditional for the lease).
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.campaigns.table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [PUBLISHER_STATE_ID] } },
      }),
    );
    // A scheduled publish changes its post's item, and nothing else of the table.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.posts.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['post#*'] } },
      }),
    );
    // Its own objects (the archive's, the blog's), never a page of the build nor an owner's image.
    const objects = [...ARCHIVE_KEY_PATTERNS, ...BLOG_PUBLISHED_KEY_PATTERNS].map((pattern) =>
      props.bucket.arnForObjects(pattern),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject'], resources: objects }),
    );
    // The render kit the deploy uploaded beside the pages, which it renders the blog with.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [props.bucket.arnForObjects(RENDER_KIT_KEY)] }),
    );
    props.distribution.grantCreateInvalidation(role);
    // Reads the store's version and keys, and changes its keys: on that one store only
    // (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazoncloudfrontkeyvaluestore.html).
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:ListKeys',
          'cloudfront-keyvaluestore:UpdateKeys',
        ],
        resources: [props.routesStore.keyValueStoreArn],
      }),
    );
    const stack = Stack.of(this);
    const bucketArn = `<${stack.getLogicalId(props.bucket.node.defaultChild as never)}.Arn>`;
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${bucketArn}/${ARCHIVE_KEY_PATTERN}]`,
      reason:
        "The archive's pages are named by the campaigns' slugs when they are published, so the grant is every object under the archive's prefix of the site bucket and nothing else.",
    });
    for (const pattern of BLOG_PUBLISHED_KEY_PATTERNS.filter((candidate) => candidate.endsWith('*'))) {
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${pattern}]`,
        reason:
          "The blog's pages and data files are named by the posts' slugs when the owners publish them, so the grant is every object under the blog's own prefixes and nothing else.",
      });
    }
  }

  /**
   * Lets `fn` ask for a run (lambda:InvokeFunction on this function only) and tells it which
   * function to invoke (lambdas/publisher/publisher-trigger.ts).
   */
  bindTrigger(fn: HouseFunction): void {
    // The function's ARN alone (grantInvoke would add `:*`, every version and alias: we invoke none).
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.publisher.function.functionArn] }),
    );
    fn.setEnv('SITE_PUBLISHER_FUNCTION', this.publisher.function.functionName);
  }
}
