import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

export interface EncryptedTopicProps {
  readonly displayName: string;
  /**
   * The AWS service that publishes to the topic (e.g. ses.amazonaws.com, cloudwatch.amazonaws.com).
   * Services cannot use the AWS managed aws/sns key, hence a customer managed key that allows them.
   */
  readonly publisher: string;
}

/** An SNS topic encrypted at rest with its own rotating KMS key, accepting TLS publishes only. */
export class EncryptedTopic extends Construct {
  readonly topic: sns.Topic;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: EncryptedTopicProps) {
    super(scope, id);
    if (!/^[a-z0-9-]+\.amazonaws\.com$/.test(props.publisher)) {
      throw new Error(`${this.node.path}: publisher must be an AWS service principal, got "${props.publisher}"`);
    }
    this.key = new kms.Key(this, 'Key', {
      description: `Encrypts the "${props.displayName}" topic`,
      enableKeyRotation: true,
    });
    // The publishing service encrypts messages with the key; limited to our account's
    // resources so another account's service use cannot borrow it (confused deputy).
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(props.publisher)],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: props.displayName,
      masterKey: this.key,
      enforceSSL: true,
    });
  }
}
