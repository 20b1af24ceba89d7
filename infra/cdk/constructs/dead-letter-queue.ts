import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface DeadLetterQueueProps {
  /** @default 14 days, the SQS maximum: time to notice the alarm and redrive by hand. */
  readonly retentionPeriod?: Duration;
}

/**
 * A queue that receives what could not be processed (stream batches, SNS deliveries, async
 * invocations). Encrypted with SQS-managed keys — producers such as SNS and Lambda need no KMS
 * grants for them — and reachable over TLS only.
 */
export class DeadLetterQueue extends sqs.Queue {
  constructor(scope: Construct, id: string, props: DeadLetterQueueProps = {}) {
    super(scope, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: props.retentionPeriod ?? Duration.days(14),
      // SQS's default, stated: it marks the queue as a dead-letter queue, which is what the
      // Control Tower control CT.SQS.PR.1 reads (a DLQ needs no DLQ of its own).
      redriveAllowPolicy: { redrivePermission: sqs.RedrivePermission.ALLOW_ALL },
    });
    const reason =
      'This queue is itself a dead-letter queue; messages are inspected and redriven by hand after its depth alarm fires.';
    Validations.of(this).acknowledge({ id: 'AwsSolutions-SQS3', reason });
    Validations.of(this).acknowledge({ id: 'Serverless-SQSRedrivePolicy', reason });
  }
}
