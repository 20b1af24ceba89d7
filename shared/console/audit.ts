/**
 * The console's audit log screen: its route and one entry of the log, for the page
 * (web/src/console/screens/audit/) and the handlers that write and read the log
 * (lambdas/console/kit/audit-log.ts, lambdas/console/audit/audit-routes.ts).
 */
import { route } from '../route-key';
import { CONSOLE_API_BASE } from './common';

/** The audit log's screen: 200 Page<AuditEntry>, newest first, 50 a page (`?cursor=` the page's `next`). */
export const AUDIT_ROUTES = {
  page: /* @__PURE__ */ route('GET', `${CONSOLE_API_BASE}/audit`),
} as const;

/** One entry of the append-only audit log. */
export interface AuditEntry {
  id: string;
  /** Unix seconds. */
  at: number;
  /** The owner who acted, or the address a failed sign-in named. */
  actor: string;
  /** What happened, e.g. `sign-in`, `lead.status`, `person.view`, `person.export`. */
  action: string;
  /** What it was done to: a lead id, a mailbox …; for a sign-in, the passkey's name and the client's network. */
  target?: string;
  /** Plain words for the log's screen, e.g. "new → contacted". */
  summary: string;
}
