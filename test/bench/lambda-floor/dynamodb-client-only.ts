/**
 * The cold-start floor of our Lambda handlers (test/bench/lambda-bundles.ts): a bundle that only
 * constructs the DynamoDB client, built with the same options as the handlers. Every handler
 * needs at least this much of the AWS SDK; what a handler loads above it is our own code.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export const client = new DynamoDBClient({});
