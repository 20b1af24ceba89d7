import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  paginateScan,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { TableDefinition } from '../../cdk/constructs/table-definitions';
import { createTableInput } from './table-input';

const BATCH = 25;

/**
 * Gives a local table kept from an earlier version the indexes its definition has now, keeping
 * every item: dynalite cannot add an index to a table (in AWS, CloudFormation adds it in place),
 * so the table is read whole, made again from its definition and written back. Local data is a
 * developer's test data, small enough to hold in memory for the second it takes.
 */
export async function rebuildTable(client: DynamoDBClient, table: TableDefinition, TableName: string): Promise<number> {
  const items: Record<string, AttributeValue>[] = [];
  for await (const page of paginateScan({ client }, { TableName, ConsistentRead: true }))
    items.push(...(page.Items ?? []));
  await client.send(new DeleteTableCommand({ TableName }));
  await client.send(new CreateTableCommand(createTableInput(table, TableName)));
  for (let start = 0; start < items.length; start += BATCH) {
    let requests = items.slice(start, start + BATCH).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [TableName]: requests } }),
      );
      requests = (UnprocessedItems?.[TableName] ?? []).flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
      );
    }
  }
  return items.length;
}
