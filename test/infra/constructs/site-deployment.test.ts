import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { SiteDeployment } from '#infra/cdk/constructs/site-deployment.ts';
import { DEPLOY_TIME_SITE_ORIGIN } from '#shared/deploy-site-origin.ts';
import { FIXTURE_WEB_DIST, newStack } from '#test/infra/support/app.ts';

describe('SiteDeployment', () => {
  const stack = newStack();
  const bucket = new s3.Bucket(stack, 'Site');
  const distribution = new cloudfront.Distribution(stack, 'Cdn', {
    defaultBehavior: { origin: origins.S3BucketOrigin.withOriginAccessControl(bucket) },
  });
  const deployment = new SiteDeployment(stack, 'Deploy', {
    distDir: FIXTURE_WEB_DIST,
    siteOrigin: `https://${distribution.distributionDomainName}`,
    bucket,
    distribution,
    deploymentLogGroup: new logs.LogGroup(stack, 'DeployLogs'),
  });
  const template = Template.fromStack(stack);
  const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
  const passes = { assets: deployment.assets, notFoundPage: deployment.notFoundPage, pages: deployment.pages };
  const logicalIdOf = (pass: keyof typeof passes) =>
    stack.getLogicalId(passes[pass].node.findChild('CustomResource').node.defaultChild as never);
  const byId = (pass: keyof typeof passes) => template.toJSON().Resources[logicalIdOf(pass)];

  it('uploads in three passes', () => {
    expect(deployments).toHaveLength(3);
  });

  it("writes the real site origin into every uploaded file, in place of the build's deploy-time origin", () => {
    for (const pass of Object.keys(passes) as (keyof typeof passes)[]) {
      expect(byId(pass).Properties.SourceMarkers).toEqual([
        {
          [DEPLOY_TIME_SITE_ORIGIN]: {
            'Fn::Join': [
              '',
              [
                'https://',
                { 'Fn::GetAtt': [stack.getLogicalId(distribution.node.defaultChild as never), 'DomainName'] },
              ],
            ],
          },
        },
      ]);
    }
  });

  it('stores the 404 page alone, with the status metadata the viewer-response function reads', () => {
    expect(byId('notFoundPage').Properties).toMatchObject({
      Exclude: ['*'],
      Include: ['404.html'],
      Prune: false,
      UserMetadata: { 'http-status': '404' },
      SystemMetadata: { 'cache-control': 'public, max-age=0, must-revalidate' },
    });
    expect(byId('pages').Properties.UserMetadata).toBeUndefined();
  });

  it('deploys one AWS CLI layer, the one the shared handler uses', () => {
    const layers = Object.keys(template.findResources('AWS::Lambda::LayerVersion'));
    expect(layers).toHaveLength(1);
    template.hasResourceProperties('AWS::Lambda::Function', { Layers: [{ Ref: layers[0] }] });
  });

  it('caches hashed assets for a year as immutable and never prunes them', () => {
    expect(byId('assets').Properties).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it("revalidates everything else, leaves assets, the 404 page, the route manifest, the publisher's objects and the owners' images out, prunes and invalidates", () => {
    expect(byId('pages').Properties).toMatchObject({
      // Excluded keys are neither uploaded nor pruned: the newsletter archive and the blog the
      // publisher wrote, and the images the owners uploaded, survive every deploy.
      Exclude: [
        'assets/*',
        '404.html',
        '_routes.json',
        'newsletter/*',
        'newsletter-sitemap.xml',
        'blog-posts/*',
        'blog-data/*',
        'blog/index.html',
        'rss.xml',
        'blog-sitemap.xml',
        'media/posts/*',
        'post-uploads/*',
      ],
      SystemMetadata: { 'cache-control': 'public, max-age=0, must-revalidate' },
      DistributionPaths: ['/*'],
      DistributionId: { Ref: stack.getLogicalId(distribution.node.defaultChild as never) },
    });
    expect(byId('pages').Properties.Prune).not.toBe(false);
  });

  it('uploads the pages (and invalidates) only after the assets they reference and the 404 page', () => {
    expect(byId('pages').DependsOn).toEqual(
      expect.arrayContaining([logicalIdOf('assets'), logicalIdOf('notFoundPage')]),
    );
  });

  it('lets the deployment handler invalidate this distribution only, not every one of the account', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const invalidations = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('cloudfront:')),
    );
    expect(invalidations).toEqual([
      expect.objectContaining({
        Action: ['cloudfront:GetInvalidation', 'cloudfront:CreateInvalidation'],
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              `:cloudfront::${stack.account}:distribution/`,
              { Ref: stack.getLogicalId(distribution.node.defaultChild as never) },
            ],
          ],
        },
      }),
    ]);
  });

  it('logs the deployment handler to the given log group', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^DeployLogs') } },
    });
  });
});
