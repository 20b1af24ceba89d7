import {
  BatchGetItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type UpdateItemCommandInput,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from './attribute-values';
import { isConditionFailure } from './condition-failure';
import type { TableStore } from './stores';

/**
 * Strongly consistent read by `id`: a write just made (claim, token, lead) must be visible.
 * `attributes`: only these (a small read of a large item).
 */
export const getItem = async <T>(store: TableStore, id: string, attributes?: string[]): Promise<T | undefined> => {
  const { Item } = await store.db.send(
    new GetItemCommand({
      TableName: store.table,
      Key: marshall({ id }),
      ConsistentRead: true,
      ...(attributes && {
        ProjectionExpression: attributes.map((_, index) => `#p${index}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#p${index}`, name])),
      }),
    }),
  );
  return Item && (unmarshall(Item) as T);
};

/**
 * Puts an item only if its `id` is free (or `condition` holds); false when the condition
 * lost. The building block of claims, duplicate markers, tokens and leads.
 */
export const putIfAbsent = async <T extends { id: string }>(
  store: TableStore,
  item: T,
  condition = 'attribute_not_exists(id)',
  values?: Record<string, unknown>,
): Promise<boolean> => {
  try {
    await store.db.send(
      new PutItemCommand({
        TableName: store.table,
        Item: marshall(item, { removeUndefinedValues: true }),
        ConditionExpression: condition,
        ExpressionAttributeValues: values && marshall(values),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

type UpdateInput = Omit<UpdateItemCommandInput, 'TableName' | 'Key'>;

/** UpdateItem by `id`; undefined when its condition lost, else the returned attributes. */
export const updateItem = async <T = Record<string, unknown>>(
  store: TableStore,
  id: string,
  input: UpdateInput,
): Promise<T | undefined> => {
  try {
    const { Attributes } = await store.db.send(
      new UpdateItemCommand({ TableName: store.table, Key: marshall({ id }), ...input }),
    );
    return (Attributes ? unmarshall(Attributes) : {}) as T;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};

/**
 * Deletes an item and returns what it held, or undefined when it was not there (or `condition`
 * lost): one atomic step, so of two requests presenting the same one-time item only one gets it.
 */
export const takeItem = async <T>(
  store: TableStore,
  id: string,
  condition = 'attribute_exists(id)',
  values?: Record<string, unknown>,
  names?: Record<string, string>,
): Promise<T | undefined> => {
  try {
    const { Attributes } = await store.db.send(
      new DeleteItemCommand({
        TableName: store.table,
        Key: marshall({ id }),
        ConditionExpression: condition,
        ExpressionAttributeValues: values && marshall(values),
        ExpressionAttributeNames: names,
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes && (unmarshall(Attributes) as T);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};

/** BatchGetItem reads at most 100 keys a call. */
const BATCH_GET_LIMIT = 100;

/**
 * The items among `ids` that exist, strongly consistent as getItem, in batches of 100. Keys
 * DynamoDB hands back unread (UnprocessedKeys: a batch over its 16 MB, or throttled) are asked
 * again after a pause that doubles, as AWS advises, until none are left
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchGetItem.html).
 * `attributes`: only these (a list that needs no bodies).
 */
export const batchGetItems = async <T>(
  store: TableStore,
  ids: readonly string[],
  attributes?: string[],
): Promise<T[]> => {
  const items: T[] = [];
  const projection = attributes && {
    ProjectionExpression: attributes.map((_, index) => `#p${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#p${index}`, name])),
  };
  for (let start = 0; start < ids.length; start += BATCH_GET_LIMIT) {
    let keys = ids.slice(start, start + BATCH_GET_LIMIT).map((id) => marshall({ id }));
    for (let attempt = 0; keys.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 6)));
      const { Responses, UnprocessedKeys } = await store.db.send(
        new BatchGetItemCommand({
          RequestItems: { [store.table]: { Keys: keys, ConsistentRead: true, ...projection } },
        }),
      );
      items.push(...(Responses?.[store.table] ?? []).map((item) => unmarshall(item) as T));
      keys = UnprocessedKeys?.[store.table]?.Keys ?? [];
    }
  }
  return items;
};
