import { AUDIT_ROUTES, type AuditEntry } from '#shared/console/audit.ts';
import type { Page } from '#shared/console/common.ts';
import { consoleRequest } from '../../client/console-client';

/** The audit log's route (lambdas/console/audit/audit-routes.ts): newest first, 50 a page. */
export const AUDIT_ROUTE = AUDIT_ROUTES.page;

/** One page of the log: the first without a cursor, the next with the previous page's `next`. */
export const auditPage = (cursor: string | undefined, signal?: AbortSignal) =>
  consoleRequest<Page<AuditEntry>>(AUDIT_ROUTE, { query: { cursor }, signal });
