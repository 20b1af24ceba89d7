import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { Refusal } from '../../domain/refusal';

/** The message for a cursor that is not one the console handed out. */
export const BAD_CURSOR = 'That page link is not valid any more. Please start from the first page.';

/** The opaque cursor of a list's next page: DynamoDB's LastEvaluatedKey, base64url JSON. */
export const pageCursor = (lastKey: Record<string, AttributeValue>): string =>
  Buffer.from(JSON.stringify(lastKey)).toString('base64url');

/** An index's key attributes, as shared/*-index.ts states them. */
interface IndexKey {
  partitionKey: { name: string; type: 'S' | 'N' };
  sortKey: { name: string; type: 'S' | 'N' };
}

/** A number DynamoDB accepts (at most 38 digits of precision). */
const NUMBER = /^-?\d{1,38}(\.\d{1,38})?$/;

/**
 * The ExclusiveStartKey of a cursor into `index`, in the partition `partition`, else 400. A
 * position in an index is the table's key (`id`) and the index's two attributes, exactly, with
 * their types: DynamoDB refuses any other start key, and one outside the query's partition, with
 * a ValidationException, which would be a 500 (an alarm) instead of a plain answer. So a forged
 * cursor can only name a position in the partition the route reads, never another's items.
 */
export const startKeyOf = (
  cursor: string | undefined,
  index: IndexKey,
  partition: string,
): Record<string, AttributeValue> | undefined => {
  if (cursor === undefined || cursor === '') return undefined;
  const types: Record<string, string> = {
    id: 'S',
    [index.partitionKey.name]: index.partitionKey.type,
    [index.sortKey.name]: index.sortKey.type,
  };
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof key !== 'object' || key === null || Array.isArray(key)) throw new Error('not an object');
    const names = Object.keys(key);
    if (names.length !== Object.keys(types).length) throw new Error('not this index');
    for (const name of names) {
      const value = (key as Record<string, unknown>)[name];
      const type = types[name];
      if (type === undefined || typeof value !== 'object' || value === null) throw new Error('not this index');
      const kinds = Object.keys(value);
      const text = (value as Record<string, unknown>)[type];
      if (kinds.length !== 1 || typeof text !== 'string' || text.length > 1024) throw new Error('not a key');
      if (type === 'N' && !NUMBER.test(text)) throw new Error('not a number');
    }
    const position = key as Record<string, Record<string, string>>;
    if (position[index.partitionKey.name]![index.partitionKey.type] !== partition) throw new Error('another partition');
    return key as Record<string, AttributeValue>;
  } catch {
    throw new Refusal('invalid', BAD_CURSOR);
  }
};
