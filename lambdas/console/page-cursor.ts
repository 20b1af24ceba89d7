import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { HttpError } from '../http/http-error';

/** The message for a cursor that is not one the console handed out. */
export const BAD_CURSOR = 'That page link is not valid any more. Please start from the first page.';

/** The opaque cursor of a list's next page: DynamoDB's LastEvaluatedKey, base64url JSON. */
export const pageCursor = (lastKey: Record<string, AttributeValue>): string =>
  Buffer.from(JSON.stringify(lastKey)).toString('base64url');

/**
 * The ExclusiveStartKey of a cursor. Only string and number key attributes are accepted, so a
 * forged cursor cannot smuggle anything else into the query; DynamoDB refuses one that does not
 * fit the index (then 400).
 */
export const startKeyOf = (cursor: string | undefined): Record<string, AttributeValue> | undefined => {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof key !== 'object' || key === null || Array.isArray(key)) throw new Error('not an object');
    for (const value of Object.values(key)) {
      const kinds = Object.keys(value as object);
      const [kind] = kinds;
      const text = (value as Record<string, unknown>)[kind!];
      if (kinds.length !== 1 || (kind !== 'S' && kind !== 'N') || typeof text !== 'string' || text.length > 1024) {
        throw new Error('not a key');
      }
    }
    return key as Record<string, AttributeValue>;
  } catch {
    throw new HttpError(400, BAD_CURSOR);
  }
};
