import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { HouseFunction } from '#infra/cdk/constructs/house-function.ts';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

/** The statements of a house function's role policy, as synthesised. */
export function roleStatements(template: Template, stack: Stack, fn: HouseFunction): Statement[] {
  const policy = fn.role.node.tryFindChild('DefaultPolicy');
  if (!policy) return [];
  const logicalId = stack.getLogicalId(policy.node.defaultChild as CfnElement);
  const resource = template.toJSON().Resources[logicalId];
  return resource.Properties.PolicyDocument.Statement as Statement[];
}

/** Every action the function's role allows. */
export function roleActions(template: Template, stack: Stack, fn: HouseFunction): string[] {
  return roleStatements(template, stack, fn).flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  );
}

export const DYNAMODB_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
