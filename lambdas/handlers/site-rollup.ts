import { rollUpFinishedDays, type DayRollUp } from '../domain/site-rollup';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';

const store = { db: createDynamoClient(), table: requireEnv('ANALYTICS_TABLE') };

/**
 * Every hour (EventBridge; every few seconds in the local stack): each finished firm day's visits
 * summed, then its raw records and its salt deleted (docs/decisions/0081-privacy-first-analytics.md).
 * A failed run throws (the function's error alarm); the next run does the same days again.
 */
export const handler = async (): Promise<DayRollUp[]> => rollUpFinishedDays(store, nowSeconds());
