/**
 * The site's publisher (docs/decisions/0052-newsletter-archive.md, 0053-blog-posts-from-the-console.md):
 * what it may write (its objects, its own state item, one distribution's invalidations, one
 * store's keys), who may run it (the campaign worker after a launch, the console after a change
 * of `publish`), and that it runs one at a time without reserved concurrency.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { FUNCTIONS } from '#infra/cdk/constructs/functions.ts';
import { PUBLISHER_LEASE_SECONDS } from '#lambdas/publisher/one-run-at-a-time.ts';
import { synthStack } from '#test/infra/support/app.ts';
import { roleStatements } from '#test/infra/support/policies.ts';

const { stack, template: templateOf } = synthStack({});
const template = templateOf();
const publisher = stack.publisher.publisher;
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);
const statements = () => roleStatements(template, stack, publisher);
const withAction = (action: string) => statements().filter((statement) => [statement.Action].flat().includes(action));
const bucketArn = { 'Fn::GetAtt': [logicalId(stack.site.bucket), 'Arn'] };
const campaignsArn = { 'Fn::GetAtt': [logicalId(stack.data.campaigns.table), 'Arn'] };
const postsArn = { 'Fn::GetAtt': [logicalId(stack.data.posts.table), 'Arn'] };

describe('site publisher', () => {
  it("writes and deletes the newsletter archive's and the blog's objects only, and reads only the render kit", () => {
    const s3 = statements().filter((statement) => [statement.Action].flat().some((a) => a.startsWith('s3:')));
    const objects = (...keys: string[]) => keys.map((key) => ({ 'Fn::Join': ['', [bucketArn, `/${key}`]] }));
    expect(s3).toEqual([
      expect.objectContaining({
        Action: ['s3:PutObject', 's3:DeleteObject'],
        Resource: objects(
          'newsletter/*',
          'newsletter-sitemap.xml',
          'blog-posts/*',
          'blog-data/*',
          'blog/index.html',
          'rss.xml',
          'blog-sitemap.xml',
        ),
      }),
      expect.objectContaining({ Action: 's3:GetObject', Resource: objects('_publish/render-kit.json')[0] }),
    ]);
  });

  it('reads and scans the campaigns and updates only its own state item (its lease too); no delete', () => {
    expect(withAction('dynamodb:Scan').map((statement) => statement.Resource)).toEqual([campaignsArn]);
    expect(withAction('dynamodb:UpdateItem')).toEqual([
      expect.objectContaining({
        Resource: campaignsArn,
        Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['archive#state'] } },
      }),
      expect.objectContaining({
        Resource: postsArn,
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['post#*'] } },
      }),
    ]);
    const actions = statements().flatMap((statement) => [statement.Action].flat());
    expect(actions.filter((action) => /DeleteItem|BatchWrite|\*$/.test(action))).toEqual([]);
  });

  it("reads the posts by their list index, seeds a new table, and changes a scheduled post's item only", () => {
    expect(withAction('dynamodb:PutItem').map((statement) => statement.Resource)).toEqual([postsArn]);
    expect(withAction('dynamodb:BatchGetItem').map((statement) => statement.Resource)).toEqual([postsArn]);
    expect(withAction('dynamodb:Query').map((statement) => statement.Resource)).toEqual([
      { 'Fn::Join': ['', [postsArn, '/index/PostList']] },
    ]);
  });

  it('invalidates the site distribution only', () => {
    const distributionArn = withAction('cloudfront:CreateInvalidation').map((statement) => statement.Resource);
    expect(distributionArn).toHaveLength(1);
    expect(JSON.stringify(distributionArn)).toContain(logicalId(stack.site.distribution));
  });

  it("changes the keys of the edge's store of published issues, posts and redirects, and of no other store", () => {
    const storeArn = { 'Fn::GetAtt': [logicalId(stack.site.routesStore), 'Arn'] };
    const kvsStatements = statements().filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('cloudfront-keyvaluestore:')),
    );
    expect(kvsStatements).toEqual([
      expect.objectContaining({
        Action: [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:ListKeys',
          'cloudfront-keyvaluestore:UpdateKeys',
        ],
        Resource: storeArn,
      }),
    ]);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({
        Runtime: 'cloudfront-js-2.0',
        KeyValueStoreAssociations: [{ KeyValueStoreARN: storeArn }],
      }),
      FunctionCode: Match.stringLikeRegexp("^import cf from 'cloudfront';"),
    });
  });

  it('knows the bucket, the distribution, the tables and the site URL', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: FUNCTIONS.sitePublisher.description,
      Environment: {
        Variables: Match.objectLike({
          SITE_BUCKET: { Ref: logicalId(stack.site.bucket) },
          SITE_DISTRIBUTION_ID: { Ref: logicalId(stack.site.distribution) },
          SITE_ROUTES_STORE_ARN: { 'Fn::GetAtt': [logicalId(stack.site.routesStore), 'Arn'] },
          CAMPAIGNS_TABLE: { Ref: logicalId(stack.data.campaigns.table) },
          POSTS_TABLE: { Ref: logicalId(stack.data.posts.table) },
          SITE_URL: Match.anyValue(),
        }),
      },
    });
  });

  it('reserves no concurrency (a new account could not deploy it), and no function does', () => {
    const reserved = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved).toEqual([]);
  });

  it("runs one at a time by a lease that outlives the function's timeout, so a live run never loses it", () => {
    const timeout = Object.values(template.findResources('AWS::Lambda::Function')).find(
      (fn) => fn.Properties.Description === FUNCTIONS.sitePublisher.description,
    )!.Properties.Timeout as number;
    expect(timeout).toBe(FUNCTIONS.sitePublisher.timeoutSeconds);
    expect(PUBLISHER_LEASE_SECONDS).toBeGreaterThan(timeout);
  });

  it("keeps a run that failed after Lambda's retries in its own dead-letter queue, and alarms on it", () => {
    const queue = logicalId(stack.publisher.deadLetterQueue);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: FUNCTIONS.sitePublisher.description,
      DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': [queue, 'Arn'] } },
    });
    expect(withAction('sqs:SendMessage').map((statement) => statement.Resource)).toEqual([
      { 'Fn::GetAtt': [queue, 'Arn'] },
    ]);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it.each([
    ['the campaign worker', () => stack.campaigns.worker],
    ['the console campaigns function', () => stack.api.handlers.consoleCampaigns],
  ])('%s may invoke it, and it alone, and knows its name', (_name, fn) => {
    const invokes = roleStatements(template, stack, fn()).filter((statement) =>
      [statement.Action].flat().includes('lambda:InvokeFunction'),
    );
    expect(invokes.flatMap((statement) => [statement.Resource].flat())).toEqual([
      { 'Fn::GetAtt': [logicalId(publisher.function), 'Arn'] },
    ]);
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Environment: {
        Variables: Match.objectLike({ SITE_PUBLISHER_FUNCTION: { Ref: logicalId(publisher.function) } }),
      },
    });
  });
});
