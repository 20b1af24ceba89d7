/**
 * The local stand-ins for AWS services (README.md, "The two commands"), used by `npm start`
 * and the integration tests: dynalite for DynamoDB and aws-ses-v2-local for SES. Port 0 picks
 * a free port, so parallel test runs never collide. Nothing here needs Docker, Java or an AWS
 * account.
 */
import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { TABLES, type TableDefinition } from '../cdk/constructs/table-definitions';
import { recipientsOf, sesEventsFor, tagsOf } from './ses-and-events/ses-events-twin';
import { loopbackRefusal } from './loopback';
import { createTableInput } from './dynamodb/table-input';
import { rebuildTable } from './dynamodb/rebuild-table';

export interface LocalService {
  endpoint: string;
  close: () => Promise<void>;
}

type DynaliteFactory = (options: {
  createTableMs?: number;
  deleteTableMs?: number;
  updateTableMs?: number;
  path?: string;
}) => Server;

const LOOPBACK = '127.0.0.1';

export const listenOn = (server: Server, port: number, name: string): Promise<string> =>
  new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`${name}: port ${port} is already in use. Choose another port or stop the program using it.`)
          : error,
      ),
    );
    server.listen(port, LOOPBACK, () => resolve(`http://${LOOPBACK}:${(server.address() as AddressInfo).port}`));
  });

export const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve, reject) => {
    server.closeAllConnections?.();
    server.close((error) => (error ? reject(error) : resolve()));
  });

/** dynalite in this process; `path` keeps the data (LevelDB) across restarts, else in memory. */
export const startDynalite = async (options: { port?: number; path?: string } = {}): Promise<LocalService> => {
  // dynalite ships no types and is CommonJS; its factory returns a plain http.Server.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const dynalite = require('dynalite') as DynaliteFactory;
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: options.path });
  const endpoint = await listenOn(server, options.port ?? 0, 'DynamoDB (dynalite)');
  return { endpoint, close: () => closeServer(server) };
};

/** A client for the local endpoint; the credentials are placeholders dynalite ignores. */
export const localDynamoClient = (endpoint: string) =>
  createDynamoClient({
    endpoint,
    region: 'ca-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/**
 * An existing table must have the definition's indexes: data kept from before an index was
 * added could not be queried through it, so such a table is rebuilt with its items
 * (rebuild-table.ts), and the start says so.
 */
const ensureIndexes = async (client: DynamoDBClient, table: TableDefinition, TableName: string) => {
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const missing = (table.indexes ?? []).filter((index) => !present.has(index.name)).map((index) => index.name);
  if (missing.length === 0) return;
  const kept = await rebuildTable(client, table, TableName);
  console.log(`The local table ${TableName} gained its index ${missing.join(', ')}; its ${kept} items were kept.`);
};

/**
 * Creates the tables of infra/cdk/constructs/table-definitions.ts (the same the CDK app deploys).
 * Idempotent: an existing table is left as it is, or given the indexes it lacks with its items kept. `nameOf` lets
 * tests use their own names. dynalite has no streams or TTL, so keys and indexes are created here.
 */
export const createTables = async (
  endpoint: string,
  nameOf: (table: TableDefinition) => string = (table) => table.logicalName,
): Promise<Record<string, string>> => {
  const client = localDynamoClient(endpoint);
  const names: Record<string, string> = {};
  try {
    for (const table of TABLES) {
      const TableName = nameOf(table);
      names[table.logicalName] = TableName;
      const create = new CreateTableCommand(createTableInput(table, TableName));
      const created = await client.send(create).catch((error: Error) => {
        if (error.name !== 'ResourceInUseException') throw error;
      });
      if (!created) await ensureIndexes(client, table, TableName);
    }
  } finally {
    client.destroy();
  }
  return names;
};

/** A request's whole body. */
export const readBody = (message: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => resolve(Buffer.concat(chunks)));
    message.on('error', reject);
  });

/** A SendRawEmail call: its raw MIME (the form field `RawMessage.Data`, base64) and its tags. */
const rawEmailOf = (body: Buffer): { raw: string; tags: Record<string, string>; source: string } | undefined => {
  const form = new URLSearchParams(body.toString('utf8'));
  const data = form.get('Action') === 'SendRawEmail' ? form.get('RawMessage.Data') : null;
  if (!data) return undefined;
  return { raw: Buffer.from(data, 'base64').toString('utf8'), tags: tagsOf(form), source: form.get('Source') ?? '' };
};

/** Events a caller may read at once (GET /events?after=N). */
const EVENTS_PAGE = 200;

/**
 * aws-ses-v2-local (in this process) behind a small recording proxy. The emulator's store
 * keeps subject, addresses and bodies but drops custom headers, so the proxy also keeps
 * each SendRawEmail's MIME (GET /raw) to check List-Unsubscribe. For every email the emulator
 * accepts it makes the events SES would publish (ses-events-twin.ts), read in order with
 * GET /events?after=N by the stack's stand-in for SNS (ses-event-relay.ts). Everything else —
 * the inbox page at /, GET /store — passes through unchanged.
 */
export const startSesLocal = async (options: { port?: number } = {}): Promise<LocalService> => {
  const { default: startEmulator } = (await import('aws-ses-v2-local')) as unknown as {
    default: (config: { host: string; port: number }) => Promise<Server>;
  };
  const emulator = await startEmulator({ host: LOOPBACK, port: 0 });
  const emulatorPort = (emulator.address() as AddressInfo).port;
  const rawMessages: { at: number; raw: string }[] = [];
  const events: Record<string, unknown>[] = [];
  // Names this emulator's event list: positions in another run's list mean nothing here.
  const stream = randomUUID();

  const proxy = createServer((incoming, outgoing) => {
    const refusal = loopbackRefusal(incoming);
    if (refusal) {
      outgoing
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: `The local inbox ${refusal}.` }));
      return;
    }
    void (async () => {
      const body = await readBody(incoming);
      const url = new URL(incoming.url ?? '/', 'http://local');
      if (incoming.method === 'GET' && url.pathname === '/raw') {
        outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rawMessages));
        return;
      }
      if (incoming.method === 'GET' && url.pathname === '/events') {
        const after = Math.max(0, Number(url.searchParams.get('after')) || 0);
        const page = events.slice(after, after + EVENTS_PAGE);
        outgoing
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ stream, after, events: page }));
        return;
      }
      const email = incoming.method === 'POST' ? rawEmailOf(body) : undefined;
      if (email) rawMessages.push({ at: Date.now(), raw: email.raw });
      const forwarded = httpRequest(
        { host: LOOPBACK, port: emulatorPort, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          if (email && answer.statusCode === 200) {
            // Read the answer for SES's message id, then pass it on as it came.
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              const xml = Buffer.concat(chunks).toString('utf8');
              const messageId = /<MessageId>([^<]+)<\/MessageId>/.exec(xml)?.[1];
              if (messageId) {
                const accepted = { messageId, ...email, destination: recipientsOf(email.raw), at: new Date() };
                events.push(...sesEventsFor(accepted));
              }
              outgoing.writeHead(200, answer.headers).end(xml);
            });
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', (error) => outgoing.writeHead(502).end(error.message));
      forwarded.end(body);
    })().catch((error: Error) => outgoing.writeHead(500).end(error.message));
  });

  const endpoint = await listenOn(proxy, options.port ?? 0, 'SES (aws-ses-v2-local)');
  return {
    endpoint,
    close: async () => {
      await closeServer(proxy);
      await closeServer(emulator);
    },
  };
};

/** One email as aws-ses-v2-local stores it (GET /store). */
export interface CapturedEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/**
 * A GET of the local inbox, tried again once if the connection failed: fetch reuses a kept-alive
 * connection, and when the event loop stalls (a loaded machine) the server may close it just as
 * the request leaves ("other side closed"). Reading the inbox changes nothing, so a repeat is safe.
 */
const readInbox = async (url: string): Promise<Response> => {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
};

/** Every email the local SES has accepted, oldest first. */
export const readCapturedEmails = async (sesEndpoint: string): Promise<CapturedEmail[]> => {
  const response = await readInbox(`${sesEndpoint}/store`);
  if (!response.ok) throw new Error(`SES local store answered ${response.status}`);
  return ((await response.json()) as { emails: CapturedEmail[] }).emails;
};

/** The raw MIME of every SendRawEmail, oldest first (headers included). */
export const readRawEmails = async (sesEndpoint: string): Promise<string[]> => {
  const response = await readInbox(`${sesEndpoint}/raw`);
  if (!response.ok) throw new Error(`SES local proxy answered ${response.status}`);
  return ((await response.json()) as { raw: string }[]).map((message) => message.raw);
};
