/**
 * The analytics table's items (docs/decisions/0081-privacy-first-analytics.md):
 * - `salt#<day>`: the firm day's secret salt, made by the first request of the day and deleted
 *   by the roll-up once the day is over;
 * - `visit#<day>#<visitor>`: one visitor's day under its salted hash: its first page's origin
 *   (entry page, referrer, UTM values, country, device), views per page, conversions per kind;
 * - `client#<day>#<client>`: how many new visitors one client address brought that day (its key
 *   salted and hashed too), the per-client bound of a flood;
 * - `day#<day>`: the day's sums once rolled up (site-day-summary.ts), no visitor in them.
 * The raw records (`visit#`, `client#`) are on VISITS_BY_DAY_INDEX by their day and expire by TTL
 * a day after it ends at the latest; the roll-up deletes them sooner.
 */
import { BatchGetItemCommand, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { ConversionKind } from '#shared/console/site.ts';
import { VISITS_BY_DAY_INDEX } from '#shared/visits-by-day-index.ts';
import { marshall, unmarshall } from './attribute-values';
import { getItem, putIfAbsent, takeItem, updateItem } from './items';
import type { TableStore } from './stores';

/** A stored page count's attribute: `page:/quiet-quitting`. */
export const PAGE_ATTRIBUTE = 'page:';
/** A stored conversion count's attribute: `conversion:scorecard`. */
export const CONVERSION_ATTRIBUTE = 'conversion:';

export interface SaltItem {
  id: string;
  kind: 'salt';
  salt: string;
  expiresAt: number;
}

/** A visitor's day as stored; page and conversion counts are attributes of their own (PAGE_ATTRIBUTE…). */
export interface VisitItem {
  id: string;
  kind: 'visit';
  visitDay: string;
  firstSeenAt: number;
  expiresAt: number;
  /** Absent on a day with a conversion but no page view. */
  views?: number;
  entry?: string;
  referrer?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  country?: string;
  device?: string;
  /** Set when its client brought too many new visitors that day: its views are not counted. */
  refused?: boolean;
  [count: `${typeof PAGE_ATTRIBUTE | typeof CONVERSION_ATTRIBUTE}${string}`]: number;
}

/** A client's count of new visitors, as stored. */
export interface ClientGateItem {
  id: string;
  kind: 'client-gate';
  visitDay: string;
  visitors: number;
}

/** A raw record of a day, as its index lists it. */
export type DayRecord = VisitItem | ClientGateItem;

export const saltId = (day: string) => `salt#${day}`;
export const visitId = (day: string, visitor: string) => `visit#${day}#${visitor}`;
export const clientId = (day: string, client: string) => `client#${day}#${client}`;
export const daySummaryId = (day: string) => `day#${day}`;

export const getSalt = (store: TableStore, day: string) => getItem<SaltItem>(store, saltId(day));
/** Puts the day's salt unless one is there already; false when another request made it first. */
export const putSalt = (store: TableStore, item: SaltItem) => putIfAbsent(store, item);
export const deleteSalt = (store: TableStore, day: string) => takeItem(store, saltId(day));

/** The attributes every raw record of a day carries: its place on the index and its expiry. */
const dayRecord = (day: string, now: number, expiresAt: number) => ({
  set: 'visitDay = :day, firstSeenAt = if_not_exists(firstSeenAt, :now), expiresAt = if_not_exists(expiresAt, :expires)',
  values: { ':day': day, ':now': now, ':expires': expiresAt },
});

/** What one beacon did: counted a visitor's first view of the day, another view, or nothing (over a bound). */
export type ViewOutcome = 'first' | 'more' | 'not-counted';

/**
 * Counts a page view under the visitor's day: one UpdateItem, which creates the day's record on
 * the first view (its origin kept from that first view only) and refuses past `maxViews` or when
 * the visitor was refused.
 */
export const recordView = async (
  store: TableStore,
  view: { day: string; visitor: string; now: number; expiresAt: number; path: string; origin: Record<string, string> },
  maxViews: number,
): Promise<ViewOutcome> => {
  const record = dayRecord(view.day, view.now, view.expiresAt);
  const origin = Object.entries(view.origin);
  const old = await updateItem<{ views?: number }>(store, visitId(view.day, view.visitor), {
    UpdateExpression: `SET #kind = :visit, ${record.set}, ${origin
      .map((_, index) => `#o${index} = if_not_exists(#o${index}, :o${index})`)
      .join(', ')} ADD #views :one, #page :one`,
    ConditionExpression: '(attribute_not_exists(#views) OR #views < :max) AND attribute_not_exists(refused)',
    ExpressionAttributeNames: {
      '#kind': 'kind',
      '#views': 'views',
      '#page': `${PAGE_ATTRIBUTE}${view.path}`,
      ...Object.fromEntries(origin.map(([name], index) => [`#o${index}`, name])),
    },
    ExpressionAttributeValues: marshall({
      ':visit': 'visit',
      ...record.values,
      ...Object.fromEntries(origin.map(([, value], index) => [`:o${index}`, value])),
      ':one': 1,
      ':max': maxViews,
    }),
    ReturnValues: 'UPDATED_OLD',
  });
  if (!old) return 'not-counted';
  return old.views === undefined ? 'first' : 'more';
};

/** Marks a visitor's day refused (its client is over its bound): its views no longer count. */
export const refuseVisit = (store: TableStore, day: string, visitor: string) =>
  updateItem(store, visitId(day, visitor), {
    UpdateExpression: 'SET refused = :yes',
    ExpressionAttributeValues: marshall({ ':yes': true }),
  });

/** Adds a new visitor to its client's count for the day; the count after it. */
export const countClientVisitor = async (
  store: TableStore,
  gate: { day: string; client: string; now: number; expiresAt: number },
): Promise<number> => {
  const record = dayRecord(gate.day, gate.now, gate.expiresAt);
  const updated = await updateItem<{ visitors: number }>(store, clientId(gate.day, gate.client), {
    UpdateExpression: `SET #kind = :gate, ${record.set} ADD visitors :one`,
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: marshall({ ':gate': 'client-gate', ...record.values, ':one': 1 }),
    ReturnValues: 'UPDATED_NEW',
  });
  return updated?.visitors ?? 0;
};

/** Counts a conversion under the visitor's day, creating the day's record if no page view made it. */
export const recordConversion = (
  store: TableStore,
  conversion: { day: string; visitor: string; now: number; expiresAt: number; kind: ConversionKind },
) => {
  const record = dayRecord(conversion.day, conversion.now, conversion.expiresAt);
  return updateItem(store, visitId(conversion.day, conversion.visitor), {
    UpdateExpression: `SET #kind = :visit, ${record.set} ADD #conversion :one`,
    ExpressionAttributeNames: { '#kind': 'kind', '#conversion': `${CONVERSION_ATTRIBUTE}${conversion.kind}` },
    ExpressionAttributeValues: marshall({ ':visit': 'visit', ...record.values, ':one': 1 }),
  });
};

/** Every raw record of a day (visits and client counts), from the index, all pages of it. */
export const recordsOfDay = async (store: TableStore, day: string): Promise<DayRecord[]> => {
  const records: DayRecord[] = [];
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await store.db.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: VISITS_BY_DAY_INDEX.name,
        KeyConditionExpression: 'visitDay = :day',
        ExpressionAttributeValues: marshall({ ':day': day }),
        ExclusiveStartKey,
      }),
    );
    records.push(...(page.Items ?? []).map((item) => unmarshall(item) as unknown as DayRecord));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return records;
};

/** Deletes one raw record (the roll-up, once its day is summed). */
export const deleteRecord = (store: TableStore, id: string) => takeItem(store, id);

/** The most keys one BatchGetItem takes. */
const BATCH_KEYS = 100;

/** Items by id, in any order; missing ones are left out. Unprocessed keys are asked again. */
export const getItemsById = async <T>(store: TableStore, ids: readonly string[]): Promise<T[]> => {
  const found: T[] = [];
  for (let start = 0; start < ids.length; start += BATCH_KEYS) {
    let keys = ids.slice(start, start + BATCH_KEYS).map((id) => marshall({ id }));
    while (keys.length > 0) {
      const { Responses, UnprocessedKeys } = await store.db.send(
        new BatchGetItemCommand({ RequestItems: { [store.table]: { Keys: keys } } }),
      );
      found.push(...(Responses?.[store.table] ?? []).map((item) => unmarshall(item) as T));
      keys = UnprocessedKeys?.[store.table]?.Keys ?? [];
    }
  }
  return found;
};
