import { SESClient, type SESClientConfig } from '@aws-sdk/client-ses';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/**
 * The SES client of every sender of email (the mailer, the campaign worker and command): a
 * refused attempt is repeated, never one that timed out or lost its answer, because SES is not
 * idempotent and that retry could send an email twice (budget: call-budget.ts).
 */
export const createSesClient = (config: SESClientConfig = {}) =>
  new SESClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.ses) });
