import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { SiteDeployment } from '../../infra/constructs/site-deployment';
import { FIXTURE_WEB_DIST, newStack } from './support/app';

describe('SiteDeployment', () => {
  const stack = newStack();
  const bucket = new s3.Bucket(stack, 'Site');
  const distribution = new cloudfront.Distribution(stack, 'Cdn', {
    defaultBehavior: { origin: origins.S3BucketOrigin.withOriginAccessControl(bucket) },
  });
  const deployment = new SiteDeployment(stack, 'Deploy', {
    distDir: FIXTURE_WEB_DIST,
    bucket,
    distribution,
    deploymentLogGroup: new logs.LogGroup(stack, 'DeployLogs'),
  });
  const template = Template.fromStack(stack);
  const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
  const byId = (id: string) => {
    const logicalId = stack.getLogicalId(
      (id === 'assets' ? deployment.assets : deployment.pages).node.findChild('CustomResource').node.defaultChild as never,
    );
    return template.toJSON().Resources[logicalId];
  };

  it('uploads in two passes', () => {
    expect(deployments).toHaveLength(2);
  });

  it('caches hashed assets for a year as immutable and never prunes them', () => {
    expect(byId('assets').Properties).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('revalidates everything else, leaves assets and the route manifest out, prunes and invalidates', () => {
    expect(byId('pages').Properties).toMatchObject({
      Exclude: ['assets/*', '_routes.json'],
      SystemMetadata: { 'cache-control': 'public, max-age=0, must-revalidate' },
      DistributionPaths: ['/*'],
      DistributionId: { Ref: stack.getLogicalId(distribution.node.defaultChild as never) },
    });
    expect(byId('pages').Properties.Prune).not.toBe(false);
  });

  it('uploads the pages only after the assets they reference', () => {
    expect(byId('pages').DependsOn).toEqual(expect.arrayContaining([stack.getLogicalId(deployment.assets.node.findChild('CustomResource').node.defaultChild as never)]));
  });

  it('logs the deployment handler to the given log group', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^DeployLogs') } },
    });
  });
});
