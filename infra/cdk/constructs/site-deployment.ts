import { Duration } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { DEPLOY_TIME_SITE_ORIGIN } from '#shared/deploy-site-origin.ts';
import { NOT_FOUND_PAGE } from '#shared/paths.ts';
import { HASHED_ASSETS_PATTERN, NOT_FOUND_KEY, PAGES_EXCLUDE } from '../site/deployment-keys';
import { OBJECT_METADATA } from '../site/object-metadata';
import { acknowledgeDeploymentHandler, dropUnusedCliLayer, scopeInvalidation } from './deployment-handler';

export interface SiteDeploymentProps {
  /** The built website (web/dist), built for DEPLOY_TIME_SITE_ORIGIN. */
  readonly distDir: string;
  /** The site's public origin (may be a deploy-time token, e.g. the distribution's domain). */
  readonly siteOrigin: string;
  readonly bucket: s3.IBucket;
  /** Invalidated after the HTML is uploaded, so new pages are served at once. */
  readonly distribution: cloudfront.IDistribution;
  /** Log group of the bucket-deployment handler (shared by every deployment in the stack). */
  readonly deploymentLogGroup: ILogGroup;
}

/**
 * The web build as a deployment source whose files get the real site origin at deploy time:
 * the bucket-deployment handler replaces each source marker in every file it extracts
 * (SourceConfig.markers, the mechanism behind Source.data with deploy-time values).
 */
function withSiteOrigin(source: s3deploy.ISource, siteOrigin: string): s3deploy.ISource {
  return {
    bind: (scope, context) => ({ ...source.bind(scope, context), markers: { [DEPLOY_TIME_SITE_ORIGIN]: siteOrigin } }),
  };
}

const REVALIDATE = [
  s3deploy.CacheControl.setPublic(),
  s3deploy.CacheControl.maxAge(Duration.seconds(0)),
  s3deploy.CacheControl.mustRevalidate(),
];

/**
 * Uploads the web build in three passes with different caching and metadata:
 * 1. hashed assets, cached for a year as immutable; never pruned, so pages still open in a
 *    browser keep finding the chunks they were built with after a deploy;
 * 2. the 404 page, revalidated, with the status metadata the viewer-response function reads;
 * 3. then everything else (HTML, sitemap, images with stable names, the render kit the
 *    publisher reads), revalidated on every use; pruned, so removed pages disappear; followed by
 *    a CloudFront invalidation. What the site's publisher and the image function write after a
 *    deploy is neither uploaded nor pruned (PAGES_EXCLUDE, infra/cdk/site/deployment-keys.ts), nor is
 *    the route manifest, build metadata for the edge function.
 */
export class SiteDeployment extends Construct {
  readonly assets: s3deploy.BucketDeployment;
  readonly notFoundPage: s3deploy.BucketDeployment;
  readonly pages: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    const source = withSiteOrigin(s3deploy.Source.asset(props.distDir), props.siteOrigin);
    const common = { sources: [source], destinationBucket: props.bucket, logGroup: props.deploymentLogGroup };

    this.assets = new s3deploy.BucketDeployment(this, 'HashedAssets', {
      ...common,
      exclude: ['*'],
      include: [HASHED_ASSETS_PATTERN],
      prune: false,
      cacheControl: [
        s3deploy.CacheControl.setPublic(),
        s3deploy.CacheControl.maxAge(Duration.days(365)),
        s3deploy.CacheControl.immutable(),
      ],
    });

    this.notFoundPage = new s3deploy.BucketDeployment(this, 'NotFoundPage', {
      ...common,
      exclude: ['*'],
      include: [NOT_FOUND_KEY],
      prune: false,
      metadata: { ...OBJECT_METADATA[NOT_FOUND_PAGE] },
      cacheControl: REVALIDATE,
    });

    this.pages = new s3deploy.BucketDeployment(this, 'Pages', {
      ...common,
      // Excluded files are also left alone by pruning, so the passes above survive this one, and so
      // do the newsletter archive, the blog and the owners' images, written after the deploys
      // (aws-s3-deployment README, "Exclude and Include Filters": an excluded file already in the
      // bucket "will not be deleted if you are using the prune option").
      exclude: [...PAGES_EXCLUDE],
      prune: true,
      cacheControl: REVALIDATE,
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    // New HTML must never reference an asset that is not uploaded yet, and the invalidation
    // that ends this pass must come after the 404 page is in place too.
    this.pages.node.addDependency(this.assets, this.notFoundPage);
    // Its handler may invalidate this distribution only (aws-s3-deployment grants every one).
    scopeInvalidation(this.pages, props.distribution);

    for (const deployment of [this.assets, this.notFoundPage, this.pages]) {
      acknowledgeDeploymentHandler(deployment);
      dropUnusedCliLayer(deployment);
    }
  }
}
