/**
 * The latency floor of the console's campaign preview: a bare Node HTTP server doing the same
 * DynamoDB work as POST /api/admin/campaigns/preview (one BatchGetItem of the session and its
 * owner's record, then the paged Scan of every subscriber the preview reads to find a recipient:
 * lambdas/data/subscriber-list.ts) on the same dynalite, answering their count: no routing,
 * cookie, validation, Markdown or email rendering. Its own process, so it does not share an
 * event loop with the caller.
 * Args: <dynamodb endpoint> <console table> <subscribers table> <port> <session id> <owner id>
 */
import { createServer } from 'node:http';
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { floorClient, readSession } from './floor-client';

const [endpoint, consoleTable, subscribersTable, port, sessionId, ownerId] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const client = floorClient(endpoint);

createServer(async (_req, res) => {
  await readSession(client, consoleTable, sessionId, ownerId);
  let subscribers = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: subscribersTable,
        FilterExpression: '#kind = :subscriber',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':subscriber': { S: 'subscriber' } },
        ExclusiveStartKey: startKey,
      }),
    );
    subscribers += (page.Items ?? []).map((item) => unmarshall(item)).length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ subscribers }));
}).listen(Number(port), '127.0.0.1', () => console.log('floor listening'));
