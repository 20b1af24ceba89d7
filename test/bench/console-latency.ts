/**
 * The console API's latency against its bare DynamoDB floor (issue 19: p50 ≤ 1.3×): a signed-in
 * owner's GET of the audit log through the local stack (cookie, session check, routing,
 * validation, middleware) against console-floor-server.ts, which does only the same DynamoDB
 * work (the session and owner read, the index Query) on the same dynalite.
 */
import { CONSOLE_API_BASE, SESSION_COOKIE } from '#shared/console/common.ts';
import { CONSOLE_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { LOCAL_CONSOLE_OWNER } from '#infra/local/local-config.ts';
import { sessionItemIds } from '#lambdas/console/sign-in/sessions.ts';
import { signInOverHttp } from '../support/console-sign-in-over-http';
import { loadInTurns, startFloorServer, type LatencyResult } from './api-latency';

interface Stack {
  baseUrl: string;
  inboxUrl: string;
  functionsDynamoUrl: string;
}

/** The floor and the console in turns (loadInTurns); [floor, console]. */
export async function measureConsoleLatency(stack: Stack): Promise<[LatencyResult, LatencyResult]> {
  const token = await signInOverHttp(stack, LOCAL_CONSOLE_OWNER);
  // The session item and its owner's record, as the route reads them.
  const ids = sessionItemIds(token)!;
  const floorPort = 40000 + Math.floor(Math.random() * 20000);
  const stopFloor = await startFloorServer('console-floor-server.ts', [
    stack.functionsDynamoUrl,
    CONSOLE_TABLE.logicalName,
    String(floorPort),
    ids.session,
    ids.owner,
  ]);
  try {
    const floorUrl = `http://127.0.0.1:${floorPort}/`;
    const auditUrl = new URL(`${CONSOLE_API_BASE}/audit`, stack.baseUrl).href;
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    return await loadInTurns(
      { name: 'Floor: bare Node + session BatchGetItem + audit Query', url: floorUrl },
      { name: 'GET console audit log', url: auditUrl, headers },
    );
  } finally {
    stopFloor();
  }
}
