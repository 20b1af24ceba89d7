/**
 * A test file's own DynamoDB: dynalite in the file's worker, with the tables of
 * infra/cdk/constructs/table-definitions.ts under the names support/env.ts gives the handlers, behind
 * the local stack's fault proxy and fault switch (docs/decisions/0040-local-fault-switch.md).
 * Every DynamoDBClient's calls still pass through the aws-sdk-client-mock of ./dynamo-mock.ts, so
 * a test can count them, but dynalite answers them: the expressions are DynamoDB's, not a copy of
 * them (docs/decisions/0100-tests-against-dynalite.md). Each test starts from empty tables; a
 * file's dynalite is its own, so files run in parallel without seeing each other's items.
 */
import {
  BatchWriteItemCommand,
  DynamoDBClient,
  type DynamoDBClientConfig,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { Agent, request as httpRequest } from 'node:http';
import { createTables, startDynalite, type LocalService } from '#infra/local/services.ts';
import { startFaultProxy } from '#infra/local/faults/fault-proxy.ts';
import { FaultSwitch, type FaultMode } from '#infra/local/faults/fault-switch.ts';
import { dynamo } from './dynamo-mock';

type Item = Record<string, any>;
type Input = Record<string, any>;

interface Failing {
  left: number;
  matches: (command: string, input: Input) => boolean;
  how?: (() => Error) | FaultMode;
}

/** The send every DynamoDBClient had before the mock replaced it (the mock stubs the subclass's own). */
/** The SDK's own send, one command in, its answer out (the mock replaces the client's). */
const realSend = Object.getPrototypeOf(DynamoDBClient.prototype).send as (
  this: DynamoDBClient,
  command: unknown,
) => Promise<unknown>;

/** The tables' names as the handlers read them (support/env.ts): Leads-unit and so on. */
const unitName = (logicalName: string) => `${logicalName}-unit`;

interface WireRequest {
  hostname: string;
  port?: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The headers of a SigV4 signature, fixed. */
const SIGNED = {
  authorization:
    'AWS4-HMAC-SHA256 Credential=unit/20251009/ca-central-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
  'x-amz-date': '20251009T000000Z',
};

/**
 * One HTTP call per request and no timers of its own: the SDK's handler sets timers (socket
 * warnings, deferred listeners) that a test's fake clock would fire or jump to while the call is
 * on the wire, moving the clock a test reads its pacing off.
 */
const timerlessHandler = (agent: Agent) =>
  ({
    handle: (request: WireRequest) =>
      new Promise((resolve, reject) => {
        const { hostname, port, method, path, headers } = request;
        const call = httpRequest({ hostname, port, method, path, headers, agent }, (answer) =>
          resolve({
            response: {
              statusCode: answer.statusCode,
              reason: answer.statusMessage,
              headers: answer.headers,
              body: answer,
            },
          }),
        );
        // A dropped connection (the switch's lose-answer) as this realm's Error, as Lambda's SDK sees it:
        // Node's own is of another realm under Jest, and the SDK would wrap it.
        call.on('error', (error: NodeJS.ErrnoException) =>
          reject(Object.assign(new Error(error.message), { name: error.name, code: error.code })),
        );
        call.end(request.body);
      }),
  }) as unknown as NonNullable<DynamoDBClientConfig['requestHandler']>;

const clientOf = (endpoint: string, agent: Agent) =>
  new DynamoDBClient({
    endpoint,
    region: 'ca-central-1',
    credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' },
    maxAttempts: 1,
    requestHandler: timerlessHandler(agent),
    // dynalite wants a signature's form, not a valid one; signing would read Date.now, which some
    // tests step on each reading.
    signer: {
      sign: async (request: WireRequest) => ({ ...request, headers: { ...request.headers, ...SIGNED } }),
    } as unknown as DynamoDBClientConfig['signer'],
  });

export class OwnTables {
  /**
   * The file's fault switch, in front of its dynalite only: `faults.set({ service: 'dynamodb', calls: 1 })`
   * fails the next call with the 503 ServiceUnavailable DynamoDB answers in an outage.
   */
  readonly faults = new FaultSwitch();
  readonly names = {
    subscribers: unitName('Subscribers'),
    leads: unitName('Leads'),
    campaigns: unitName('Campaigns'),
    console: unitName('Console'),
    analytics: unitName('Analytics'),
    posts: unitName('Posts'),
  };
  private services: LocalService[] = [];
  private failing: Failing[] = [];
  /** Tables written since the last reset: only these are emptied. */
  private dirty = new Set<string>();
  /** Kept-alive connections: a call is two hops (the proxy's, dynalite's) on every test's path. */
  private readonly agent = new Agent({ keepAlive: true });
  /** A fault set or to come sends the handlers' calls through the fault proxy; else they go straight on. */
  private proxied?: DynamoDBClient;
  private direct?: DynamoDBClient;

  async start(): Promise<void> {
    const dynalite = await startDynalite();
    const proxy = await startFaultProxy({ service: 'dynamodb', target: dynalite.endpoint, faults: this.faults });
    this.services = [proxy, dynalite];
    // One attempt per call (clientOf): a handler's retries are its own code's, as with the mock before;
    // the SDK's retries of the handler's client are not under test here.
    this.proxied = clientOf(proxy.endpoint, this.agent);
    this.direct = clientOf(dynalite.endpoint, this.agent);
    this.forward();
    await createTables(dynalite.endpoint, (table) => unitName(table.logicalName));
  }

  /** Every DynamoDBClient's call (the mock records it) goes on to dynalite, through the fault proxy when a fault is due. */
  private forward(): void {
    dynamo.send.callsFake((command: { constructor: { name: string }; input: Input }) => {
      this.touch(command.input);
      const name = command.constructor.name.replace(/Command$/, '');
      const failing = this.failing.find((rule) => rule.left > 0 && rule.matches(name, command.input));
      if (failing) {
        failing.left -= 1;
        if (typeof failing.how === 'function') return Promise.reject(failing.how());
        this.faults.set({ service: 'dynamodb', calls: 1, mode: failing.how });
      }
      const client = this.failing.length > 0 || this.faults.state().dynamodb ? this.proxied : this.direct;
      return realSend.call(client!, command) as Promise<never>;
    });
  }

  /** Notes the tables a call names (one table, a batch's, a transaction's). */
  private touch(input: Input): void {
    const named = [
      input.TableName,
      ...Object.keys(input.RequestItems ?? {}),
      ...(input.TransactItems ?? []).flatMap((item: Input) => Object.values(item).map((action) => action.TableName)),
    ];
    for (const table of named) if (typeof table === 'string') this.dirty.add(table);
  }

  /**
   * The next `times` calls `matches` picks (by command name, 'UpdateItem', and input) fail on the
   * fault switch: with the 503 ServiceUnavailable of an outage, or as `how` says ('lose-answer': the
   * call lands, its answer never comes). `how` may instead make the error itself, where the test
   * needs one the switch does not give (a refused connection, a throttling, a bug).
   */
  failNext(times: number, matches: (command: string, input: Input) => boolean, how?: (() => Error) | FaultMode): void {
    this.failing.push({ left: times, matches, how });
  }

  /** Empty tables, no fault, the mock's calls forgotten and every call forwarded to dynalite. */
  async reset(): Promise<void> {
    this.faults.clear();
    this.failing = [];
    dynamo.reset();
    this.forward();
    const dirty = [...this.dirty];
    this.dirty.clear();
    await Promise.all(dirty.map((table) => this.empty(table)));
  }

  async stop(): Promise<void> {
    this.proxied?.destroy();
    this.direct?.destroy();
    this.agent.destroy();
    await Promise.allSettled(this.services.map((service) => service.close()));
  }

  /** The test's own reads and writes go straight to dynalite: not counted by the mock, never faulted. */
  private send<Output>(command: unknown): Promise<Output> {
    return realSend.call(this.direct!, command) as Promise<Output>;
  }

  private async scan(table: string): Promise<Item[]> {
    const items: Item[] = [];
    let start: Record<string, any> | undefined;
    do {
      const page = await this.send<{ Items?: Item[]; LastEvaluatedKey?: Record<string, any> }>(
        new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  private async empty(table: string): Promise<void> {
    const keys = (await this.scan(table)).map((item) => ({ DeleteRequest: { Key: { id: item.id } } }));
    for (let start = 0; start < keys.length; start += 25)
      await this.send(new BatchWriteItemCommand({ RequestItems: { [table]: keys.slice(start, start + 25) } }));
  }

  /** An item as stored, or undefined. */
  async get(table: string, id: string): Promise<Item | undefined> {
    const { Item } = await this.send<{ Item?: Item }>(
      new GetItemCommand({ TableName: table, Key: marshall({ id }), ConsistentRead: true }),
    );
    return Item && unmarshall(Item);
  }

  /** Items of a table whose id starts with `prefix`, by id. */
  async all(table: string, prefix = ''): Promise<Item[]> {
    return (await this.scan(table))
      .map((item) => unmarshall(item))
      .filter((item) => String(item.id).startsWith(prefix))
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }

  /** Writes an item as it is (one stored by the code, or by an earlier version of it). */
  async put(table: string, item: Item): Promise<void> {
    this.dirty.add(table);
    await this.send(new PutItemCommand({ TableName: table, Item: marshall(item, { removeUndefinedValues: true }) }));
  }
}

/** The file's own tables: started before its tests, emptied before each, stopped after. */
export const ownDynalite = (): OwnTables => {
  const tables = new OwnTables();
  beforeAll(() => tables.start());
  beforeEach(() => tables.reset());
  afterAll(() => tables.stop());
  return tables;
};
