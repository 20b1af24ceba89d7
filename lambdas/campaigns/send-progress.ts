import type { SendProgress, SendResults } from '#shared/console-campaigns.ts';
import { INELIGIBLE_COUNTER, outcomeCounter, SEND_COUNTERS } from '../data/campaign-counts';
import type { CampaignItem } from '../data/campaign-item';

const RESULT_OUTCOMES: Record<keyof SendResults, string> = {
  delivered: 'delivered',
  bounced: 'bounced',
  softBounced: 'soft-bounced',
  complained: 'complained',
  rejected: 'rejected',
};
const DAY_COUNTER = /^day_(\d{4}-\d\d-\d\d)_(.+)$/;

/**
 * A send's progress and results from its campaign item's counters (data/campaign-counts.ts):
 * the console's progress and `npm run campaign -- status` both read this, one GetItem.
 */
export const sendProgress = (item: CampaignItem): SendProgress => {
  const raw = item as unknown as Record<string, unknown>;
  const count = (name: string) => Math.max(0, Number(raw[name] ?? 0));
  const resultsFrom = (counter: (outcome: string) => number): SendResults =>
    Object.fromEntries(
      Object.entries(RESULT_OUTCOMES).map(([key, outcome]) => [key, counter(outcome)]),
    ) as unknown as SendResults;
  const days = new Map<string, Record<string, number>>();
  for (const [name, value] of Object.entries(raw)) {
    const match = DAY_COUNTER.exec(name);
    if (match) days.set(match[1]!, { ...days.get(match[1]!), [match[2]!]: Number(value) });
  }
  const [sent, inDoubt, failed, ineligible] = [
    count(SEND_COUNTERS.sent),
    count(SEND_COUNTERS.uncertain),
    count(SEND_COUNTERS.failed),
    count(INELIGIBLE_COUNTER),
  ];
  return {
    slug: item.slug,
    state: item.sendState ?? 'sending',
    ...(item.launchAt !== undefined && { launchAt: item.launchAt }),
    ...(item.startedAt !== undefined && { startedAt: item.startedAt }),
    queued: item.queued,
    sent,
    inDoubt,
    failed,
    ineligible,
    left: Math.max(0, item.queued - sent - inDoubt - failed - ineligible),
    results: resultsFrom((outcome) => count(outcomeCounter(outcome))),
    perDay: [...days.keys()]
      .sort()
      .map((day) => ({ day, ...resultsFrom((outcome) => Math.max(0, days.get(day)![outcome] ?? 0)) })),
  };
};
