import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { unsubscribeOneClick } from '../domain/subscriber-consent';
import { oneClickBody } from '../http/one-click-body';
import { subscriberLinkPath } from '../http/path-params';
import { emptyResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import { requireEnv } from '../runtime/env';
import { nowSeconds } from '../runtime/clock';

const db = createDynamoClient();
const stores = {
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  // Only the "unsubscribed since" counters of the campaigns that reached the person.
  campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
};

/**
 * POST /api/{audience}/subscribers/{id}/one-click: RFC 8058, with the unsubscribe link's token;
 * answered 200 with no body.
 */
export const handler = httpHandler(async (event) => {
  await unsubscribeOneClick(stores, subscriberLinkPath(event), nowSeconds());
  return emptyResponse(200);
}, oneClickBody());
