/**
 * The posts' scheduled publishes in the stack (infra/cdk/constructs/post-schedules.ts, decision 0053):
 * a schedule group of their own, an execution role only Scheduler of this account assumes and that
 * may only invoke the site's publisher, and the Posts screen's grants to schedule in that group.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { synthStack } from '#test/infra/support/app.ts';
import { roleActions, roleStatements } from '#test/infra/support/policies.ts';

const { stack, template: templateOf } = synthStack();
const template = templateOf();
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);
const consolePosts = stack.api.handlers.consolePosts;
const group = { Ref: stack.getLogicalId(stack.postSchedules.scheduleGroup) };
const schedulerRole = { 'Fn::GetAtt': [logicalId(stack.postSchedules.schedulerRole), 'Arn'] };
const publisherArn = { 'Fn::GetAtt': [logicalId(stack.publisher.publisher.function), 'Arn'] };

describe("posts' scheduled publishes (EventBridge Scheduler)", () => {
  it('lets the execution role only invoke the site publisher, and only Scheduler of this account assume it', () => {
    const role = template.findResources('AWS::IAM::Role')[logicalId(stack.postSchedules.schedulerRole)]!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': stack.account } },
      },
    ]);
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: [{ Ref: logicalId(stack.postSchedules.schedulerRole) }] },
      }),
    ).flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]);
    expect(statements).toEqual([expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: publisherArn })]);
  });

  it('lets consolePosts create and delete schedules only in that group and pass only that role, only to Scheduler', () => {
    const statements = roleStatements(template, stack, consolePosts);
    expect(statements.filter((statement) => JSON.stringify(statement.Action).includes('scheduler:'))).toEqual([
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
    expect(
      roleActions(template, stack, consolePosts)
        .filter((action) => /^(scheduler|iam|lambda):/.test(action))
        .sort(),
    ).toEqual(['iam:PassRole', 'lambda:InvokeFunction', 'scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
  });

  it("tells consolePosts the group, the role and the publisher that is the schedules' target", () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          POST_SCHEDULE_GROUP: group,
          POST_SCHEDULER_ROLE_ARN: schedulerRole,
          SITE_PUBLISHER_ARN: publisherArn,
          POSTS_TABLE: Match.anyValue(),
        }),
      },
    });
  });
});
