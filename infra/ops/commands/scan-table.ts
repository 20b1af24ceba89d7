import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * Every item of one kind in a table, page by page. Operator commands may scan (they run now and
 * then, by hand); the handlers never do. `kind` is filtered by DynamoDB, the rest by the caller.
 */
export const scanKind = async <T>(db: DynamoDBClient, table: string, kind: string): Promise<T[]> => {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, never> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: '#kind = :kind',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':kind': { S: kind } },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []).map((item) => unmarshall(item) as T));
    ExclusiveStartKey = page.LastEvaluatedKey as typeof ExclusiveStartKey;
  } while (ExclusiveStartKey);
  return items;
};
