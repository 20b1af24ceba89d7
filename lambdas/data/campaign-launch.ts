import { randomBytes } from 'node:crypto';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { storeCampaignBody } from './campaign-body';
import type { SendState } from '#shared/console/campaigns.ts';
import { campaignId, type CampaignContent, type CampaignItem } from './campaign-item';
import { getItem, putIfAbsent, takeItem, updateItem } from './items';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

/**
 * Freezes the content for a send at `launchAt` that `confirmed` people could receive when the
 * owner pressed send: its body's parts (campaign-body.ts, kept until the retention after the
 * launch), then the campaign item, written once (a campaign is sent once), with a new random
 * launch id. The launch id, or undefined when the slug has an item already (sent, or scheduled by
 * another owner a moment before: one of two presses wins; the loser's parts are the winner's when
 * they pressed on the same draft, else they expire unread).
 */
export const scheduleCampaign = async (
  store: TableStore,
  content: CampaignContent,
  launchAt: number,
  confirmed: number,
  owner: string,
  now: number,
): Promise<string | undefined> => {
  const launchId = randomBytes(16).toString('hex');
  const head = await storeCampaignBody(store, content, Math.max(launchAt, now) + RETENTION_SECONDS);
  const written = await putIfAbsent<CampaignItem>(store, {
    id: campaignId(content.slug),
    kind: 'campaign',
    ...head,
    sendState: 'scheduled',
    launchAt,
    launchId,
    scheduledBy: owner,
    confirmed,
    queued: 0,
    lastQueuedAt: 0,
    runs: 0,
    expiresAt: now + RETENTION_SECONDS,
  });
  return written ? launchId : undefined;
};

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
 * none of them (or, given `launchId`, is another send's). The state decides, in one conditional
 * write: a launch delivered twice, or after a cancel, finds the send in no state it may move.
 */
export const moveSendState = (
  store: TableStore,
  slug: string,
  from: SendState[],
  to: SendState,
  launchId?: string,
): Promise<CampaignItem | undefined> =>
  updateItem<CampaignItem>(store, campaignId(slug), {
    ...setAttributes(
      { sendState: to },
      {
        names: launchId === undefined ? {} : { '#launchId': 'launchId' },
        values: {
          ...Object.fromEntries(from.map((state, index) => [`:from${index}`, state])),
          ...(launchId !== undefined && { ':launchId': launchId }),
        },
      },
    ),
    ConditionExpression: `#sendState IN (${from.map((_, index) => `:from${index}`).join(', ')})${launchId === undefined ? '' : ' AND #launchId = :launchId'}`,
    ReturnValues: 'ALL_NEW',
  });

/** The send's state alone (a strongly consistent read of one attribute), read before each email. */
export const sendStateOf = async (store: TableStore, slug: string): Promise<SendState | undefined> => {
  const item = await getItem<Pick<CampaignItem, 'sendState' | 'kind'>>(store, campaignId(slug), ['sendState', 'kind']);
  return item?.kind === 'campaign' ? (item.sendState ?? 'sending') : undefined;
};
