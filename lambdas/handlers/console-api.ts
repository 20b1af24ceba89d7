import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { appendAudit } from '../console/audit-log';
import { requireOwnOrigin, requireSession } from '../console/console-guards';
import type { ConsoleStores } from '../console/console-request';
import { CONSOLE_ROUTES } from '../console/console-routes';
import { matchConsoleRoute } from '../console/console-router';
import { httpHandler } from '../http/stack';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';

const db = createDynamoClient();
const stores: ConsoleStores = {
  console: { db, table: requireEnv('CONSOLE_TABLE') },
  leads: { db, table: requireEnv('LEADS_TABLE') },
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
};

/**
 * ANY /api/admin/{proxy+}: the console's screens. Every request needs a live session (else 401,
 * whatever the path), and one that changes something must come from the site's own page (403).
 */
export const handler = httpHandler(async (event) => {
  const now = nowSeconds();
  const signedIn = await requireSession(stores.console, event, now);
  requireOwnOrigin(event);
  const { route, parameters } = matchConsoleRoute(CONSOLE_ROUTES, event);
  return route.handle({
    event,
    parameters,
    signedIn,
    now,
    stores,
    audit: (entry) => appendAudit(stores.console, { ...entry, actor: signedIn.owner }, now),
  });
});
