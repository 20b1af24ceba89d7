import { Duration, Validations } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DeadLetterQueue } from './dead-letter-queue';
import { FUNCTIONS } from './functions';
import { HouseFunction, type SenderBinding, type TableBinding } from './house-function';

export interface CampaignSenderProps {
  readonly campaigns: TableBinding;
  readonly subscribers: TableBinding;
  readonly sender: SenderBinding;
  /** Public site URL: the base of the unsubscribe and preference links. */
  readonly siteUrl: string;
  /** The firm's postal address, in every campaign email (CASL identification). */
  readonly mailingAddress: string;
  /**
   * SES's maximum send rate of the account, emails per second (SES console, "Sending
   * statistics"); the workers together never exceed it. @default 14 (a new production account)
   */
  readonly sendRate?: number;
}

/** Workers the queue may run at once (the event source's lowest maximum concurrency). */
const WORKERS = 2;
/** Recipients per invocation: at 7 emails/s per worker a batch takes about 1.5 s. */
const BATCH_SIZE = 10;

/**
 * Sends campaigns (docs/decisions/0050-campaign-sending.md): `npm run campaign -- send --target
 * aws` puts one message per recipient on the queue; the worker drains it at SES's rate, each
 * message a short invocation, so 10,000 emails never depend on one invocation finishing. A
 * recipient SES refused comes back after its backoff (the message's visibility timeout); the
 * worker gives up after the mailer's give-up time (dead letter, alarm). A message that keeps
 * failing (the database down) lands in the dead-letter queue after maxReceiveCount receives.
 */
export class CampaignSender extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: DeadLetterQueue;
  readonly worker: HouseFunction;

  constructor(scope: Construct, id: string, props: CampaignSenderProps) {
    super(scope, id);
    const sendRate = props.sendRate ?? 14;
    if (!(sendRate > 0 && sendRate <= 1000))
      throw new Error(`${this.node.path}: sendRate must be between 0 and 1000 emails per second`);

    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters');
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a Lambda event source: six times the function's timeout.
      visibilityTimeout: Duration.seconds(FUNCTIONS.campaignWorker.timeoutSeconds * 6),
      retentionPeriod: Duration.days(14),
      // Refusals come back through the visibility timeout, about 30 times over the 26-hour
      // retry window; 60 receives leave room for them before a message counts as undeliverable.
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 60 },
    });

    this.worker = new HouseFunction(this, 'Worker', { name: 'campaignWorker' })
      .bindTable(props.campaigns, 'update')
      .bindTable(props.subscribers, 'read')
      .bindSender(props.sender)
      .setEnv('SITE_URL', props.siteUrl)
      .setEnv('MAILING_ADDRESS', props.mailingAddress)
      .setEnv('CAMPAIGN_QUEUE_URL', this.queue.queueUrl)
      .setEnv('CAMPAIGN_SEND_RATE', String(sendRate))
      .setEnv('CAMPAIGN_WORKERS', String(WORKERS))
      .setEnv('MAIL_DEAD_LETTER_QUEUE_URL', this.deadLetterQueue.queueUrl);
    this.deadLetterQueue.grantSendMessages(this.worker.role);
    const eventSource = new SqsEventSource(this.queue, {
      batchSize: BATCH_SIZE,
      maxConcurrency: WORKERS,
      reportBatchItemFailures: true,
    });
    this.worker.function.addEventSource(eventSource);
    Validations.of(this.worker).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        "An SQS event source takes no on-failure destination: the queue's own redrive policy moves a message that keeps failing to the campaign dead-letter queue, whose depth alarms.",
    });
  }
}
