import type { CreateTableCommandInput, GlobalSecondaryIndex } from '@aws-sdk/client-dynamodb';
import type { IndexDefinition, TableDefinition } from '../../cdk/constructs/table-definitions';

const globalIndex = (index: IndexDefinition): GlobalSecondaryIndex => ({
  IndexName: index.name,
  KeySchema: [
    { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
    { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
  ],
  Projection: { ProjectionType: index.projection ?? 'KEYS_ONLY' },
});

/** CreateTable for a shared table definition, with its indexes, as the CDK data construct creates it. */
export const createTableInput = (table: TableDefinition, TableName: string): CreateTableCommandInput => {
  const indexes = table.indexes ?? [];
  const attributes = new Map<string, 'S' | 'N'>([[table.partitionKey.name, table.partitionKey.type]]);
  for (const index of indexes) {
    attributes.set(index.partitionKey.name, index.partitionKey.type);
    attributes.set(index.sortKey.name, index.sortKey.type);
  }
  return {
    TableName,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: table.partitionKey.name, KeyType: 'HASH' }],
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    GlobalSecondaryIndexes: indexes.length > 0 ? indexes.map(globalIndex) : undefined,
  };
};
