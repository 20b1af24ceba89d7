import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** A table and the client to reach it; data functions take this instead of reading globals. */
export interface TableStore {
  db: DynamoDBClient;
  table: string;
}
