import { Duration, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { controlTowerRule } from '../compliance';

export interface AccessLogsProps {
  /** @default 365 days */
  readonly retention?: Duration;
}

/**
 * Control Tower controls that do not fit the buckets of this app (the site, the scorecard
 * document, the logs): objects are replaced by deployments and expire by lifecycle, not locked
 * for retention, and nothing reacts to object events.
 */
export function acknowledgeStaticBucketControls(bucket: s3.IBucket): void {
  const acknowledge = (rule: string, reason: string) =>
    Validations.of(bucket).acknowledge({ id: controlTowerRule(rule), reason });
  acknowledge(
    's3_bucket_object_lock_enabled_check',
    'Objects are replaced and pruned by each deployment (or expire by lifecycle); Object Lock would forbid exactly that.',
  );
  acknowledge(
    's3_event_notifications_enabled_check',
    'Nothing in the app reacts to object events; writes come only from deployments and log delivery.',
  );
}

/**
 * The bucket receiving the S3 buckets' server access logs, one prefix each. CloudFront logs nothing
 * here: its standard logs keep viewers' addresses (site.ts, decision 0081).
 */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps = {}) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Set for CloudFront's legacy logging, which wrote with an ACL and is gone (decision 0081). It stays
      // until the infra tests' app carries cdk.json's @aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy: without
      // it CDK grants S3 server access logging by ACL, which BucketOwnerEnforced would refuse.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: props.retention ?? Duration.days(365) }],
    });
    const acknowledge = (id: string, reason: string) => Validations.of(this.bucket).acknowledge({ id, reason });
    const logsIntoItself = 'This is the access-log bucket; logging its own access would log into itself.';
    acknowledge('AwsSolutions-S1', logsIntoItself);
    acknowledge(controlTowerRule('s3_bucket_logging_enabled_check'), logsIntoItself);
    acknowledge(
      controlTowerRule('s3_bucket_acl_prohibited_check'),
      'Object ownership is BucketOwnerPreferred, left from CloudFront legacy logging (now off: decision 0081); the deployed app grants S3 server access logging by bucket policy, and nothing writes with an ACL.',
    );
    acknowledge(
      controlTowerRule('s3_bucket_default_encryption_kms_check'),
      'S3 server access logging cannot deliver to an SSE-KMS bucket; SSE-S3 encrypts the logs at rest.',
    );
    acknowledge(
      controlTowerRule('s3_bucket_versioning_enabled_check'),
      'Log objects are written once and expire by lifecycle; versions would only keep expired logs longer.',
    );
    acknowledgeStaticBucketControls(this.bucket);
  }
}
