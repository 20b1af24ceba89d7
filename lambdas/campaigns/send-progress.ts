import {
  UNSUBSCRIBED_WITHOUT_REASON,
  type SendProgress,
  type SendResults,
  type UnsubscribeReasonCount,
} from '#shared/console/campaigns.ts';
import { UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import {
  INELIGIBLE_COUNTER,
  NO_REASON_COUNTER,
  outcomeCounter,
  reasonCounter,
  SEND_COUNTERS,
  UNSUBSCRIBED,
} from '../data/campaign-counts';
import type { CampaignItem } from '../data/campaign-item';

const RESULT_OUTCOMES: Record<keyof SendResults, string> = {
  delivered: 'delivered',
  bounced: 'bounced',
  softBounced: 'soft-bounced',
  complained: 'complained',
  rejected: 'rejected',
  unsubscribed: UNSUBSCRIBED,
};
/** Both audiences' pages offer the same reasons (in another order): one label per key. */
const REASON_LABELS = new Map(UNSUBSCRIBE_REASONS.candidate.map((reason) => [reason.key, reason.label]));

/** The reasons counted on the campaign, most given first, then those who gave none; none counted, none listed. */
const unsubscribeReasons = (count: (name: string) => number): UnsubscribeReasonCount[] => [
  ...[...REASON_LABELS]
    .map(([reason, label]) => ({ reason, label, count: count(reasonCounter(reason)) }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count),
  ...[{ reason: 'none', label: UNSUBSCRIBED_WITHOUT_REASON, count: count(NO_REASON_COUNTER) }].filter(
    (entry) => entry.count > 0,
  ),
];
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
    ...(item.confirmed !== undefined && { confirmed: item.confirmed }),
    queued: item.queued,
    sent,
    inDoubt,
    failed,
    ineligible,
    left: Math.max(0, item.queued - sent - inDoubt - failed - ineligible),
    results: resultsFrom((outcome) => count(outcomeCounter(outcome))),
    unsubscribeReasons: unsubscribeReasons(count),
    perDay: [...days.keys()]
      .sort()
      .map((day) => ({ day, ...resultsFrom((outcome) => Math.max(0, days.get(day)![outcome] ?? 0)) })),
  };
};
