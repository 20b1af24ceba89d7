import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The S3 client of the newsletter archive's publisher (budget: call-budget.ts). */
export const createS3Client = (config: S3ClientConfig = {}) =>
  new S3Client({ ...config, ...budgetedClientConfig(CALL_BUDGETS.s3) });
