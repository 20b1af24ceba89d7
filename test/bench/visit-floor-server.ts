/**
 * The latency floor of the visit beacon (POST /api/visits): a bare Node HTTP server that drains the
 * request and does one DynamoDB UpdateItem (a counter on an item of the analytics table) on the same
 * dynalite, answering 204: no routing, parsing, bot check, hashing or middleware. Its own process,
 * so it does not share an event loop with the load generator. Args: <dynamodb endpoint> <table> <port>
 */
import { createServer } from 'node:http';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { floorClient } from './floor-client';

const [endpoint, table, port] = process.argv.slice(2) as [string, string, string];
const client = floorClient(endpoint);
let count = 0;

createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    count += 1;
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: { id: { S: `floor#${count % 40}` } },
        UpdateExpression: 'ADD #views :one',
        ExpressionAttributeNames: { '#views': 'views' },
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }),
    );
    res.writeHead(204).end();
  });
}).listen(Number(port), '127.0.0.1', () => console.log('floor listening'));
