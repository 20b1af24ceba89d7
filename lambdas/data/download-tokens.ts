import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { DOWNLOAD_LINK_TTL_SECONDS } from '../../shared/constants/limits';
import type { TableStore } from './stores';

export interface DownloadTokenItem {
  id: string;
  kind: 'download-token';
  leadId: string;
  createdAt: number;
  expiresAt: number;
}

const downloadTokenId = (token: string) => `download#${token}`;

export const putDownloadToken = async (store: TableStore, token: string, leadId: string, now: number) => {
  const item: DownloadTokenItem = {
    id: downloadTokenId(token),
    kind: 'download-token',
    leadId,
    createdAt: now,
    expiresAt: now + DOWNLOAD_LINK_TTL_SECONDS,
  };
  await store.db.send(
    new PutItemCommand({ TableName: store.table, Item: marshall(item), ConditionExpression: 'attribute_not_exists(id)' }),
  );
};

export const getDownloadToken = async (store: TableStore, token: string): Promise<DownloadTokenItem | undefined> => {
  const { Item } = await store.db.send(
    new GetItemCommand({ TableName: store.table, Key: marshall({ id: downloadTokenId(token) }), ConsistentRead: true }),
  );
  return Item && (unmarshall(Item) as DownloadTokenItem);
};
