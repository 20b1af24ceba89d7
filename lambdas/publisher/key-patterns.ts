/**
 * S3 key patterns as the publisher's grants and the deployment's excludes write them
 * (`newsletter/*`, `rss.xml`): a trailing `*` matches any rest, anything else the whole key.
 */
export const matchesKeyPatterns =
  (patterns: readonly string[]) =>
  (key: string): boolean =>
    patterns.some((pattern) => (pattern.endsWith('*') ? key.startsWith(pattern.slice(0, -1)) : key === pattern));
