import { Duration } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ROUTE_MANIFEST_FILE } from '../edge/edge-code';
import { acknowledgeDeploymentHandler } from './deployment-handler';

/** Folder of the web build holding content-hashed files (a new build never reuses a name). */
export const HASHED_ASSETS_PREFIX = 'assets/';

export interface SiteDeploymentProps {
  /** The built website (web/dist). */
  readonly distDir: string;
  readonly bucket: s3.IBucket;
  /** Invalidated after the HTML is uploaded, so new pages are served at once. */
  readonly distribution: cloudfront.IDistribution;
  /** Log group of the bucket-deployment handler (shared by every deployment in the stack). */
  readonly deploymentLogGroup: ILogGroup;
}

/**
 * Uploads the web build in two passes with different caching:
 * 1. hashed assets, cached for a year as immutable; never pruned, so pages still open in a
 *    browser keep finding the chunks they were built with after a deploy;
 * 2. then everything else (HTML, sitemap, feeds, images with stable names), revalidated on
 *    every use; pruned, so removed pages disappear; followed by a CloudFront invalidation.
 * The route manifest is build metadata for the edge function and is not published.
 */
export class SiteDeployment extends Construct {
  readonly assets: s3deploy.BucketDeployment;
  readonly pages: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    const source = s3deploy.Source.asset(props.distDir);
    const assetPattern = `${HASHED_ASSETS_PREFIX}*`;

    this.assets = new s3deploy.BucketDeployment(this, 'HashedAssets', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: ['*'],
      include: [assetPattern],
      prune: false,
      cacheControl: [
        s3deploy.CacheControl.setPublic(),
        s3deploy.CacheControl.maxAge(Duration.days(365)),
        s3deploy.CacheControl.immutable(),
      ],
      logGroup: props.deploymentLogGroup,
    });

    this.pages = new s3deploy.BucketDeployment(this, 'Pages', {
      sources: [source],
      destinationBucket: props.bucket,
      // Excluded files are also left alone by pruning, so the hashed assets survive this pass.
      exclude: [assetPattern, ROUTE_MANIFEST_FILE],
      prune: true,
      cacheControl: [
        s3deploy.CacheControl.setPublic(),
        s3deploy.CacheControl.maxAge(Duration.seconds(0)),
        s3deploy.CacheControl.mustRevalidate(),
      ],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      logGroup: props.deploymentLogGroup,
    });
    // New HTML must never reference an asset that is not uploaded yet.
    this.pages.node.addDependency(this.assets);

    acknowledgeDeploymentHandler(this.assets);
  }
}
