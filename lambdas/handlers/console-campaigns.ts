import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { CAMPAIGN_CONSOLE_ROUTES } from '../console/campaigns/campaign-routes';
import { CAMPAIGN_PUBLISH_ROUTES } from '../console/campaigns/campaign-publish-route';
import { CAMPAIGN_SEND_ROUTES } from '../console/campaigns/campaign-send-routes';
import { signedInHandler } from '../console/kit/signed-in-handler';
import { requireEnv } from '../runtime/env';

const db = createDynamoClient();

/**
 * ANY /api/admin/campaigns/{proxy+}: the console's campaigns screen (shared/console/campaigns.ts).
 * Apart from the other screens because it alone sends email (the owner's test copy) and renders
 * campaigns: the SES client and the renderer stay out of consoleApi.
 */
export const handler = signedInHandler(
  [...CAMPAIGN_CONSOLE_ROUTES, ...CAMPAIGN_SEND_ROUTES, ...CAMPAIGN_PUBLISH_ROUTES],
  {
    console: { db, table: requireEnv('CONSOLE_TABLE') },
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
    campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
  },
);
