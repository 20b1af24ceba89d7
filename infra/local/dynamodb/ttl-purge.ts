import { DeleteItemCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { isConditionFailure } from '#lambdas/data/condition-failure.ts';
import type { TableDefinition } from '../../cdk/constructs/table-definitions';
import { every } from '../queues-and-schedules/every';

/**
 * Deletes the items of a local table whose TTL attribute (the table definition's, the one CDK
 * enables) holds a time before `now`, in Unix seconds. Each delete is conditional on the item
 * still being expired: one whose TTL was moved on meanwhile stays, as in AWS. An attribute that
 * is not a number is no TTL, and is left alone as AWS leaves it.
 */
const purgeExpired = async (db: DynamoDBClient, table: TableDefinition, now: number) => {
  const TableName = table.logicalName;
  const key = table.partitionKey.name;
  const expired = {
    ExpressionAttributeNames: { '#ttl': table.timeToLiveAttribute },
    ExpressionAttributeValues: { ':now': { N: String(now) } },
  };
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName,
        ExclusiveStartKey: startKey,
        FilterExpression: '#ttl < :now',
        ProjectionExpression: '#key',
        ExpressionAttributeNames: { ...expired.ExpressionAttributeNames, '#key': key },
        ExpressionAttributeValues: expired.ExpressionAttributeValues,
      }),
    );
    for (const item of page.Items ?? []) {
      const Key = { [key]: item[key]! };
      try {
        await db.send(new DeleteItemCommand({ TableName, Key, ConditionExpression: '#ttl < :now', ...expired }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
};

/**
 * dynalite has no TTL, so the local stack stands in for DynamoDB's: every `intervalMs` it deletes
 * the expired items of `tables` (local tables are named by their logical names). AWS deletes
 * expired items in the background within a few days of their expiry, and until then they still
 * appear in reads (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/howitworks-ttl.html);
 * the handlers count on neither, so the twin deletes at its first run after the expiry, one of
 * the moments AWS may pick. `stop()` resolves once the run in progress has finished.
 */
export function startTtlPurge(options: { db: DynamoDBClient; tables: readonly TableDefinition[]; intervalMs: number }) {
  const { db, tables, intervalMs } = options;
  return every(intervalMs, async () => {
    const now = Math.floor(Date.now() / 1000);
    try {
      for (const table of tables) await purgeExpired(db, table, now);
    } catch (error) {
      console.error('[ttl] purge failed; trying again on the next tick', error);
    }
  });
}
