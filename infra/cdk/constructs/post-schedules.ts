import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { HouseFunction } from './house-function';
import { grantScheduling } from './schedule-grants';

export interface PostSchedulesProps {
  /** The site's publisher: what a post's schedule invokes when it fires. */
  readonly publisher: HouseFunction;
}

/**
 * The posts' scheduled publishes (lambdas/console/posts/post-schedules.ts, decision 0053), as the
 * campaigns' scheduled sends (campaign-sender.ts): the app's own schedule group, and the role
 * EventBridge Scheduler assumes to invoke the site's publisher with a post's id and token. The
 * role is trusted by Scheduler only for this account's schedules (confused-deputy guard:
 * https://docs.aws.amazon.com/scheduler/latest/UserGuide/setting-up.html#setting-up-execution-role)
 * and may invoke that one function only.
 */
export class PostSchedules extends Construct {
  readonly scheduleGroup: scheduler.CfnScheduleGroup;
  readonly schedulerRole: iam.Role;
  private readonly publisher: HouseFunction;

  constructor(scope: Construct, id: string, props: PostSchedulesProps) {
    super(scope, id);
    this.publisher = props.publisher;
    this.scheduleGroup = new scheduler.CfnScheduleGroup(this, 'Schedules');
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: "EventBridge Scheduler invokes the site's publisher with a post's scheduled publish",
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    // The function's ARN alone (grantInvoke would add `:*`, every version and alias: none is invoked).
    this.schedulerRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [props.publisher.function.functionArn],
      }),
    );
  }

  /**
   * What the console's publish routes need to schedule a post: CreateSchedule and DeleteSchedule on
   * the schedules of this group only, and PassRole on the execution role only, to Scheduler only.
   */
  bindSchedules(fn: HouseFunction): void {
    grantScheduling(
      fn,
      this,
      "Each post's schedule is named by its random token when it is created, so the grant is every schedule of the posts' own group and no other.",
    );
    fn.setEnv('POST_SCHEDULE_GROUP', this.scheduleGroup.ref)
      .setEnv('POST_SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn)
      .setEnv('SITE_PUBLISHER_ARN', this.publisher.function.functionArn);
  }
}
