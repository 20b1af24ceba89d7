/**
 * What the latency floors (floor-server.ts, console-floor-server.ts,
 * campaign-preview-floor-server.ts) share: a bare DynamoDB client of the endpoint the twin's
 * functions call (its fault proxy in front of dynalite: RunningStack.functionsDynamoUrl), so a
 * floor pays the same hop to DynamoDB as the route it is compared with; and the console's
 * session check as one BatchGetItem of the session and its owner's record (their ids from
 * sessionItemIds in lambdas/console/sign-in/sessions.ts, passed by the bench).
 */
import { BatchGetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';

export const floorClient = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: 'ca-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

export const readSession = (client: DynamoDBClient, table: string, sessionId: string, ownerId: string) =>
  client.send(
    new BatchGetItemCommand({
      RequestItems: { [table]: { Keys: [{ id: { S: sessionId } }, { id: { S: ownerId } }], ConsistentRead: true } },
    }),
  );
