import { getItem, putIfAbsent, updateItem } from './items';
import type { LeadItem, MailPart, MailStatus } from './lead-item';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

/** Writing the lead is what makes mail go out: the table's stream feeds the mailer. */
export const putLead = async (store: TableStore, lead: LeadItem): Promise<void> => {
  if (!(await putIfAbsent(store, lead))) throw new Error(`Lead ${lead.id} already exists`);
};

export const getLead = async (store: TableStore, id: string): Promise<LeadItem | undefined> => {
  const item = await getItem<LeadItem>(store, id);
  return item?.kind === 'lead' ? item : undefined;
};

/** Counts a delivery attempt atomically (parallel retries cannot lose a count); returns the new total. */
export const countMailAttempt = async (store: TableStore, id: string): Promise<number> => {
  const updated = await updateItem<{ mailAttempts?: number }>(store, id, {
    UpdateExpression: 'ADD mailAttempts :one',
    ExpressionAttributeValues: { ':one': { N: '1' } },
    ReturnValues: 'UPDATED_NEW',
  });
  return Number(updated?.mailAttempts ?? 1);
};

/** Records one email's outcome right after it happens, so a retry never resends it. */
export const setMailPart = async (store: TableStore, id: string, part: MailPart, status: MailStatus) => {
  await updateItem(store, id, {
    UpdateExpression: 'SET #mail.#part = :status',
    ExpressionAttributeNames: { '#mail': 'mail', '#part': part },
    ExpressionAttributeValues: { ':status': { S: status } },
  });
};

export const setLeadMailStatus = async (
  store: TableStore,
  id: string,
  fields: { mailStatus: MailStatus; sentAt?: number; lastMailError?: string },
) => {
  await updateItem(store, id, setAttributes(fields));
};
