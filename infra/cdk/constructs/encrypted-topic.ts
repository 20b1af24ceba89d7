import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { TopicKey } from './topic-key';

export interface EncryptedTopicProps {
  readonly displayName: string;
  /**
   * The AWS service that publishes to the topic (e.g. ses.amazonaws.com, cloudwatch.amazonaws.com).
   * Services cannot use the AWS managed aws/sns key, hence a customer managed key that allows them.
   */
  readonly publisher: string;
  /** The stack's topic key, shared by every topic of this kind. */
  readonly key: TopicKey;
}

/**
 * An SNS topic encrypted at rest with the stack's topic key, accepting TLS publishes only,
 * from its publishing service on behalf of this account's resources.
 */
export class EncryptedTopic extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: EncryptedTopicProps) {
    super(scope, id);
    props.key.allowPublisher(props.publisher);

    this.topic = new sns.Topic(this, 'Topic', {
      displayName: props.displayName,
      masterKey: props.key.key,
      enforceSSL: true,
    });
    // enforceSSL makes CDK write a topic policy, which replaces SNS's default one: without this
    // statement the publishing service has no Allow and every publish is refused. SnsAction
    // (CloudWatch alarms) adds none; SES's event destination adds its own, which this repeats
    // harmlessly so that every topic of this kind works the same way. Only on behalf of our own
    // account's resources (alarms, configuration sets): another account's use of the same service
    // cannot publish here (confused deputy). aws:SourceAccount with a service principal is the
    // SNS guide's "Allow any AWS resource to publish to a topic" example
    // (https://docs.aws.amazon.com/sns/latest/dg/sns-access-policy-use-cases.html), and the
    // condition CDK's own SES event destination writes ("AWS:SourceAccount" with "AWS:SourceArn").
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(props.publisher)],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
  }
}
