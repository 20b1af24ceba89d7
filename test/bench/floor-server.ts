/**
 * The latency floor for GET subscriber: a bare Node HTTP server that does the same DynamoDB
 * GetItem on the same dynalite and returns the item as JSON — no routing, validation or
 * middleware. Run as its own process so it does not share an event loop with the load generator.
 * Args: <dynamodb endpoint> <table> <port>
 */
import { createServer } from 'node:http';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { floorClient } from './floor-client';

const [endpoint, table, port] = process.argv.slice(2) as [string, string, string];
const client = floorClient(endpoint);

createServer(async (req, res) => {
  const id = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
  const { Item } = await client.send(new GetItemCommand({ TableName: table, Key: { id: { S: id } } }));
  res.writeHead(Item ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(Item ? [unmarshall(Item)] : { message: 'not found' }));
}).listen(Number(port), '127.0.0.1', () => console.log('floor listening'));
