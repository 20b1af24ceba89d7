import path from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { controlTowerRule } from '../compliance';
import { acknowledgeStaticBucketControls } from './access-logs';
import { acknowledgeDeploymentHandler, dropUnusedCliLayer } from './deployment-handler';
import type { DocumentBinding } from './house-function';

export interface ScorecardDocumentProps {
  /** Absolute path of the document file (the Human Relations Scorecard PDF). */
  readonly documentFile: string;
  readonly accessLogsBucket: s3.IBucket;
  /** Log group of the bucket-deployment handler (shared by every deployment in the stack). */
  readonly deploymentLogGroup: ILogGroup;
}

/**
 * The scorecard document in a private bucket. Nobody reads it directly: the download handler
 * checks a link token and redirects to a short-lived presigned URL for this one object.
 */
export class ScorecardDocument extends Construct implements DocumentBinding {
  readonly bucket: s3.Bucket;
  readonly key: string;

  constructor(scope: Construct, id: string, props: ScorecardDocumentProps) {
    super(scope, id);
    if (!path.isAbsolute(props.documentFile)) {
      throw new Error(`${this.node.path}: documentFile must be an absolute path, got "${props.documentFile}"`);
    }
    const fileName = path.basename(props.documentFile);
    this.key = `scorecard/${fileName}`;
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Versions replaced by a new document are kept for a rollback, not forever.
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(90) }],
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/scorecard/',
    });
    const deployment = new s3deploy.BucketDeployment(this, 'Upload', {
      // Only the document, whatever else sits beside it (sources it is rendered from): left out
      // of the uploaded asset, and again of the sync into the bucket.
      sources: [s3deploy.Source.asset(path.dirname(props.documentFile), { exclude: ['*', `!${fileName}`] })],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'scorecard/',
      exclude: ['*'],
      include: [fileName],
      logGroup: props.deploymentLogGroup,
    });
    acknowledgeDeploymentHandler(deployment);
    dropUnusedCliLayer(deployment);
    acknowledgeStaticBucketControls(this.bucket);
    Validations.of(this.bucket).acknowledge({
      id: controlTowerRule('s3_bucket_default_encryption_kms_check'),
      reason:
        'One public-facing PDF, read only through presigned URLs; SSE-S3 encrypts it at rest, and SSE-KMS would add a key grant to the download handler for no confidentiality gain.',
    });
  }
}
