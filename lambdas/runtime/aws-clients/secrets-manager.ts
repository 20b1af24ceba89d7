import { SecretsManagerClient, type SecretsManagerClientConfig } from '@aws-sdk/client-secrets-manager';
import { budgetedClientConfig, CALL_BUDGETS } from './call-budget';

/** The Secrets Manager client of the API's authorizer (budget: call-budget.ts). */
export const createSecretsManagerClient = (config: SecretsManagerClientConfig = {}) =>
  new SecretsManagerClient({ ...config, ...budgetedClientConfig(CALL_BUDGETS.secretsManager) });
