import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/**
 * The one customer managed key that encrypts the stack's SNS topics (SES's events, the alarms).
 * One key, not one per topic: a key costs $1 a month whatever it encrypts
 * (docs/decisions/0014-one-topic-key-as-documented.md).
 */
export class TopicKey extends Construct {
  readonly key: kms.Key;
  private readonly publishers = new Set<string>();

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', {
      description: "Encrypts the stack's SNS topics (SES's events, the operations alarms)",
      enableKeyRotation: true,
      // KMS bills $1 a month more for each of a key's first two rotations: yearly rotation would
      // triple the key's cost by its third year. SNS keeps a message only until it is delivered,
      // so the longest period KMS allows keeps this key at $1 for seven years, still rotating.
      // https://aws.amazon.com/kms/pricing/ and
      // https://docs.aws.amazon.com/kms/latest/developerguide/rotate-keys.html
      rotationPeriod: Duration.days(2560),
      // It encrypts only messages in transit through the topics, which go with the stack: a
      // retained key would stay billed at $1 a month with nothing to decrypt. KMS waits 30 days.
      removalPolicy: RemovalPolicy.DESTROY,
    });
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
  }

  /**
   * Lets an AWS service publish to topics encrypted with this key, with the statement AWS
   * documents for it, without conditions. SNS developer guide, "Enable compatibility between event
   * sources from AWS services and encrypted topics": "To allow the AWS service to have the
   * kms:GenerateDataKey* and kms:Decrypt permissions, add the following statement to the KMS
   * policy" (service principal, "Resource": "*", no Condition),
   * https://docs.aws.amazon.com/sns/latest/dg/sns-key-management.html#compatibility-with-aws-services
   * SES's own guide documents the same statement ("AllowSESToUseKMSKey", no Condition),
   * https://docs.aws.amazon.com/ses/latest/dg/configure-sns-notifications.html (both read in the
   * awsdocs GitHub sources, 2026-11-26). A condition on a context key the service's KMS call does
   * not carry fails that call: the publish is dropped silently while the deploy succeeds. The
   * confused-deputy check stays on each topic's policy (EncryptedTopic).
   */
  allowPublisher(servicePrincipal: string): void {
    if (!/^[a-z0-9-]+\.amazonaws\.com$/.test(servicePrincipal)) {
      throw new Error(`${this.node.path}: publisher must be an AWS service principal, got "${servicePrincipal}"`);
    }
    if (this.publishers.has(servicePrincipal)) return;
    this.publishers.add(servicePrincipal);
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(servicePrincipal)],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
      }),
    );
  }
}
