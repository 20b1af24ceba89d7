/**
 * A console send's start in AWS (lambdas/campaigns/launch-starter.ts): due now, the launch message
 * goes straight onto the campaign queue; later, a one-time EventBridge Scheduler schedule, in UTC,
 * exact, deleted after it fires, targets the queue with the same message; cancelling deletes it,
 * and a schedule already gone (fired and deleted) is not an error, any other failure is.
 */
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { awsLaunchStarter } from '#lambdas/campaigns/launch-starter.ts';
import type { LaunchMessage } from '#lambdas/campaigns/campaign-message.ts';

const scheduler = mockClient(SchedulerClient);
const sqs = mockClient(SQSClient);
const TARGETS = {
  scheduler: new SchedulerClient({ region: 'ca-central-1' }),
  sqs: new SQSClient({ region: 'ca-central-1' }),
  group: 'chinook-campaign-launches',
  roleArn: 'arn:aws:iam::123456789012:role/launcher',
  queueArn: 'arn:aws:sqs:ca-central-1:123456789012:campaigns',
  queueUrl: 'https://sqs.ca-central-1.amazonaws.com/123456789012/campaigns',
};
const LAUNCH: LaunchMessage = { campaign: '2026-spring-news', launch: true, launchId: 'a'.repeat(32) };
const BODY = JSON.stringify(LAUNCH);
/** 2026-07-07T15:00:00Z. */
const AT = 1_783_436_400;
const named = (name: string) => Object.assign(new Error(name), { name });

beforeEach(() => {
  scheduler.reset();
  sqs.reset();
});

describe('awsLaunchStarter', () => {
  it('queues a send due within the minute at once, and creates no schedule', async () => {
    // Act
    await awsLaunchStarter(TARGETS).start(LAUNCH, AT + 30, AT);

    // Assess
    expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: TARGETS.queueUrl, MessageBody: BODY },
    ]);
    expect(scheduler.calls()).toHaveLength(0);
  });

  it('schedules a later send once, at its UTC time, exact, deleted after it fires, onto the queue with the same message', async () => {
    // Act
    await awsLaunchStarter(TARGETS).start(LAUNCH, AT, AT - 3600);

    // Assess
    expect(scheduler.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input)).toEqual([
      {
        Name: `campaign-launch-${LAUNCH.launchId}`,
        GroupName: TARGETS.group,
        ScheduleExpression: 'at(2026-07-07T15:00:00)',
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: { Arn: TARGETS.queueArn, RoleArn: TARGETS.roleArn, Input: BODY },
      },
    ]);
    expect(sqs.calls()).toHaveLength(0);
  });

  it('fails the start when the schedule cannot be created (the route then takes the send back)', async () => {
    // Prepare
    scheduler.on(CreateScheduleCommand).rejects(named('ServiceQuotaExceededException'));

    // Act + Assess
    await expect(awsLaunchStarter(TARGETS).start(LAUNCH, AT, AT - 3600)).rejects.toThrow(
      'ServiceQuotaExceededException',
    );
  });

  it('cancels by deleting the send’s own schedule; one already fired and deleted is no error, other failures are', async () => {
    // Prepare
    scheduler
      .on(DeleteScheduleCommand)
      .resolvesOnce({})
      .rejectsOnce(named('ResourceNotFoundException'))
      .rejectsOnce(named('ThrottlingException'));
    const starter = awsLaunchStarter(TARGETS);

    // Act + Assess
    await expect(starter.cancel(LAUNCH)).resolves.toBeUndefined();
    await expect(starter.cancel(LAUNCH)).resolves.toBeUndefined();
    await expect(starter.cancel(LAUNCH)).rejects.toThrow('ThrottlingException');
    expect(scheduler.commandCalls(DeleteScheduleCommand).map((call) => call.args[0].input)).toEqual(
      Array(3).fill({ Name: `campaign-launch-${LAUNCH.launchId}`, GroupName: TARGETS.group }),
    );
  });
});
