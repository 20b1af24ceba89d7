import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The DynamoDB client of every handler that uses DynamoDB, and of every operator command (budget: call-budget.ts). */
export const createDynamoClient = (config: DynamoDBClientConfig = {}) =>
  new DynamoDBClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.dynamodb) });
