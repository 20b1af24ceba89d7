import { SESClient, type SESClientConfig } from '@aws-sdk/client-ses';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/**
 * The SES client of every sender of email (the mailer, the campaign worker and command): one
 * attempt per call, because SES is not idempotent and a retry after a timeout could send an
 * email twice (budget: call-budget.ts).
 */
export const createSesClient = (config: SESClientConfig = {}) =>
  new SESClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.ses) });
