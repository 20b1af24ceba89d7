// The KeyValueStore API is signed with SigV4a only; the SDK's JavaScript signer is opt-in and
// registers itself when imported (aws-sdk-js-v3 README, "Functionality requiring AWS Common
// Runtime (CRT)": the @aws-sdk/signature-v4a alternative, no native binary).
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  type CloudFrontKeyValueStoreClientConfig,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The KeyValueStore client of the newsletter archive's publisher (budget: call-budget.ts). */
export const createKeyValueStoreClient = (config: CloudFrontKeyValueStoreClientConfig = {}) =>
  new CloudFrontKeyValueStoreClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.keyValueStore) });
