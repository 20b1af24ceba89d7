import { DOWNLOAD_LINK_TTL_SECONDS } from '../../shared/constants/limits';
import { getItem, putIfAbsent } from './items';
import type { TableStore } from './stores';

export interface DownloadTokenItem {
  id: string;
  kind: 'download-token';
  leadId: string;
  createdAt: number;
  expiresAt: number;
}

const downloadTokenId = (token: string) => `download#${token}`;

/** Issues the token behind an emailed download link; it works for DOWNLOAD_LINK_TTL_SECONDS. */
export const putDownloadToken = async (store: TableStore, token: string, leadId: string, now: number) => {
  const item: DownloadTokenItem = { id: downloadTokenId(token), kind: 'download-token', leadId, createdAt: now, expiresAt: now + DOWNLOAD_LINK_TTL_SECONDS };
  if (!(await putIfAbsent(store, item))) throw new Error('Download token collision');
};

export const getDownloadToken = (store: TableStore, token: string) => getItem<DownloadTokenItem>(store, downloadTokenId(token));
