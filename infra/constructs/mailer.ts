import { Duration, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { DeadLetterQueue } from './dead-letter-queue';
import { HouseFunction, type SenderBinding, type TableBinding } from './house-function';

export interface MailerProps {
  /** The leads table; its stream feeds the mailer. */
  readonly leads: TableBinding;
  readonly subscribers: TableBinding;
  readonly sender: SenderBinding;
  /** Public site URL: the base of links in emails. */
  readonly siteUrl: string;
  /** The consultancy's inbox for new-lead notifications. */
  readonly notificationEmail: string;
  /** @default 10 leads per invocation */
  readonly batchSize?: number;
  /** @default 3 retries of a failing batch (halved each time) before it goes to the DLQ */
  readonly retryAttempts?: number;
}

/**
 * Sends the emails of new leads from the leads table's stream: a lead is written before any
 * mail goes out, so an SES outage delays mail and loses nothing. Failing batches are split to
 * isolate the bad record, retried, and finally parked in an encrypted dead-letter queue.
 */
export class Mailer extends Construct {
  readonly handler: HouseFunction;
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

    this.handler = new HouseFunction(this, 'Handler', {
      handler: 'mailer',
      description: 'Sends the emails of new leads from the leads stream',
      // A batch sends up to two messages per lead; SES answers in well under a second each.
      timeout: Duration.seconds(60),
    })
      .bindTable(props.leads, 'update')
      .bindTable(props.subscribers, 'read')
      .bindSender(props.sender)
      .setEnv('SITE_URL', props.siteUrl)
      .setEnv('NOTIFICATION_EMAIL', props.notificationEmail);

    // Reading a stream needs dynamodb:ListStreams, which has no resource-level permissions.
    Validations.of(this.handler.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'dynamodb:ListStreams (added by the DynamoDB event source) supports only Resource "*"; every other action is scoped to the leads table and its stream.',
    });

    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetters');
    this.handler.function.addEventSource(
      new DynamoEventSource(props.leads.table, {
        // From the oldest record: leads written before the mapping existed are still mailed.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize,
        bisectBatchOnError: true,
        retryAttempts,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
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
