import { SchedulerClient, type SchedulerClientConfig } from '@aws-sdk/client-scheduler';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The EventBridge Scheduler client of the console's scheduled campaign sends (budget: call-budget.ts). */
export const createSchedulerClient = (config: SchedulerClientConfig = {}) =>
  new SchedulerClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.scheduler) });
