import { Duration, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { VISITS_BY_DAY_INDEX } from '#shared/visits-by-day-index.ts';
import { HouseFunction, type TableBinding } from './house-function';

/**
 * The site's visit counting (docs/decisions/0081-privacy-first-analytics.md): the analytics table's
 * grants, each held by dynamodb:LeadingKeys to the items its function may touch, so no function
 * reads a salt it has no need of (the console, which shows the sums, cannot read one at all), and
 * the hourly roll-up that sums each finished day and deletes its raw records and its salt.
 */

/** What a function does with the analytics table. */
export type AnalyticsUse =
  /** The beacon (collectVisit): the day's salt read or made, a visitor's day and its client's count written. */
  | 'views'
  /** A form or a confirmation: the day's salt read or made, the visitor's day written. */
  | 'conversions'
  /** The console's Site screen: the days' sums read, and today's raw visits from the index. */
  | 'reports';

/** Each use's grants: the actions, and the keys (dynamodb:LeadingKeys) they may reach. */
const GRANTS: Record<AnalyticsUse, readonly { actions: string[]; keys: string[] }[]> = {
  views: [
    { actions: ['GetItem', 'PutItem'], keys: ['salt#*'] },
    { actions: ['UpdateItem'], keys: ['visit#*', 'client#*'] },
  ],
  conversions: [
    { actions: ['GetItem', 'PutItem'], keys: ['salt#*'] },
    { actions: ['UpdateItem'], keys: ['visit#*'] },
  ],
  reports: [{ actions: ['BatchGetItem'], keys: ['day#*'] }],
};

/**
 * Grants `use` of the analytics table to `fn` and passes the table's name; `reports` may also
 * query the index of a day's raw records (its key is the day, not an item's id).
 */
export const bindAnalytics = (fn: HouseFunction, analytics: TableBinding, use: AnalyticsUse): HouseFunction => {
  for (const { actions, keys } of GRANTS[use]) {
    fn.grantOn(
      [analytics.table.tableArn],
      actions.map((action) => `dynamodb:${action}`),
      { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keys } },
    );
  }
  if (use === 'reports')
    fn.grantOn([`${analytics.table.tableArn}/index/${VISITS_BY_DAY_INDEX.name}`], ['dynamodb:Query']);
  return fn.setEnv(analytics.envName, analytics.table.tableName);
};

export interface SiteAnalyticsProps {
  readonly analytics: TableBinding;
}

/** The hourly roll-up of finished days (lambdas/handlers/site-rollup.ts). */
export class SiteAnalytics extends Construct {
  readonly rollup: HouseFunction;

  constructor(scope: Construct, id: string, props: SiteAnalyticsProps) {
    super(scope, id);
    const { analytics } = props;
    this.rollup = new HouseFunction(this, 'Rollup', { name: 'siteRollup' })
      // A day's raw records from the index; its sums looked up and put once; then every raw
      // record and the salt deleted.
      .grantOn([`${analytics.table.tableArn}/index/${VISITS_BY_DAY_INDEX.name}`], ['dynamodb:Query'])
      .grantOn([analytics.table.tableArn], ['dynamodb:GetItem', 'dynamodb:PutItem'], {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['day#*'] },
      })
      .grantOn([analytics.table.tableArn], ['dynamodb:DeleteItem'], {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['visit#*', 'client#*', 'salt#*'] },
      })
      .setEnv(analytics.envName, analytics.table.tableName);
    const schedule = new events.Rule(this, 'RollupSchedule', {
      description: "Sums each finished day's visits and deletes its raw records and salt, every hour",
      schedule: events.Schedule.rate(Duration.hours(1)),
      // A missed run needs no retry of its own: the next hour's run does the same days again.
      targets: [new targets.LambdaFunction(this.rollup.function, { retryAttempts: 2 })],
    });
    Validations.of(schedule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason:
        "A run EventBridge could not deliver needs no dead letter: the next hour's run rolls up the same two days, and a failed run is the function's error alarm.",
    });
  }
}
