import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { jsonResponse } from '../../http/responses';
import { auditPage } from '../kit/audit-log';
import type { ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';

/** The audit log's screen: the log, newest first, 50 entries a page (`?cursor=` the page's `next`). */
export const AUDIT_CONSOLE_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  {
    route: AUDIT_ROUTES.page,
    handle: async ({ event, stores }) =>
      jsonResponse(200, await auditPage(stores.console, event.queryStringParameters?.cursor)),
  },
];
