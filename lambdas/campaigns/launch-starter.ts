import { CreateScheduleCommand, DeleteScheduleCommand, type SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { createSchedulerClient } from '../runtime/aws-clients/scheduler';
import { createSqsClient } from '../runtime/aws-clients/sqs';
import { requireEnv } from '../runtime/env';
import { atExpression, LOCAL_CLOCK } from '../runtime/one-time-schedule';
import { campaignMessageBody, type LaunchMessage } from './campaign-message';

/**
 * Starts a console send's launch (docs/decisions/0050-campaign-sending.md, amendment of
 * 2026-11-26): the launch message reaches the campaign queue now, or at its time through a one-time
 * EventBridge Scheduler schedule whose target is the queue. Whatever fires, the campaign item's
 * state decides whether anything happens (launch-campaign.ts).
 */
export interface LaunchStarter {
  start: (launch: LaunchMessage, launchAt: number, now: number) => Promise<void>;
  /** Takes back a scheduled launch; nothing when there is none (sent now, or fired and deleted). */
  cancel: (launch: LaunchMessage) => Promise<void>;
}

/**
 * CAMPAIGN_SCHEDULE_GROUP is LOCAL_CLOCK in the integration suite, whose in-process campaign queue
 * launches due sends on a clock the tests move. `npm start` runs the real starter against the
 * twin's Scheduler and SQS endpoints (infra/local/queues-and-schedules/local-scheduler.ts, local-sqs.ts), held to the
 * console's role.
 */
export { LOCAL_CLOCK };

/**
 * A schedule fires within the minute of its time (60-second precision, schedule-types.html below),
 * and one whose time has passed may be refused at creation: a send due within this is queued now.
 */
const SCHEDULE_AHEAD_SECONDS = 60;

/** Schedule names: at most 64 of [0-9a-zA-Z-_.]; the launch id makes each its send's own. */
export const scheduleName = (launch: LaunchMessage) => `campaign-launch-${launch.launchId}`;

export interface AwsLaunchTargets {
  scheduler: SchedulerClient;
  sqs: SQSClient;
  group: string;
  roleArn: string;
  queueArn: string;
  queueUrl: string;
}

/**
 * In AWS. The schedule (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html):
 * - `at()` in UTC, flexible time window OFF: it fires once, within the minute of its time
 *   (https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html#one-time);
 * - ActionAfterCompletion DELETE: a one-time schedule is deleted once it has invoked its target
 *   (https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-schedule-delete.html);
 * - its target is SQS SendMessage on the campaign queue (a templated target: the queue's ARN, the
 *   execution role, and `Input`, the text passed to the target as the message body:
 *   https://docs.aws.amazon.com/scheduler/latest/APIReference/API_Target.html), so the worker
 *   launches it like any other message.
 * A target may be invoked again (Scheduler's retry policy re-sends after a failure it saw, and SQS
 * itself delivers at least once): a second launch finds the send no longer `scheduled` and stops.
 */
export const awsLaunchStarter = (aws: AwsLaunchTargets): LaunchStarter => ({
  start: async (launch, launchAt, now) => {
    if (launchAt <= now + SCHEDULE_AHEAD_SECONDS) {
      await aws.sqs.send(new SendMessageCommand({ QueueUrl: aws.queueUrl, MessageBody: campaignMessageBody(launch) }));
      return;
    }
    await aws.scheduler.send(
      new CreateScheduleCommand({
        Name: scheduleName(launch),
        GroupName: aws.group,
        ScheduleExpression: atExpression(launchAt),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: { Arn: aws.queueArn, RoleArn: aws.roleArn, Input: campaignMessageBody(launch) },
      }),
    );
  },
  cancel: async (launch) => {
    try {
      await aws.scheduler.send(new DeleteScheduleCommand({ Name: scheduleName(launch), GroupName: aws.group }));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  },
});

/**
 * The integration suite: the campaign item's `launchAt` is the schedule, and its campaign queue
 * (infra/local/queues-and-schedules/campaign-queue.ts) puts the same launch message on its queue when its clock reaches
 * it; a cancelled send has no item left to find. So there is nothing to create or delete here.
 */
const localClockStarter: LaunchStarter = { start: async () => {}, cancel: async () => {} };

/** From the function's environment (CDK: CampaignSender.bindLaunches; the twin: LOCAL_CLOCK). */
export const launchStarterFromEnv = (): LaunchStarter => {
  const group = requireEnv('CAMPAIGN_SCHEDULE_GROUP');
  if (group === LOCAL_CLOCK) return localClockStarter;
  return awsLaunchStarter({
    scheduler: createSchedulerClient(),
    sqs: createSqsClient(),
    group,
    roleArn: requireEnv('CAMPAIGN_SCHEDULER_ROLE_ARN'),
    queueArn: requireEnv('CAMPAIGN_QUEUE_ARN'),
    queueUrl: requireEnv('CAMPAIGN_QUEUE_URL'),
  });
};
