import { FORM_MAILS_PER_HOUR, FORM_MAILS_WINDOW_SECONDS } from '#shared/constants/limits.ts';
import { Duration, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAIL_DUE_INDEX } from '#shared/mail-due-index.ts';
import { DeadLetterQueue } from './dead-letter-queue';
import { grantQueue, HouseFunction, type SenderBinding, type TableBinding } from './house-function';

export interface MailerProps {
  /** The leads table; its stream feeds the mailer. */
  readonly leads: TableBinding;
  readonly subscribers: TableBinding;
  readonly sender: SenderBinding;
  /** Public site URL: the base of links in emails. */
  readonly siteUrl: string;
  /** The consultancy's inbox for new-lead notifications. */
  readonly notificationEmail: string;
  /**
   * The form-mail budget the forms use: the mailer takes turns in it for held emails that are
   * not part of a flood (lambdas/mail/held-mail.ts). @default the forms' defaults
   */
  readonly formMail?: { readonly perWindow: number; readonly windowSeconds: number };
  /** @default 10 leads per invocation */
  readonly batchSize?: number;
  /** @default 3 retries of a failing batch (halved each time) before it goes to the DLQ */
  readonly retryAttempts?: number;
}

/**
 * Sends the emails of leads (docs/decisions/0001-lead-delivery.md). A lead is written before
 * any mail goes out; the leads stream gives a new lead its first attempt at once, and a sweep
 * every minute retries what is still owed (the MailDue index) with backoff for over a day, so
 * an SES outage delays mail and loses nothing. A lead whose mail finally fails is named in the
 * dead-letter queue, whose depth alarm tells the operators (`npm run mail:redrive`).
 */
export class Mailer extends Construct {
  readonly handler: HouseFunction;
  readonly sweep: HouseFunction;
  readonly deadLetterQueue: DeadLetterQueue;

  constructor(scope: Construct, id: string, props: MailerProps) {
    super(scope, id);
    const batchSize = props.batchSize ?? 10;
    const retryAttempts = props.retryAttempts ?? 3;
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100) {
      throw new Error(`${this.node.path}: batchSize must be an integer between 1 and 100`);
    }
    if (!Number.isInteger(retryAttempts) || retryAttempts < 0 || retryAttempts > 10000) {
      throw new Error(`${this.node.path}: retryAttempts must be an integer between 0 and 10000`);
    }
    if (!props.leads.table.tableStreamArn) {
      throw new Error(`${this.node.path}: the leads table has no stream`);
    }

    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters');
    // Both triggers run the same delivery code with the same grants: leads are updated under a
    // lease, a scorecard requester's subscriber may be created (PutItem of its claim), a lead whose
    // mail finally failed is named in the dead-letter queue. Only the sweep looks for due leads
    // (a Query of the MailDue index); the stream hands the mailer its leads.
    const mailerFunction = (id: string, name: 'mailer' | 'mailSweep', queryIndexes: string[]) =>
      new HouseFunction(this, id, { name })
        .bindTable(props.leads, 'update', { queryIndexes })
        .bindTable(props.subscribers, 'create')
        .bindSender(props.sender)
        .bindQueue(this.deadLetterQueue, 'MAIL_DEAD_LETTER_QUEUE_URL', ['SendMessage'])
        .setEnv('SITE_URL', props.siteUrl)
        .setEnv('NOTIFICATION_EMAIL', props.notificationEmail)
        .setEnv('FORM_MAILS_PER_HOUR', String(props.formMail?.perWindow ?? FORM_MAILS_PER_HOUR))
        .setEnv('FORM_MAILS_WINDOW_SECONDS', String(props.formMail?.windowSeconds ?? FORM_MAILS_WINDOW_SECONDS));
    this.handler = mailerFunction('Handler', 'mailer', []);
    this.sweep = mailerFunction('Sweep', 'mailSweep', [MAIL_DUE_INDEX.name]);
    new events.Rule(this, 'SweepSchedule', {
      description: 'Runs the mail sweep every minute',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      // A missed run needs no retry (the next one comes a minute later); one that EventBridge could
      // not deliver at all is parked in the mail dead-letter queue, whose alarm tells the operators.
      targets: [
        new targets.LambdaFunction(this.sweep.function, { retryAttempts: 0, deadLetterQueue: this.deadLetterQueue }),
      ],
    });

    // Reading a stream needs dynamodb:ListStreams, which has no resource-level permissions.
    Validations.of(this.handler.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams (added by the DynamoDB event source) supports only Resource "*"; every other action is scoped to the leads table and its stream.',
    });

    this.handler.function.addEventSource(
      new DynamoEventSource(props.leads.table, {
        // From the oldest record: leads written before the mapping existed are still mailed.
        // A record that fails here is retried by the sweep too (the lead stays in MailDue); the
        // on-failure destination only shows that the stream consumer is failing.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize,
        bisectBatchOnError: true,
        retryAttempts,
        reportBatchItemFailures: true,
        onFailure: new OnFailureQueue(this.deadLetterQueue),
        // Only new leads: markers, counters and tokens share the table, and updates
        // (mail status) must not trigger a second email.
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { kind: { S: lambda.FilterRule.isEqual('lead') } } },
          }),
        ],
      }),
    );
  }
}

/**
 * An event source mapping's on-failure destination on a queue, granting Lambda only what it sends
 * there with the function's role, sqs:SendMessage
 * (https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html). CDK's SqsDlq
 * grants grantSendMessages, which adds sqs:GetQueueAttributes and sqs:GetQueueUrl.
 */
class OnFailureQueue implements lambda.IEventSourceDlq {
  constructor(private readonly queue: IQueue) {}

  bind(_target: lambda.IEventSourceMapping, targetHandler: lambda.IFunction): lambda.DlqDestinationConfig {
    grantQueue(this.queue, targetHandler, ['SendMessage']);
    return { destination: this.queue.queueArn };
  }
}
