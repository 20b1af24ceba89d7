/**
 * A post's scheduled publish in EventBridge Scheduler (decision 0053), as the campaigns schedule
 * their sends (lambdas/campaigns/launch-starter.ts): a one-time schedule whose target is the site's
 * publisher with the post's id and the schedule's token. Whatever fires, the post item decides:
 * the publisher publishes only while the post still waits for that token
 * (lambdas/data/posts.ts publishScheduledPost), so a cancelled or replaced schedule that fires
 * anyway changes nothing.
 */
import { CreateScheduleCommand, DeleteScheduleCommand, type SchedulerClient } from '@aws-sdk/client-scheduler';
import type { ScheduledPublish } from '../../data/posts';
import { createSchedulerClient } from '../../runtime/aws-clients/scheduler';
import { requireEnv } from '../../runtime/env';
import { atExpression, LOCAL_CLOCK } from '../../runtime/one-time-schedule';

export interface PostSchedules {
  create: (publish: ScheduledPublish, at: number) => Promise<void>;
  /** Deletes the schedule if it is still there (fired and deleted, or never made: nothing). */
  remove: (publish: ScheduledPublish) => Promise<void>;
}

/** At most 64 of [0-9a-zA-Z-_.]: the token (22 base64url characters) makes each its own. */
export const postScheduleName = ({ token }: ScheduledPublish) => `post-publish-${token}`;

export interface AwsPostScheduleTargets {
  scheduler: SchedulerClient;
  group: string;
  roleArn: string;
  /** The site publisher's ARN: a templated target, Lambda's Invoke, with `Input` as its event. */
  publisherArn: string;
}

/**
 * In AWS: `at()` in UTC with no flexible window, so it fires once within the minute of its time,
 * deleted after it has invoked its target (ActionAfterCompletion DELETE,
 * https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-schedule-delete.html). Its target
 * is the publisher's Invoke with the schedule's `Input` as the event
 * (https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-targets-templated.html); Scheduler
 * may invoke it again after a failure, which the token makes harmless.
 */
export const awsPostSchedules = (aws: AwsPostScheduleTargets): PostSchedules => ({
  create: async (publish, at) => {
    await aws.scheduler.send(
      new CreateScheduleCommand({
        Name: postScheduleName(publish),
        GroupName: aws.group,
        ScheduleExpression: atExpression(at),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: { Arn: aws.publisherArn, RoleArn: aws.roleArn, Input: JSON.stringify(publish) },
      }),
    );
  },
  remove: async (publish) => {
    try {
      await aws.scheduler.send(new DeleteScheduleCommand({ Name: postScheduleName(publish), GroupName: aws.group }));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  },
});

/**
 * The integration suite (POST_SCHEDULE_GROUP=local-clock): the post item's `scheduledAt` and token
 * are the schedule, and a test fires it by calling the publisher with them, as Scheduler would.
 */
const localClockSchedules: PostSchedules = { create: async () => {}, remove: async () => {} };

/** From the function's environment (CDK: PostSchedules.bindSchedules; the twin: start.ts). */
export const postSchedulesFromEnv = (): PostSchedules => {
  const group = requireEnv('POST_SCHEDULE_GROUP');
  if (group === LOCAL_CLOCK) return localClockSchedules;
  return awsPostSchedules({
    scheduler: createSchedulerClient(),
    group,
    roleArn: requireEnv('POST_SCHEDULER_ROLE_ARN'),
    publisherArn: requireEnv('SITE_PUBLISHER_ARN'),
  });
};
