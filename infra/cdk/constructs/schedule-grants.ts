/**
 * What a function needs to schedule one-time work with EventBridge Scheduler (a campaign's send, a
 * post's publish): CreateSchedule and DeleteSchedule on the schedules of one group only, and
 * PassRole on that group's execution role only, to Scheduler only. Stated once for every group.
 */
import { ArnFormat, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type { HouseFunction } from './house-function';

export function grantScheduling(
  fn: HouseFunction,
  group: { scheduleGroup: scheduler.CfnScheduleGroup; schedulerRole: iam.IRole },
  /** Why a wildcard over the group's schedules is least privilege here (cdk-nag's IAM5). */
  reason: string,
): void {
  const stack = Stack.of(group.scheduleGroup);
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
      resources: [
        stack.formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${group.scheduleGroup.ref}/*`,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    }),
  );
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['iam:PassRole'],
      resources: [group.schedulerRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    }),
  );
  // The finding as cdk-nag spells it: tokens as <AWS::Partition>, <AWS::Region>, <AWS::AccountId>,
  // <LogicalId>; a value CDK resolves (the partition with enablePartitionLiterals) as written.
  const shown = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  Validations.of(fn.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:${shown(stack.partition, 'Partition')}:scheduler:${shown(stack.region, 'Region')}:${shown(stack.account, 'AccountId')}:schedule/<${stack.getLogicalId(group.scheduleGroup)}>/*]`,
    reason,
  });
}
