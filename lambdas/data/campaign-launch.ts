import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { campaignId, type CampaignContent, type CampaignItem, type SendState } from './campaign-item';
import { getItem, putIfAbsent, takeItem, updateItem } from './items';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

/**
 * Freezes the content for a send at `launchAt`: the campaign item, written once (a campaign is
 * sent once). False when the slug has one already (sent, or scheduled by another owner).
 */
export const scheduleCampaign = (
  store: TableStore,
  content: CampaignContent,
  launchAt: number,
  owner: string,
  now: number,
): Promise<boolean> =>
  putIfAbsent<CampaignItem>(store, {
    id: campaignId(content.slug),
    kind: 'campaign',
    ...content,
    sendState: 'scheduled',
    launchAt,
    scheduledBy: owner,
    queued: 0,
    lastQueuedAt: 0,
    runs: 0,
    expiresAt: now + RETENTION_SECONDS,
  });

/** Takes back a send that has not started; the item as it was, or undefined when it had started (or is none). */
export const cancelScheduled = (store: TableStore, slug: string) =>
  takeItem<CampaignItem>(
    store,
    campaignId(slug),
    '#sendState = :scheduled',
    { ':scheduled': 'scheduled' },
    {
      '#sendState': 'sendState',
    },
  );

/**
 * Moves the send from one of `from` to `to`; the item as it is now, or undefined when it was in
 * none of them. The launcher's claim (scheduled -> launching) is won by one caller only.
 */
export const moveSendState = (
  store: TableStore,
  slug: string,
  from: SendState[],
  to: SendState,
): Promise<CampaignItem | undefined> =>
  updateItem<CampaignItem>(store, campaignId(slug), {
    ...setAttributes(
      { sendState: to },
      { values: Object.fromEntries(from.map((state, index) => [`:from${index}`, state])) },
    ),
    ConditionExpression: `#sendState IN (${from.map((_, index) => `:from${index}`).join(', ')})`,
    ReturnValues: 'ALL_NEW',
  });

/** The send's state alone (a strongly consistent read of one attribute), read before each email. */
export const sendStateOf = async (store: TableStore, slug: string): Promise<SendState | undefined> => {
  const item = await getItem<Pick<CampaignItem, 'sendState' | 'kind'>>(store, campaignId(slug), ['sendState', 'kind']);
  return item?.kind === 'campaign' ? (item.sendState ?? 'sending') : undefined;
};
