import { CreateTableCommand, DescribeTableCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { LEADS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { LEADS_BY_TIME_INDEX } from '#shared/leads-by-time-index.ts';
import { createTables, localDynamoClient, startDynalite, type LocalService } from '#infra/local/services.ts';

let dynamo: LocalService;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(() => dynamo.close());

describe('the local tables', () => {
  it('are created with their indexes, and a second start leaves them as they are', async () => {
    const names = await createTables(dynamo.endpoint, (table) => `${table.logicalName}-fresh`);

    await expect(createTables(dynamo.endpoint, (table) => `${table.logicalName}-fresh`)).resolves.toEqual(names);
  });

  it('give a table kept from before its indexes existed those indexes, keeping every item', async () => {
    // Prepare: a leads table as an earlier version made it (no index), with items in it.
    const client = localDynamoClient(dynamo.endpoint);
    await client.send(
      new CreateTableCommand({
        TableName: 'Leads-old',
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      }),
    );
    const items = Array.from({ length: 60 }, (_, index) => ({
      id: { S: `lead#${index}` },
      kind: { S: 'lead' },
      createdAt: { N: String(1_700_000_000 + index) },
    }));
    for (const Item of items) await client.send(new PutItemCommand({ TableName: 'Leads-old', Item }));
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);

    // Act
    await createTables(dynamo.endpoint, (table) => `${table.logicalName}-old`);

    // Assess: the index is there and serves the kept items; the start said what it did.
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'Leads-old' }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(
      LEADS_TABLE.indexes!.map((index) => index.name).sort(),
    );
    const { Count } = await client.send(
      new QueryCommand({
        TableName: 'Leads-old',
        IndexName: LEADS_BY_TIME_INDEX.name,
        KeyConditionExpression: 'kind = :lead',
        ExpressionAttributeValues: { ':lead': { S: 'lead' } },
      }),
    );
    expect(Count).toBe(60);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^The local table Leads-old gained its index .*; its 60 items were kept\.$/),
    );
    log.mockRestore();
    client.destroy();
  });
});
