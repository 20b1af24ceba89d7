import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

/**
 * dynalite has no DynamoDB Streams, so the local stack finds leads whose mail is still
 * pending and hands them to the same mailer handler as stream INSERT records. The mailer is
 * idempotent per email part, so seeing a lead again after a failure only retries what failed.
 */
export function startStreamPoller(options: {
  client: DynamoDBClient;
  tableName: string;
  mailer: StreamHandler;
  intervalMs?: number;
}) {
  const { client, tableName, mailer, intervalMs = 500 } = options;
  let running = false;
  let sequence = 0;

  async function pendingLeads(): Promise<Record<string, AttributeValue>[]> {
    const items: Record<string, AttributeValue>[] = [];
    let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: '#kind = :lead AND #status = :pending',
          ExpressionAttributeNames: { '#kind': 'kind', '#status': 'mailStatus' },
          ExpressionAttributeValues: { ':lead': { S: 'lead' }, ':pending': { S: 'pending' } },
          ExclusiveStartKey,
        }),
      );
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  async function tick() {
    if (running) return;
    running = true;
    try {
      const leads = await pendingLeads();
      if (leads.length === 0) return;
      const event: DynamoDBStreamEvent = {
        Records: leads.map((item) => ({
          eventID: `local-${++sequence}`,
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          awsRegion: process.env.AWS_REGION,
          dynamodb: {
            Keys: { id: item.id } as never,
            NewImage: item as never,
            SequenceNumber: String(sequence),
            StreamViewType: 'NEW_IMAGE',
          },
        })),
      };
      const result = await mailer(event);
      const failed = result?.batchItemFailures?.length ?? 0;
      if (failed) console.warn(`[mailer] ${failed} lead(s) failed; retrying on the next poll`);
    } catch (error) {
      console.error('[mailer] poll failed', error);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(tick, intervalMs);
  return { stop: () => clearInterval(timer), tick };
}
