import { CloudFormationClient, type CloudFormationClientConfig } from '@aws-sdk/client-cloudformation';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The CloudFormation client of the operator commands, which read the stack's outputs (budget: call-budget.ts). */
export const createCloudFormationClient = (config: CloudFormationClientConfig = {}) =>
  new CloudFormationClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.cloudFormation) });
