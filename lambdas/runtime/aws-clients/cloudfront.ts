import { CloudFrontClient, type CloudFrontClientConfig } from '@aws-sdk/client-cloudfront';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The CloudFront client of the newsletter archive's publisher (budget: call-budget.ts). */
export const createCloudFrontClient = (config: CloudFrontClientConfig = {}) =>
  new CloudFrontClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.cloudFront) });
