/**
 * The latency floor of the console's audit log screen: a bare Node HTTP server doing the same
 * DynamoDB work as GET /api/admin/audit (one BatchGetItem of the session and its owner's record,
 * one Query of the AuditLog index, 50 entries) on the same dynalite, returning the page as JSON:
 * no routing, cookie, validation or middleware. Its own process, so it does not share an event
 * loop with the load generator. Args: <dynamodb endpoint> <table> <port> <session id> <owner id>
 */
import { createServer } from 'node:http';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { AUDIT_LOG_INDEX } from '#shared/audit-log-index.ts';
import { floorClient, readSession } from './floor-client';

const [endpoint, table, port, sessionId, ownerId] = process.argv.slice(2) as [string, string, string, string, string];
const client = floorClient(endpoint);

createServer(async (_req, res) => {
  await readSession(client, table, sessionId, ownerId);
  const { Items = [] } = await client.send(
    new QueryCommand({
      TableName: table,
      IndexName: AUDIT_LOG_INDEX.name,
      KeyConditionExpression: '#log = :audit',
      ExpressionAttributeNames: { '#log': 'log' },
      ExpressionAttributeValues: { ':audit': { S: 'audit' } },
      ScanIndexForward: false,
      Limit: 50,
    }),
  );
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ items: Items.map((item) => unmarshall(item)) }));
}).listen(Number(port), '127.0.0.1', () => console.log('floor listening'));
