import { CONSOLE_API_BASE } from '#shared/console/common.ts';
import { jsonResponse } from '../../http/responses';
import { auditPage } from '../kit/audit-log';
import type { ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';

/** The audit log's screen: the log, newest first, 50 entries a page (`?cursor=` the page's `next`). */
export const AUDIT_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  {
    routeKey: `GET ${CONSOLE_API_BASE}/audit`,
    handle: async ({ event, stores }) =>
      jsonResponse(200, await auditPage(stores.console, event.queryStringParameters?.cursor)),
  },
];
