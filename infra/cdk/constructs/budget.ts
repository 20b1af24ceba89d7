import { Stack } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import { Construct } from 'constructs';

/** The monthly budget when context `monthlyBudgetUsd` is unset: about ten times the idle stack's cost. */
export const DEFAULT_MONTHLY_BUDGET_USD = 20;

export interface MonthlyBudgetProps {
  /** The month's budget in US dollars (AWS bills in USD). */
  readonly amountUsd: number;
  /** Who is emailed: the ops address. */
  readonly email: string;
}

/**
 * An AWS Budgets monthly cost budget that emails at 80% of the month's actual spend and when the
 * month is forecast to exceed it: the warning a runaway cost (a loop, a flood, a forgotten
 * resource) gives before the bill does. Budgets see the whole account's cost, not one stack's
 * (docs/operations.md, "Deploying"). A budget without actions costs nothing (AWS Budgets price list,
 * "$0.00 for Budget-days"; docs/decisions/0014-one-topic-key-as-documented.md).
 *
 * Shape of AWS::Budgets::Budget, checked against the CloudFormation reference:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-budgets-budget.html
 * (`Budget` is BudgetData: BudgetType COST, TimeUnit MONTHLY, BudgetLimit { Amount, Unit }, an
 * optional BudgetName unique in the account, without `:` or `\`), and its Notification
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-properties-budgets-budget-notification.html
 * (NotificationType ACTUAL | FORECASTED, ComparisonOperator GREATER_THAN, Threshold a percentage
 * with ThresholdType PERCENTAGE; up to 10 email subscribers each).
 */
export class MonthlyBudget extends Construct {
  readonly budget: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: MonthlyBudgetProps) {
    super(scope, id);
    if (!(props.amountUsd > 0)) throw new Error(`${this.node.path}: the monthly budget must be a positive amount`);
    const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers: [{ subscriptionType: 'EMAIL', address: props.email }],
    });
    this.budget = new budgets.CfnBudget(this, 'Resource', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.amountUsd, unit: 'USD' },
        // Unique in the account, per stack: a staging stack's budget stands beside prod's.
        budgetName: `${Stack.of(this).stackName} monthly cost`,
      },
      notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
    });
  }
}
