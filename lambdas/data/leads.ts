import { QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { LEADS_BY_TIME_INDEX } from '#shared/leads-by-time-index.ts';
import { marshall, unmarshall } from './attribute-values';
import { getItem, putIfAbsent } from './items';
import { leadId, type LeadItem } from './lead-item';
import type { TableStore } from './stores';

/**
 * Writes a new lead; false when a lead with this key exists (the same submission, resent).
 * This conditional put is the one write that decides whether a submission is stored.
 */
export const putLead = (store: TableStore, lead: LeadItem): Promise<boolean> => putIfAbsent(store, lead);

export const getLead = async (store: TableStore, id: string): Promise<LeadItem | undefined> => {
  const item = await getItem<LeadItem>(store, id);
  return item?.kind === 'lead' ? item : undefined;
};

export const getLeadByKey = (store: TableStore, key: string) => getLead(store, leadId(key));

/**
 * Every lead from this canonical mailbox, newest first. The leads table has no index by mailbox
 * (one new index per deploy, and this release's is LeadsByTime), so this reads the LeadsByTime
 * partition page by page and keeps the mailbox's: it costs the whole partition's read units
 * (about 1,250 RCU for 5,000 leads of ~2 KB, eventually consistent) and a round trip per 1 MB,
 * which is measured in docs/decisions/0072-erasure.md. Only the person page, its evidence and an
 * erasure call it, never a public route.
 */
export const leadsOfMailbox = (store: TableStore, mailbox: string): Promise<LeadItem[]> =>
  queryLeadsByTime(store, { filter: { expression: '#mailbox = :mailbox', name: 'mailbox', value: mailbox } });

/** The leads that arrived since `since` (Unix seconds), newest first: a range of LeadsByTime, nothing else read. */
export const leadsSince = (store: TableStore, since: number): Promise<LeadItem[]> => queryLeadsByTime(store, { since });

/** Every page of LeadsByTime from `since`, optionally filtered on one attribute. */
const queryLeadsByTime = async (
  store: TableStore,
  options: { since?: number; filter?: { expression: string; name: string; value: string } },
): Promise<LeadItem[]> => {
  const { since = 0, filter } = options;
  const leads: LeadItem[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await store.db.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: LEADS_BY_TIME_INDEX.name,
        KeyConditionExpression: '#kind = :lead AND #createdAt >= :since',
        FilterExpression: filter?.expression,
        ExpressionAttributeNames: {
          '#kind': 'kind',
          '#createdAt': 'createdAt',
          ...(filter && { [`#${filter.name}`]: filter.name }),
        },
        ExpressionAttributeValues: marshall({
          ':lead': 'lead',
          ':since': since,
          ...(filter && { [`:${filter.name}`]: filter.value }),
        }),
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    leads.push(...(page.Items ?? []).map((item) => unmarshall(item) as unknown as LeadItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return leads;
};
