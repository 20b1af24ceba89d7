import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Compares a presented secret with the expected one in constant time. Both are hashed first so
 * the comparison has a fixed length: timingSafeEqual alone throws on unequal lengths, and an
 * early length check would tell a prober how long the secret is.
 */
export function secretEquals(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || expected === '') return false;
  return timingSafeEqual(digest(presented), digest(expected));
}
