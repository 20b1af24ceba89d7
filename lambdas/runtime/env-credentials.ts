import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Bundling alias target for `@aws-sdk/credential-provider-node` (infra/cdk/constructs/functions.ts).
 * Lambda always puts the function role's credentials in the environment, so the SDK's full
 * default chain (SSO, STS, INI files, IMDS) is dead weight in a Lambda bundle. The SDK calls
 * `defaultProvider(init)`; answering with the environment provider keeps its contract.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
