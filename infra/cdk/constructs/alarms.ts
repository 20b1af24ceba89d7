import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DeadLetterQueue } from './dead-letter-queue';
import { EncryptedTopic } from './encrypted-topic';
import type { TopicKey } from './topic-key';

/** The window the event stream is counted over: long enough that SES's latency barely matters. */
export const EVENT_STREAM_PERIOD = Duration.hours(1);

export interface AlarmsProps {
  /** Who is told when something breaks. */
  readonly opsEmail: string;
  /** Encrypts the alarm topic. */
  readonly topicKey: TopicKey;
  /** @default 5 minutes */
  readonly period?: Duration;
}

/**
 * Operational alarms, all notifying one encrypted SNS topic with an email subscription.
 * Thresholds are "any": the handlers answer bad input with 4xx, so a 5xx, a function error
 * or a message in a dead-letter queue is always worth a look on a site of this size.
 */
export class Alarms extends Construct {
  readonly topic: EncryptedTopic;
  /** Notifications SNS could not deliver to the ops address. */
  readonly notificationDeadLetterQueue: DeadLetterQueue;
  private readonly action: SnsAction;
  private readonly period: Duration;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    if (!/^[^\s@]+@([a-z0-9-]+\.)+[a-z]{2,}$/i.test(props.opsEmail)) {
      throw new Error(`${this.node.path}: opsEmail must be an email address, got "${props.opsEmail}"`);
    }
    this.period = props.period ?? Duration.minutes(5);
    this.topic = new EncryptedTopic(this, 'Topic', {
      displayName: 'Site operations alarms',
      publisher: 'cloudwatch.amazonaws.com',
      key: props.topicKey,
    });
    this.notificationDeadLetterQueue = new DeadLetterQueue(this, 'NotificationDeadLetters');
    this.topic.topic.addSubscription(
      new subscriptions.EmailSubscription(props.opsEmail, { deadLetterQueue: this.notificationDeadLetterQueue }),
    );
    this.action = new SnsAction(this.topic.topic);
  }

  /** Any 5xx answered by the API (a handler crash, a timeout, an integration failure). */
  watchApi(id: string, api: apigw.HttpApi): this {
    return this.alarm(
      id,
      api.metricServerError({ period: this.period, statistic: cloudwatch.Stats.SUM }),
      'The API answered 5xx',
    );
  }

  /**
   * Any error of any Lambda function of the account in this region (uncaught exception, timeout,
   * out of memory): Lambda's account-wide Errors metric, one alarm instead of one per function.
   * An alarm costs $0.10 a month past the first ten, and one per function cost more than the rest
   * of the idle stack (docs/decisions/0014-one-topic-key-as-documented.md); which function failed
   * is in the Lambda console's per-function Errors graph and its log group.
   * https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html
   */
  watchFunctions(id: string): this {
    return this.alarm(
      id,
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Errors',
        period: this.period,
        statistic: cloudwatch.Stats.SUM,
      }),
      "A Lambda function failed: see each function's Errors in the Lambda console, then its log group",
    );
  }

  /** Any message waiting in a dead-letter queue: something was not processed and needs a redrive. */
  watchDeadLetterQueue(id: string, queue: sqs.IQueue): this {
    return this.alarm(
      id,
      queue.metricApproximateNumberOfMessagesVisible({ period: this.period, statistic: cloudwatch.Stats.MAXIMUM }),
      `${queue.node.path} holds unprocessed messages`,
    );
  }

  /**
   * Any log event of these groups containing `message`, counted in one metric (a metric filter
   * per group), so one alarm covers every function that logs it. A phrase match rather than a
   * JSON selector: with Lambda's JSON log format, a line the handler already wrote as JSON may
   * arrive as the string value of the runtime's own `message` field, which `$.message` would not see.
   */
  watchLogMessage(id: string, logGroups: readonly logs.ILogGroup[], message: string): this {
    if (message.includes('"')) throw new Error(`${this.node.path}: a watched message cannot contain a double quote`);
    if (logGroups.length === 0) throw new Error(`${this.node.path}: ${id} watches no log group`);
    const filters = logGroups.map(
      (logGroup, index) =>
        new logs.MetricFilter(this, `${id}Filter${index + 1}`, {
          logGroup,
          filterPattern: logs.FilterPattern.literal(`"${message}"`),
          // One namespace per stack, so two deployments in one account count apart.
          metricNamespace: Stack.of(this).stackName,
          metricName: id,
          metricValue: '1',
        }),
    );
    return this.alarm(
      id,
      filters[0].metric({ period: this.period, statistic: cloudwatch.Stats.SUM }),
      `${logGroups.map((logGroup) => logGroup.node.path).join(', ')} logged "${message}"`,
    );
  }

  /**
   * SES's event stream stopped arriving (docs/decisions/0063-settling-mail-from-ses-events.md):
   * in an hour, fewer events reached the ingestion than SES accepted emails. Every accepted
   * email makes at least two events (Send, then Delivery, Bounce or DeliveryDelay), so a healthy
   * hour has about twice as many; only an email accepted in an hour's last seconds whose events
   * all fall in the next hour can shift the count, and only when it is nearly all that hour sent.
   */
  watchEventStream(id: string, stream: { accepted: cloudwatch.IMetric; arrived: cloudwatch.IMetric }): this {
    return this.alarm(
      id,
      new cloudwatch.MathExpression({
        // An hour with no event at all has no datapoint for `arrived`: FILL makes it 0, not missing.
        expression: 'IF(accepted >= 1 AND FILL(arrived, 0) < accepted, 1, 0)',
        usingMetrics: { accepted: stream.accepted, arrived: stream.arrived },
        period: EVENT_STREAM_PERIOD,
        label: 'SES events missing',
      }),
      "SES's events stopped reaching the ingestion: mail in doubt cannot be settled",
    );
  }

  private alarm(id: string, metric: cloudwatch.IMetric, description: string): this {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      // No data means no requests, errors or messages: healthy.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return this;
  }
}
