import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { CampaignAudience, CampaignTopic } from '#shared/constants/campaigns.ts';
import { marshall, unmarshall } from './attribute-values';
import type { CampaignItem } from './campaign-item';
import { getItem, putIfAbsent, takeItem, updateItem } from './items';
import type { TableStore } from './stores';

/**
 * A campaign being written in the console (shared/console/campaigns.ts): what the owner typed,
 * kept until it is sent and after (the send freezes the rendered content on `campaign#<slug>`).
 * No TTL: the firm's own writing, not personal data.
 */
export interface CampaignDraftItem {
  id: string;
  kind: 'campaign-draft';
  slug: string;
  subject: string;
  preheader: string;
  topic: CampaignTopic;
  audience: CampaignAudience;
  markdown: string;
  /** Absent on drafts stored before the field existed: not published. */
  publish?: boolean;
  version: number;
  createdAt: number;
  updatedAt: number;
  updatedBy: string;
  importedFrom?: string;
}

export const draftId = (slug: string) => `draft#${slug}`;

export const getDraft = async (store: TableStore, slug: string): Promise<CampaignDraftItem | undefined> => {
  const item = await getItem<CampaignDraftItem>(store, draftId(slug));
  return item?.kind === 'campaign-draft' ? item : undefined;
};

/** Stores a new draft; false when the slug already has one. */
export const createDraft = (store: TableStore, draft: CampaignDraftItem): Promise<boolean> => putIfAbsent(store, draft);

/**
 * Replaces the draft made on `version` with `draft` (version + 1); false when it changed since,
 * or is gone: a whole-item put, conditional on the version read, so of two owners saving at
 * once one wins and the other is told.
 */
export const replaceDraft = (store: TableStore, version: number, draft: CampaignDraftItem): Promise<boolean> =>
  putIfAbsent(store, draft, 'version = :seen', { ':seen': version });

/**
 * Sets `publish` of a draft, and nothing else: for a campaign already sent, whose other fields
 * (and version, which names the content that went out) stay as they were. Undefined when there is
 * no draft of that slug.
 */
export const setPublish = (store: TableStore, slug: string, publish: boolean) =>
  updateItem<CampaignDraftItem>(store, draftId(slug), {
    UpdateExpression: 'SET #publish = :publish',
    ConditionExpression: '#kind = :draft',
    ExpressionAttributeNames: { '#publish': 'publish', '#kind': 'kind' },
    ExpressionAttributeValues: marshall({ ':publish': publish, ':draft': 'campaign-draft' }),
    ReturnValues: 'ALL_NEW',
  });

/** Deletes the draft at `version`; undefined when it changed since or is gone. */
export const deleteDraft = (store: TableStore, slug: string, version: number) =>
  takeItem<CampaignDraftItem>(store, draftId(slug), 'version = :seen', { ':seen': version });

/**
 * Every draft and every sent campaign, by slug. A scan of the campaigns table, whose send
 * records the filter drops: the table has no index by kind yet (it gains one index per deploy,
 * and this release's is SendsByMailbox; docs/decisions/0050-campaign-sending.md, amendment), so
 * the list costs about one read unit per 8 KB of send records, only when an owner opens it.
 */
export const allDraftsAndSent = async (
  store: TableStore,
): Promise<{ drafts: CampaignDraftItem[]; sent: Map<string, CampaignItem> }> => {
  const drafts: CampaignDraftItem[] = [];
  const sent = new Map<string, CampaignItem>();
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await store.db.send(
      new ScanCommand({
        TableName: store.table,
        FilterExpression: '#kind IN (:draft, :campaign)',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: marshall({ ':draft': 'campaign-draft', ':campaign': 'campaign' }),
        // The publisher runs right after an owner's switch: an eventually consistent scan could
        // read the choice as it was and publish it.
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const raw of page.Items ?? []) {
      const item = unmarshall(raw) as unknown as CampaignDraftItem | CampaignItem;
      if (item.kind === 'campaign-draft') drafts.push(item);
      else sent.set(item.slug, item);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { drafts, sent };
};
