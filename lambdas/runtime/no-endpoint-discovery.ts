/**
 * Bundling alias target for `@aws-sdk/middleware-endpoint-discovery` (infra/cdk/constructs/functions.ts),
 * the same pattern as env-credentials.ts. The DynamoDB client resolves an endpoint-discovery
 * configuration at construction (an LRU endpoint cache from mnemonist, ~8 KB minified), but
 * discovery is off unless enabled explicitly, and none of the commands we send use it. Each
 * handler bundle has a 250 KB budget; this keeps the SDK's contract (the two exports the client
 * imports) with discovery permanently off.
 */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: () => false,
  configFileSelector: () => false,
  default: false,
};

export const resolveEndpointDiscoveryConfig = <T extends object>(
  input: T,
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor?: unknown },
) =>
  Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointDiscoveryEnabled: () => Promise.resolve(false),
    isClientEndpointDiscoveryEnabled: false,
  });
