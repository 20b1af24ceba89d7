import * as API_SUCCESS from '#shared/constants/api-success.ts';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { confirmSubscription } from '../domain/confirm-subscription';
import { clientAddress } from '../http/client-address';
import { leadTokenPath } from '../http/path-params';
import { siteConversions } from '../http/site-conversions';
import { deliveryPolicyFromEnv } from '../mail/delivery-policy';
import { jsonResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';

const db = createDynamoClient();
const delivery = deliveryPolicyFromEnv();
const countConversion = siteConversions(db);
const stores = {
  leads: { db, table: requireEnv('LEADS_TABLE') },
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
};

/**
 * POST /api/{audience}/confirmations/{token}: the confirmation page's button (double opt-in); the
 * press that subscribes is the site's conversion (../http/site-conversions.ts).
 */
export const handler = httpHandler(async (event) => {
  const confirmer = { ip: clientAddress(event), userAgent: (event.headers?.['user-agent'] ?? '').slice(0, 512) };
  const now = nowSeconds();
  if (await confirmSubscription(stores, leadTokenPath(event), confirmer, { now, delivery })) {
    await countConversion('subscription', event, now);
  }
  return jsonResponse(200, { success: API_SUCCESS.subscriptionConfirmed });
});
