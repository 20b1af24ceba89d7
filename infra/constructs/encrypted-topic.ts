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

/**
 * An SNS topic encrypted at rest with its own rotating KMS key, accepting TLS publishes only,
 * from its publishing service in this account.
 */
export class EncryptedTopic extends Construct {
  readonly topic: sns.Topic;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: EncryptedTopicProps) {
    super(scope, id);
    if (!/^[a-z0-9-]+\.amazonaws\.com$/.test(props.publisher)) {
      throw new Error(`${this.node.path}: publisher must be an AWS service principal, got "${props.publisher}"`);
    }
    const publisher = new iam.ServicePrincipal(props.publisher);
    // Only on behalf of our own account's resources (alarms, configuration sets): another
    // account's use of the same service cannot borrow the key or the topic (confused deputy).
    const fromThisAccount = { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } };

    this.key = new kms.Key(this, 'Key', {
      description: `Encrypts the "${props.displayName}" topic`,
      enableKeyRotation: true,
    });
    // The publishing service encrypts messages with the key.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [publisher],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        conditions: fromThisAccount,
      }),
    );
    // Grants on this key only for AWS services acting for AWS resources (Control Tower CT.KMS.PR.3):
    // nobody can hand the key's use to an arbitrary principal with CreateGrant.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
      }),
    );

    this.topic = new sns.Topic(this, 'Topic', {
      displayName: props.displayName,
      masterKey: this.key,
      enforceSSL: true,
    });
    // enforceSSL makes CDK write a topic policy, which replaces SNS's default one: without this
    // statement the publishing service has no Allow and every publish is refused. SnsAction
    // (CloudWatch alarms) adds none; SES's event destination adds its own, which this repeats
    // harmlessly so that every topic of this kind works the same way. Conditions supported by
    // CloudWatch and SES publishing: https://docs.aws.amazon.com/sns/latest/dg/sns-access-policy-use-cases.html
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [publisher],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: fromThisAccount,
      }),
    );
  }
}
