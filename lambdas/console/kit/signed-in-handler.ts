import { httpHandler } from '../../http/stack';
import { nowSeconds } from '../../runtime/clock';
import { appendAudit } from './audit-log';
import { requireOwnOrigin, requireSession } from './guards';
import type { ConsoleRequest, ConsoleStores } from './request';
import { answerRoute, type ConsoleRoute } from './router';

/**
 * A console function for signed-in owners (consoleApi, consoleCampaigns): every request needs a
 * live session (else 401, whatever the path), one that changes something must come from the
 * site's own page (403), then the route of the path answers (its body checked first: answerRoute),
 * with the audit log as that owner.
 */
export const signedInHandler = <Stores extends Pick<ConsoleStores, 'console'>>(
  routes: readonly ConsoleRoute<ConsoleRequest<Stores>>[],
  stores: Stores,
) =>
  httpHandler(async (event) => {
    const now = nowSeconds();
    const signedIn = await requireSession(stores.console, event, now);
    requireOwnOrigin(event);
    return answerRoute(routes, event, (parameters) => ({
      event,
      parameters,
      signedIn,
      now,
      stores,
      audit: (entry) => appendAudit(stores.console, { ...entry, actor: signedIn.owner }, now),
    }));
  });
