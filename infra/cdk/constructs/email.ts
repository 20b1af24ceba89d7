import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { controlTowerRule } from '../compliance';
import { DeadLetterQueue } from './dead-letter-queue';
import { EncryptedTopic } from './encrypted-topic';
import { parseSender } from '../site/sender';
import { HouseFunction, type SenderBinding, type TableBinding } from './house-function';
import type { TopicKey } from './topic-key';

/**
 * The partition key prefix of a suppression item (`suppression#<mailbox>`, or `suppression#<hash>`
 * for an erased one: lambdas/data/suppressions.ts; test/infra/constructs/email.test.ts checks both).
 */
export const SUPPRESSION_KEY_PREFIX = 'suppression#';

/** SES tags every email with its configuration set's name under this auto-tag. */
const CONFIGURATION_SET_AUTO_TAG = 'ses:configuration-set';

export interface EmailProps {
  /**
   * The SES identity mail is sent from: an address (`hello@example.ca`: SES verifies that
   * address and mail is sent from it) or a domain (`example.ca`: SES verifies the domain with
   * Easy DKIM and mail is sent from `hello@example.ca`).
   */
  readonly sender: string;
  /**
   * An identity already verified in SES (the sender itself, or the sender address's domain),
   * used instead of creating one: CloudFormation cannot create an identity that exists, and
   * people verify one by hand while asking for production access.
   * @default the sender is created as a new identity
   */
  readonly existingIdentity?: string;
  /** Bounces and complaints mark the subscriber suppressed here. */
  readonly subscribers: TableBinding;
  /** SES's events settle and record each lead email here. */
  readonly leads: TableBinding;
  /** Encrypts the topic SES's events go through. */
  readonly topicKey: TopicKey;
}

/**
 * Outgoing mail: the SES identity, a configuration set (the identity's default, so every
 * message uses it without the handlers naming it) whose events (Send, Delivery, Bounce,
 * Complaint, Reject, DeliveryDelay) flow through an encrypted SNS topic to the ingestion Lambda.
 */
export class Email extends Construct implements SenderBinding {
  readonly fromAddress: string;
  readonly identity: ses.IEmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly feedbackTopic: EncryptedTopic;
  readonly feedbackFunction: HouseFunction;
  /** Feedback that could not be delivered to, or processed by, the feedback function. */
  readonly feedbackDeadLetterQueue: DeadLetterQueue;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    const sender = props.sender.trim();
    const { isAddress, fromAddress } = parseSender(sender, this.node.path);
    this.fromAddress = fromAddress;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      // Addresses that bounced or complained are not mailed again, whatever the handlers do.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    if (props.existingIdentity) {
      const existing = props.existingIdentity.trim();
      const senderDomain = this.fromAddress.split('@')[1];
      if (existing !== sender && existing !== senderDomain) {
        throw new Error(
          `${this.node.path}: existingSenderIdentity must be the sender "${sender}" or its domain "${senderDomain}", got "${existing}"`,
        );
      }
      this.identity = ses.EmailIdentity.fromEmailIdentityName(this, 'Identity', existing);
      this.makeDefaultConfigurationSet(existing);
    } else {
      this.identity = this.createIdentity(sender, isAddress);
    }

    this.feedbackTopic = new EncryptedTopic(this, 'FeedbackTopic', {
      displayName: "SES's events about every email",
      publisher: 'ses.amazonaws.com',
      key: props.topicKey,
    });
    // Every event that says what became of an email: Send settles an email in doubt, the others
    // are recorded on its own record (docs/decisions/0063-settling-mail-from-ses-events.md).
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.feedbackTopic.topic),
      events: [
        ses.EmailSendingEvent.SEND,
        ses.EmailSendingEvent.DELIVERY,
        ses.EmailSendingEvent.BOUNCE,
        ses.EmailSendingEvent.COMPLAINT,
        ses.EmailSendingEvent.REJECT,
        ses.EmailSendingEvent.DELIVERY_DELAY,
      ],
    });

    // SES's own count of what it accepted, per configuration set (its auto-tag), to hold the
    // stream above against: sendsAccepted, watched by Alarms.watchEventStream.
    // https://docs.aws.amazon.com/ses/latest/dg/event-publishing-add-event-destination-cloudwatch.html
    this.configurationSet.addEventDestination('SendsCounted', {
      destination: ses.EventDestination.cloudWatchDimensions([
        {
          name: CONFIGURATION_SET_AUTO_TAG,
          source: ses.CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: this.configurationSet.configurationSetName,
        },
      ]),
      events: [ses.EmailSendingEvent.SEND],
    });

    this.feedbackDeadLetterQueue = new DeadLetterQueue(this, 'FeedbackDeadLetters');
    this.feedbackFunction = new HouseFunction(this, 'FeedbackHandler', {
      name: 'sesEvents',
      // SNS invokes asynchronously: after Lambda's retries the event lands here, not in the void.
      deadLetterQueue: this.feedbackDeadLetterQueue,
    })
      // Subscribers: a bounce or complaint withdraws the consent of every subscription of the
      // mailbox (GetItem of its claims, UpdateItem) and writes its suppression (PutItem, below).
      // Leads: each email's record is settled and its delivery recorded (UpdateItem only).
      .bindTable(props.subscribers, ['GetItem', 'UpdateItem'])
      .bindTable(props.leads, ['UpdateItem']);
    // The suppression is a new item (recordSuppression: a conditional PutItem, lambdas/data/suppressions.ts),
    // deleted again when the mailbox turns out erased meanwhile (DeleteItem: an erased address is
    // kept by hash only, docs/decisions/0072-erasure.md). Both only on items whose partition key is
    // a suppression's, so this function can create or delete no subscriber, claim or consent
    // record. dynamodb:LeadingKeys is the partition key of the item written
    // (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/specifying-conditions.html).
    this.feedbackFunction.grantOn([props.subscribers.table.tableArn], ['dynamodb:PutItem', 'dynamodb:DeleteItem'], {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${SUPPRESSION_KEY_PREFIX}*`] },
    });
    this.feedbackTopic.topic.addSubscription(
      new subscriptions.LambdaSubscription(this.feedbackFunction.function, {
        // Deliveries SNS itself cannot make (throttling, permissions) are kept as well.
        deadLetterQueue: this.feedbackDeadLetterQueue,
      }),
    );
  }

  /** The emails SES accepted with this configuration set (its Send events), per period. */
  sendsAccepted(period: Duration): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName: 'Send',
      dimensionsMap: { [CONFIGURATION_SET_AUTO_TAG]: this.configurationSet.configurationSetName },
      period,
      statistic: cloudwatch.Stats.SUM,
    });
  }

  /** SES's events handed to the ingestion function, per period. */
  eventsDelivered(period: Duration): cloudwatch.Metric {
    return this.feedbackTopic.topic.metricNumberOfNotificationsDelivered({ period, statistic: cloudwatch.Stats.SUM });
  }

  /**
   * ses:SendRawEmail on the identity and on the configuration set: SES authorises both when a
   * message uses a configuration set, including the identity's default one.
   */
  grantSendEmail(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendRawEmail'],
      resourceArns: [this.identity.emailIdentityArn, this.configurationSetArn],
    });
  }

  private get configurationSetArn(): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
  }

  /** A new identity with the configuration set as its default; a domain also outputs its DKIM records. */
  private createIdentity(sender: string, isAddress: boolean): ses.EmailIdentity {
    const identity = new ses.EmailIdentity(this, 'Identity', {
      identity: isAddress ? ses.Identity.email(sender) : ses.Identity.domain(sender),
      configurationSet: this.configurationSet,
    });
    if (!isAddress) {
      // The DNS records that verify the domain (Easy DKIM); they must be published before SES sends.
      identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          description: `DKIM CNAME ${index + 1} to publish for ${sender}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
    return identity;
  }

  /**
   * An imported identity is not CloudFormation's to change, yet the handlers rely on the
   * configuration set being the identity's default (bounce and complaint events, suppression).
   * A custom resource sets it on deploy and removes it when the stack goes:
   * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_PutEmailIdentityConfigurationSetAttributes.html
   */
  private makeDefaultConfigurationSet(identityName: string): void {
    const call = (configurationSetName?: string): cr.AwsSdkCall => ({
      service: 'SESv2',
      action: 'PutEmailIdentityConfigurationSetAttributes',
      parameters: { EmailIdentity: identityName, ConfigurationSetName: configurationSetName },
      physicalResourceId: cr.PhysicalResourceId.of(`${identityName}:default-configuration-set`),
    });
    const setDefault = new cr.AwsCustomResource(this, 'DefaultConfigurationSet', {
      onUpdate: call(this.configurationSet.configurationSetName),
      onDelete: call(),
      installLatestAwsSdk: false,
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: ['ses:PutEmailIdentityConfigurationSetAttributes'],
          resources: [this.identity.emailIdentityArn, this.configurationSetArn],
        }),
      ]),
    });
    setDefault.node.addDependency(this.configurationSet);

    // The SDK-call Lambda is a stack-wide singleton owned by aws-cdk-lib; its role is our way to it.
    const provider = (setDefault.grantPrincipal as iam.IRole).node.scope;
    if (!provider) throw new Error(`${this.node.path}: custom resource provider not found`);
    const ownedByCdk =
      'Deploy-time SDK-call Lambda created and owned by aws-cdk-lib (AwsCustomResource), run only when the stack is deployed or deleted';
    const acknowledge = (id: string, reason: string) => Validations.of(provider).acknowledge({ id, reason });
    acknowledge(
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      `${ownedByCdk}; aws-cdk-lib attaches the basic execution role to its singleton.`,
    );
    acknowledge('Serverless-LambdaDefaultMemorySize', `${ownedByCdk}; one small SDK call needs no tuning.`);
    acknowledge(
      'Serverless-LambdaDLQ',
      `${ownedByCdk}; invoked synchronously by CloudFormation, a failure fails the deployment.`,
    );
    acknowledge('Serverless-LambdaTracing', `${ownedByCdk}; its logs suffice.`);
    acknowledge(controlTowerRule('lambda_inside_vpc_check'), `${ownedByCdk}; it calls only the SES API.`);
  }
}
