import { SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The SQS client of the dead-letter sinks, the campaign worker and the campaign command (budget: call-budget.ts). */
export const createSqsClient = (config: SQSClientConfig = {}) =>
  new SQSClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.sqs) });
