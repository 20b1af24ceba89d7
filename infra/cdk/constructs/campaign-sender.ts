import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DeadLetterQueue } from './dead-letter-queue';
import { FUNCTIONS } from './functions';
import { grantQueue, HouseFunction, type SenderBinding, type TableBinding } from './house-function';
import { grantScheduling } from './schedule-grants';

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
  /** The app's own group: the console may create and delete schedules in it and nowhere else. */
  readonly scheduleGroup: scheduler.CfnScheduleGroup;
  /** What EventBridge Scheduler assumes to put a scheduled send's launch on the queue. */
  readonly schedulerRole: iam.Role;

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

    // Subscribers scanned: a console send's launch gathers its recipients (launch-campaign.ts) and
    // puts them on the campaign queue (SendMessageBatch, authorized as sqs:SendMessage:
    // lambdas/campaigns/enqueue.ts); a recipient to try again later is handed back to the queue
    // with its backoff (ChangeMessageVisibility); a recipient given up on is a dead letter.
    this.worker = new HouseFunction(this, 'Worker', { name: 'campaignWorker' })
      .bindTable(props.campaigns, 'update')
      .bindTable(props.subscribers, 'read', { scan: true })
      .bindSender(props.sender)
      .bindQueue(this.queue, 'CAMPAIGN_QUEUE_URL', ['SendMessage', 'ChangeMessageVisibility'])
      .bindQueue(this.deadLetterQueue, 'MAIL_DEAD_LETTER_QUEUE_URL', ['SendMessage'])
      .setEnv('SITE_URL', props.siteUrl)
      .setEnv('MAILING_ADDRESS', props.mailingAddress)
      .setEnv('CAMPAIGN_SEND_RATE', String(sendRate))
      .setEnv('CAMPAIGN_WORKERS', String(WORKERS));
    // The event source mapping of the queue, with what Lambda's poller needs of the function's role
    // (https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html#events-sqs-permissions):
    // SqsEventSource would grant grantConsumeMessages, which adds sqs:GetQueueUrl.
    grantQueue(this.queue, this.worker.role, ['ReceiveMessage', 'DeleteMessage', 'GetQueueAttributes']);
    this.worker.function.addEventSourceMapping('QueueEvents', {
      eventSourceArn: this.queue.queueArn,
      batchSize: BATCH_SIZE,
      maxConcurrency: WORKERS,
      reportBatchItemFailures: true,
    });

    // Scheduled console sends (lambdas/campaigns/launch-starter.ts). The execution role is trusted
    // by EventBridge Scheduler only for this account's schedules (confused-deputy guard:
    // https://docs.aws.amazon.com/scheduler/latest/UserGuide/setting-up.html#setting-up-execution-role)
    // and may only send to this queue (SSE-SQS: no key to grant).
    this.scheduleGroup = new scheduler.CfnScheduleGroup(this, 'Schedules');
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'EventBridge Scheduler puts a scheduled campaign send on the campaign queue',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    grantQueue(this.queue, this.schedulerRole, ['SendMessage']);
    Validations.of(this.worker).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        "An SQS event source takes no on-failure destination: the queue's own redrive policy moves a message that keeps failing to the campaign dead-letter queue, whose depth alarms.",
    });
  }

  /**
   * What the console's send routes need to start a send: SendMessage on the queue (a send now),
   * CreateSchedule and DeleteSchedule on the schedules of this group only, and PassRole on the
   * execution role only, to EventBridge Scheduler only.
   */
  bindLaunches(fn: HouseFunction): void {
    grantQueue(this.queue, fn.role, ['SendMessage']);
    grantScheduling(
      fn,
      this,
      "Each send's schedule is named by its random launch id when it is created, so the grant is every schedule of the app's own group and no other.",
    );
    fn.setEnv('CAMPAIGN_SCHEDULE_GROUP', this.scheduleGroup.ref)
      .setEnv('CAMPAIGN_SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn)
      .setEnv('CAMPAIGN_QUEUE_ARN', this.queue.queueArn)
      .setEnv('CAMPAIGN_QUEUE_URL', this.queue.queueUrl);
  }
}
