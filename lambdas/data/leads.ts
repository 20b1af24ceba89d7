import { QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { LEADS_BY_MAILBOX_INDEX } from '#shared/leads-by-mailbox-index.ts';
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
 * Every lead from this canonical mailbox, newest first: one keyed Query of LeadsByMailbox (the
 * person's own keys, a page per 1 MB of them), then each lead by its id, strongly consistent. Its
 * cost is the person's own leads, whatever else the table holds
 * (shared/leads-by-mailbox-index.ts); it used to read the whole LeadsByTime partition and keep
 * the mailbox's (docs/decisions/0072-erasure.md). Only the person page, its evidence and an
 * erasure call it, never a public route.
 */
export const leadsOfMailbox = async (store: TableStore, mailbox: string): Promise<LeadItem[]> => {
  const ids: string[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await store.db.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: LEADS_BY_MAILBOX_INDEX.name,
        KeyConditionExpression: '#mailbox = :mailbox',
        ExpressionAttributeNames: { '#mailbox': LEADS_BY_MAILBOX_INDEX.partitionKey.name },
        ExpressionAttributeValues: marshall({ ':mailbox': mailbox }),
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    ids.push(...(page.Items ?? []).flatMap((item) => (item.id?.S ? [item.id.S] : [])));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  // A lead erased or expired since the index was written reads as nothing.
  const leads = await Promise.all(ids.map((id) => getLead(store, id)));
  return leads.filter((lead): lead is LeadItem => lead !== undefined);
};

/** The leads that arrived since `since` (Unix seconds), newest first: a range of LeadsByTime, nothing else read. */
export const leadsSince = async (store: TableStore, since: number): Promise<LeadItem[]> => {
  const leads: LeadItem[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await store.db.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: LEADS_BY_TIME_INDEX.name,
        KeyConditionExpression: '#kind = :lead AND #createdAt >= :since',
        ExpressionAttributeNames: { '#kind': 'kind', '#createdAt': 'createdAt' },
        ExpressionAttributeValues: marshall({ ':lead': 'lead', ':since': since }),
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    leads.push(...(page.Items ?? []).map((item) => unmarshall(item) as unknown as LeadItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return leads;
};
