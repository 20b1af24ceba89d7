import { CONSOLE_API_BASE } from '#shared/console-api.ts';
import { jsonResponse } from '../http/responses';
import { auditPage } from './audit-log';
import type { ConsoleRoute } from './console-router';
import type { ConsoleRequest } from './console-request';

/** The audit log's screen: the log, newest first, 50 entries a page (`?cursor=` the page's `next`). */
export const AUDIT_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  {
    routeKey: `GET ${CONSOLE_API_BASE}/audit`,
    handle: async ({ event, stores }) =>
      jsonResponse(200, await auditPage(stores.console, event.queryStringParameters?.cursor)),
  },
];
