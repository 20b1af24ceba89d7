import { LambdaClient, type LambdaClientConfig } from '@aws-sdk/client-lambda';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The Lambda client that asks for a newsletter archive run (budget: call-budget.ts). */
export const createLambdaClient = (config: LambdaClientConfig = {}) =>
  new LambdaClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.lambda) });
