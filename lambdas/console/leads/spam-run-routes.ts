import { LEAD_ROUTES } from '#shared/console/leads.ts';
import { jsonResponse } from '../../http/responses';
import { schemasOnFirstUse } from '../../http/schemas-on-first-use';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';
import { startSpamRun, stepSpamRun } from './spam-runs';

/** The leads screen's schemas, read with yup at the first request with a body to check (schemas-on-first-use.ts). */
const { bodySchema } = schemasOnFirstUse(() => import('#shared/console/leads-schemas.ts'));

/**
 * Marking many leads as spam in one action (./spam-runs.ts): a run begins with its scope, then
 * the page asks for its steps with the same scope until it is done. Like every console route
 * that changes something, both need a session (401) and the site's own Origin (403).
 */
export const SPAM_RUN_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  bodyRoute({
    route: LEAD_ROUTES.spamRuns,
    body: bodySchema((schemas) => schemas.spamRunScopeSchema),
    handle: async (request, body) => jsonResponse(200, await startSpamRun(request, body)),
  }),
  bodyRoute({
    route: LEAD_ROUTES.spamRunStep,
    body: bodySchema((schemas) => schemas.spamRunScopeSchema),
    handle: async (request, scope) => {
      return jsonResponse(200, await stepSpamRun(request, request.parameters.run ?? '', scope));
    },
  }),
];
