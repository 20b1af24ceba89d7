import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
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

  it('refuse data kept from before an index existed, saying what to do', async () => {
    const client = localDynamoClient(dynamo.endpoint);
    await client.send(
      new CreateTableCommand({
        TableName: 'Leads-old',
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      }),
    );
    client.destroy();

    await expect(createTables(dynamo.endpoint, (table) => `${table.logicalName}-old`)).rejects.toThrow(
      'The local table Leads-old predates its index MailDue. Delete the local data (.local/, or the LOCAL_DATA_DIR you set) and start again.',
    );
  });
});
