import { CONSOLE_API_BASE, type AuditEntry, type Page } from '#shared/console-api.ts';
import { consoleRequest } from '../../console-api';

/** The audit log's route (lambdas/console/audit-routes.ts): newest first, 50 a page. */
export const AUDIT_ROUTE = `GET ${CONSOLE_API_BASE}/audit`;

/** One page of the log: the first without a cursor, the next with the previous page's `next`. */
export const auditPage = (cursor: string | undefined, signal?: AbortSignal) =>
  consoleRequest<Page<AuditEntry>>(AUDIT_ROUTE, { query: { cursor }, signal });
