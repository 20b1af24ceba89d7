import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { AUDIT_CONSOLE_ROUTES } from '../console/audit/audit-routes';
import { signedInHandler } from '../console/kit/signed-in-handler';
import { LEAD_CONSOLE_ROUTES } from '../console/leads/lead-routes';
import { PERSON_ROUTES } from '../console/people/person-routes';
import { PASSKEY_ROUTES } from '../console/security/passkey-routes';
import { SITE_CONSOLE_ROUTES } from '../console/site/site-routes';
import { SUBSCRIBER_LIST_ROUTES } from '../console/subscribers/subscriber-routes';
import { requireEnv } from '../runtime/env';

const db = createDynamoClient();

/**
 * ANY /api/admin/{proxy+} (the consoleApi function): the console's screens but the campaigns
 * (console-campaigns.ts) and the posts (console-posts.ts), one list of routes per screen, each
 * from its slice under lambdas/console/<screen>/. A new screen served here is one entry below.
 */
export const handler = signedInHandler(
  [
    ...AUDIT_CONSOLE_ROUTES,
    ...LEAD_CONSOLE_ROUTES,
    ...PERSON_ROUTES,
    ...PASSKEY_ROUTES,
    ...SUBSCRIBER_LIST_ROUTES,
    ...SITE_CONSOLE_ROUTES,
  ],
  {
    console: { db, table: requireEnv('CONSOLE_TABLE') },
    leads: { db, table: requireEnv('LEADS_TABLE') },
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
    campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
    analytics: { db, table: requireEnv('ANALYTICS_TABLE') },
  },
);
