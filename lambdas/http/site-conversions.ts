import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ConversionKind } from '#shared/console/site.ts';
import { countConversion } from '../domain/visit-counting';
import { daySalts } from '../domain/visitor-day';
import { requireEnv } from '../runtime/env';
import * as log from '../runtime/log';
import { clientAddress } from './client-address';
import type { ApiEvent } from './types';

/**
 * A stored scorecard request or sign-up, or a confirmed subscription, counted as the site's
 * conversion under the requester's visit of the day (lambdas/domain/visit-counting.ts,
 * docs/decisions/0081-privacy-first-analytics.md). After the visitor's own record is safe, and
 * never at its cost: a failure is logged (without the address) and the answer is the same.
 */
export const siteConversions = (db: DynamoDBClient) => {
  const store = { db, table: requireEnv('ANALYTICS_TABLE') };
  const counting = { store, salts: daySalts(store), siteHost: new URL(requireEnv('SITE_URL')).host };
  return async (kind: ConversionKind, event: ApiEvent, now: number): Promise<void> => {
    try {
      await countConversion(counting, kind, {
        address: clientAddress(event),
        userAgent: event.headers?.['user-agent'] ?? '',
        now,
      });
    } catch (error) {
      log.warn('Site conversion not counted', { kind, error });
    }
  };
};
