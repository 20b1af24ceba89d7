import { Match } from 'aws-cdk-lib/assertions';
import { synthStack } from '#test/infra/support/app.ts';
import { roleActions, roleStatements } from '#test/infra/support/policies.ts';

const { stack, template: templateOf } = synthStack({ campaignSendRate: 40 });
const template = templateOf();
const worker = stack.campaigns.worker;
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);

/** The statements of the worker role's own policy, as CloudFormation will create them. */
const workerStatements = () => {
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: [{ Ref: logicalId(worker.role) }] },
  });
  return Object.values(policies).flatMap(
    (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
  );
};
const actions = () => workerStatements().flatMap((statement) => [statement.Action].flat());

describe('campaign sender (queue, worker, alarms)', () => {
  it('drains an encrypted, TLS-only queue with a dead-letter queue, two workers at a time, reporting failures per recipient', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 360,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack.campaigns.deadLetterQueue), 'Arn'] },
        maxReceiveCount: 60,
      },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(worker.function) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.campaigns.queue), 'Arn'] },
      BatchSize: 10,
      ScalingConfig: { MaximumConcurrency: 2 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('paces the workers at the configured SES rate and tells them where the campaigns, subscribers and dead letters are, and the mailing address', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          CAMPAIGN_SEND_RATE: '40',
          CAMPAIGN_WORKERS: '2',
          CAMPAIGNS_TABLE: { Ref: logicalId(stack.data.campaigns.table) },
          SUBSCRIBERS_TABLE: { Ref: logicalId(stack.data.subscribers.table) },
          CAMPAIGN_QUEUE_URL: { Ref: logicalId(stack.campaigns.queue) },
          MAIL_DEAD_LETTER_QUEUE_URL: { Ref: logicalId(stack.campaigns.deadLetterQueue) },
          // The firm's postal address every campaign email carries (context mailingAddress).
          MAILING_ADDRESS: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
        }),
      },
    });
  });

  it('may read (and, to launch a console send, scan) subscribers, update send records and send as the sender, and nothing more', () => {
    expect(actions()).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'ses:SendRawEmail', 'sqs:SendMessage']));
    expect(actions()).not.toEqual(expect.arrayContaining(['dynamodb:PutItem']));
    expect(actions().filter((action) => /DeleteItem|\*$/.test(action))).toEqual([]);
    const scans = workerStatements().filter((statement) => [statement.Action].flat().includes('dynamodb:Scan'));
    expect(scans.flatMap((statement) => [statement.Resource].flat())).toEqual([
      { 'Fn::GetAtt': [logicalId(stack.data.subscribers.table), 'Arn'] },
    ]);
    const updates = workerStatements().filter((statement) => [statement.Action].flat().includes('dynamodb:UpdateItem'));
    expect(updates.flatMap((statement) => [statement.Resource].flat())).toEqual([
      { 'Fn::GetAtt': [logicalId(stack.data.campaigns.table), 'Arn'] },
    ]);
  });

  it('may send to the campaign queue (a launch queues its recipients) and hand a recipient back to it, and send only dead letters to its dead-letter queue', () => {
    // SendMessageBatch (lambdas/campaigns/enqueue.ts) is authorized as sqs:SendMessage on the queue.
    const queue = { 'Fn::GetAtt': [logicalId(stack.campaigns.queue), 'Arn'] };
    const deadLetters = { 'Fn::GetAtt': [logicalId(stack.campaigns.deadLetterQueue), 'Arn'] };
    const on = (resource: unknown) =>
      workerStatements()
        .filter((statement) =>
          [statement.Resource].flat().some((each) => JSON.stringify(each) === JSON.stringify(resource)),
        )
        .flatMap((statement) => [statement.Action].flat())
        .sort();
    expect(on(queue)).toEqual([
      // The code's: a launch's recipients, a recipient's backoff.
      'sqs:ChangeMessageVisibility',
      // The event source mapping's poller (https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html#events-sqs-permissions).
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:ReceiveMessage',
      'sqs:SendMessage',
    ]);
    expect(on(deadLetters)).toEqual(['sqs:SendMessage']);
  });

  it('alarms on worker errors (the account-wide Errors alarm), on dead letters and on "Campaign mail finally failed"', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack.campaigns.deadLetterQueue), 'QueueName'] } },
      ],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: Match.absent(),
    });
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalId(worker.logGroup) },
      FilterPattern: '"Campaign mail finally failed"',
    });
  });

  it('lets the SES feedback function mark send records, and outputs what `npm run campaign -- --target aws` reads', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          CAMPAIGNS_TABLE: { Ref: logicalId(stack.data.campaigns.table) },
          SUBSCRIBERS_TABLE: Match.anyValue(),
        }),
      },
      Description: "Records SES's events on each email's own record; suppresses bounced and complaining addresses",
    });
    for (const output of ['CampaignsTableName', 'CampaignQueueUrl', 'SitePublisherName', 'SenderAddress', 'SiteUrl'])
      template.hasOutput(output, {});
  });
});

describe('scheduled console sends (EventBridge Scheduler)', () => {
  const consoleCampaigns = stack.api.handlers.consoleCampaigns;
  const group = { Ref: stack.getLogicalId(stack.campaigns.scheduleGroup) };
  const schedulerRole = { 'Fn::GetAtt': [logicalId(stack.campaigns.schedulerRole), 'Arn'] };
  const queueArn = { 'Fn::GetAtt': [logicalId(stack.campaigns.queue), 'Arn'] };
  const executionStatements = () =>
    Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: [{ Ref: logicalId(stack.campaigns.schedulerRole) }] },
      }),
    ).flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]);

  it('has a schedule group of its own and an execution role only EventBridge Scheduler of this account may assume', () => {
    // The campaigns' and the posts' (post-schedules.test.ts), each its own.
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 2);
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': stack.account } },
          },
        ],
      },
    });
  });

  it('lets the execution role only send messages to the campaign queue', () => {
    const statements = executionStatements();
    expect(statements.flatMap((statement) => [statement.Action].flat()).sort()).toEqual(['sqs:SendMessage']);
    expect(statements.flatMap((statement) => [statement.Resource].flat())).toEqual([queueArn]);
  });

  it('lets consoleCampaigns create and delete schedules only in that group, pass only that role and only to the scheduler, and queue a send now', () => {
    const statements = roleStatements(template, stack, consoleCampaigns);
    const scheduling = statements.filter((statement) => JSON.stringify(statement.Action).includes('scheduler:'));
    expect(scheduling).toEqual([
      expect.objectContaining({
        Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
        Resource: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, `:scheduler:${stack.region}:${stack.account}:schedule/`, group, '/*'],
          ],
        },
      }),
    ]);
    expect(statements.filter((statement) => JSON.stringify(statement.Action).includes('iam:'))).toEqual([
      expect.objectContaining({
        Action: 'iam:PassRole',
        Resource: schedulerRole,
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    ]);
    const queueing = statements.filter((statement) => JSON.stringify(statement.Action).includes('sqs:'));
    expect(queueing.flatMap((statement) => [statement.Resource].flat())).toEqual([queueArn]);
    // Nothing else of the scheduler or the queue: no schedule read, list or update, no receive or purge.
    expect(
      roleActions(template, stack, consoleCampaigns)
        .filter((action) => /^(scheduler|iam|sqs):/.test(action))
        .sort(),
    ).toEqual(['iam:PassRole', 'scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'sqs:SendMessage']);
  });

  it("tells consoleCampaigns the group, the role, and the queue that is the schedules' target", () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Environment: {
        Variables: Match.objectLike({
          CAMPAIGN_SCHEDULE_GROUP: group,
          CAMPAIGN_SCHEDULER_ROLE_ARN: schedulerRole,
          CAMPAIGN_QUEUE_ARN: queueArn,
          CAMPAIGN_QUEUE_URL: { Ref: logicalId(stack.campaigns.queue) },
          CONSOLE_OWNERS: Match.anyValue(),
        }),
      },
    });
  });
});
