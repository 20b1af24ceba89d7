import type { KeyValueStoreHandle } from '../../cdk/edge/edge-code';

/**
 * A CloudFront KeyValueStore on the twin: the handle the viewer-request function reads through
 * `cf.kvs()` (edge-code.ts, loadEdgeHandlers) and the writes its one writer makes. Like the
 * service, a read answers a promise, `get` of a missing key rejects
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-custom-methods.html),
 * and a batch of puts and deletes is applied whole
 * (UpdateKeys: https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_kvs_UpdateKeys.html).
 * In memory: the publisher writes every key again at each start of the twin.
 */
export const createLocalKeyValueStore = () => {
  const entries = new Map<string, string>();
  const handle: KeyValueStoreHandle = {
    exists: async (key) => entries.has(key),
    get: async (key) => {
      const value = entries.get(key);
      if (value === undefined) throw new Error(`Key ${key} not found`);
      return value;
    },
  };
  return {
    handle,
    entries: (): ReadonlyMap<string, string> => new Map(entries),
    update(puts: readonly { key: string; value: string }[], deletes: readonly string[]) {
      for (const key of deletes) entries.delete(key);
      for (const { key, value } of puts) entries.set(key, value);
    },
  };
};

export type LocalKeyValueStore = ReturnType<typeof createLocalKeyValueStore>;
