import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { CONSOLE_ROUTES } from '../console/console-routes';
import { signedInHandler } from '../console/kit/signed-in-handler';
import { requireEnv } from '../runtime/env';

const db = createDynamoClient();

/** ANY /api/admin/{proxy+}: the console's screens but the campaigns (console-campaigns.ts). */
export const handler = signedInHandler(CONSOLE_ROUTES, {
  console: { db, table: requireEnv('CONSOLE_TABLE') },
  leads: { db, table: requireEnv('LEADS_TABLE') },
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
  analytics: { db, table: requireEnv('ANALYTICS_TABLE') },
});
