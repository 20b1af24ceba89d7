/**
 * `npm start` deletes expired items as DynamoDB's TTL does (dynalite has none:
 * infra/local/dynamodb/ttl-purge.ts), in every table, by the TTL attribute of the tables' definitions.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { TABLES } from '#infra/cdk/constructs/table-definitions.ts';
import { localDynamoClient } from '#infra/local/services.ts';
import { reuseBuildIfPresent, startLocalStack } from '../../support/local-stack';
import { stackPerFile } from '../../support/stack-per-file';

jest.setTimeout(120_000);

const PURGE_SECONDS = 0.5;

describe('npm start: the local stand-in for DynamoDB TTL', () => {
  const stack = stackPerFile(() =>
    startLocalStack(reuseBuildIfPresent(), { env: { TTL_PURGE_SECONDS: String(PURGE_SECONDS) } }),
  );

  it('says how often it purges', () => {
    expect(stack().output().stdout).toContain(`Expired items  deleted every ${PURGE_SECONDS} s`);
  });

  it('deletes an item whose TTL has passed and keeps one whose TTL is to come, in every table', async () => {
    // Prepare
    const db = localDynamoClient(stack().dynamoUrl);
    const now = Math.floor(Date.now() / 1000);
    const item = (table: (typeof TABLES)[number], id: string, expiresAt: number) =>
      new PutItemCommand({
        TableName: table.logicalName,
        Item: { [table.partitionKey.name]: { S: id }, [table.timeToLiveAttribute]: { N: String(expiresAt) } },
      });
    const stored = async (table: (typeof TABLES)[number], id: string) =>
      (
        await db.send(
          new GetItemCommand({ TableName: table.logicalName, Key: { [table.partitionKey.name]: { S: id } } }),
        )
      ).Item !== undefined;

    try {
      // Act
      for (const table of TABLES) {
        await db.send(item(table, 'ttl-test#expired', now - 60));
        await db.send(item(table, 'ttl-test#current', now + 3600));
      }

      // Assess
      const deadline = Date.now() + 20_000;
      for (const table of TABLES) {
        while (await stored(table, 'ttl-test#expired')) {
          if (Date.now() > deadline) throw new Error(`The expired item of ${table.logicalName} was never deleted`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await stored(table, 'ttl-test#current')).toBe(true);
      }
    } finally {
      db.destroy();
    }
  });
});
