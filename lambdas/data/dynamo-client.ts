import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * The DynamoDB client every handler uses. Short timeouts: a slow or unreachable table must
 * turn into a 503 the visitor can retry well before API Gateway's 30 s limit, not a hang.
 * The SDK's own retries (3 attempts, backoff) stay on: every write we make is conditional or
 * idempotent, so repeating one is safe.
 */
export const createDynamoClient = () =>
  new DynamoDBClient({ maxAttempts: 3, requestHandler: { connectionTimeout: 1000, requestTimeout: 3000 } });
