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
