/**
 * The visit beacon's latency against a bare DynamoDB write (issue 32: p50 ≤ 1.3×): POST /api/visits
 * through the local stack (the edge's headers, the authorizer, the function: its bot check, the
 * sitemap's pages, the salted hash and its one UpdateItem) against visit-floor-server.ts, which does
 * one UpdateItem on the same dynalite. The beacons come from one address (the bench's) in a rotation
 * of 40 browsers, on a stack whose visit bounds are lifted (LIMITS_LIFTED: every beacon comes from
 * one address, which would otherwise be over its bounds and cost no write at all): a browser's first
 * view of the day writes twice, every later one once, as most views do on the site.
 */
import { ANALYTICS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { apiPath } from '#shared/paths.ts';
import type { BudgetLine } from './report';
import { loadInTurns, startFloorServer, type LatencyResult } from './api-latency';

interface Stack {
  baseUrl: string;
  functionsDynamoUrl: string;
}

/** The p50 budget of the beacon against its floor. */
export const VISIT_P50_BUDGET = 1.3;

const BROWSERS = 40;
const userAgentOf = (index: number) => ({
  'user-agent': `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${index % BROWSERS}.0 Safari/537.36`,
});

/** The floor and the beacon in turns (loadInTurns); [floor, beacon]. */
export async function measureVisitLatency(stack: Stack): Promise<[LatencyResult, LatencyResult]> {
  const floorPort = 40000 + Math.floor(Math.random() * 20000);
  const stopFloor = await startFloorServer('visit-floor-server.ts', [
    stack.functionsDynamoUrl,
    ANALYTICS_TABLE.logicalName,
    String(floorPort),
  ]);
  const beacon = JSON.stringify({ path: '/', referrer: 'www.linkedin.com' });
  try {
    return await loadInTurns(
      {
        name: 'Floor: bare Node + UpdateItem',
        url: `http://127.0.0.1:${floorPort}/`,
        method: 'POST',
        body: () => beacon,
      },
      {
        name: 'POST visit beacon',
        url: new URL(apiPath('collectVisit'), stack.baseUrl).href,
        method: 'POST',
        body: () => beacon,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        headersOf: userAgentOf,
      },
    );
  } finally {
    stopFloor();
  }
}

/** The budget line of a measurement. */
export const visitLatencyBudget = ([floor, beacon]: [LatencyResult, LatencyResult]): BudgetLine => ({
  what: 'API visit beacon (POST /api/visits) p50 vs a bare DynamoDB write',
  measured: `${beacon.p50Ms} ms vs ${floor.p50Ms} ms = ${(beacon.p50Ms / Math.max(floor.p50Ms, 0.001)).toFixed(2)}×`,
  budget: `≤ ${VISIT_P50_BUDGET}×`,
  ok: beacon.p50Ms <= VISIT_P50_BUDGET * floor.p50Ms,
});
