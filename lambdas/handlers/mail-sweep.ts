import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { dueLeadIds } from '../data/lead-mail-state';
import { deliverLeadMail } from '../mail/deliver-lead-mail';
import { mailerDepsFromEnv } from '../mail/mailer-deps';
import { nowSeconds } from '../runtime/clock';
import * as log from '../runtime/log';

const deps = mailerDepsFromEnv();

/** Leads read per run; a run stops early when its time runs short, and the next run goes on. */
const BATCH = 25;
/** Time kept back for one more lead's attempt (two sends and their records). */
const RESERVE_MS = 35_000;

export interface SweepResult {
  due: number;
  settled: number;
  retry: number;
  busy: number;
  errors: number;
}

/**
 * Every minute (EventBridge; every half second in the local stack): the leads whose next
 * delivery attempt is due, from the MailDue index, each attempted once. This is the retry path
 * that outlasts an SES outage (docs/decisions/0001-lead-delivery.md).
 */
export const handler = middy(async (_event: unknown, context: Context): Promise<SweepResult> => {
  const result: SweepResult = { due: 0, settled: 0, retry: 0, busy: 0, errors: 0 };
  const ids = await dueLeadIds(deps.leads, nowSeconds(), BATCH);
  result.due = ids.length;
  for (const leadId of ids) {
    if (context.getRemainingTimeInMillis() < RESERVE_MS) break;
    try {
      result[await deliverLeadMail(deps, leadId, nowSeconds())] += 1;
    } catch (error) {
      result.errors += 1;
      log.error('Lead mail attempt not recorded; the next sweep retries', { leadId, error });
    }
  }
  return result;
});
