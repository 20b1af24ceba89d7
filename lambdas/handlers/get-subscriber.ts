import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { readSubscriberView } from '../domain/subscriber-view';
import { subscriberLinkPath } from '../http/path-params';
import { jsonResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import { requireEnv } from '../runtime/env';

const subscribers = { db: createDynamoClient(), table: requireEnv('SUBSCRIBERS_TABLE') };

/** GET /api/{audience}/subscribers/{id}: reads only (mail scanners follow links); `{id}` is either link's token. */
export const handler = httpHandler(async (event) =>
  jsonResponse(200, await readSubscriberView(subscribers, subscriberLinkPath(event))),
);
