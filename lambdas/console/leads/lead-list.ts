import { QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { LEAD_FORMS } from '#shared/console/leads.ts';
import type { LeadListQuery } from '#shared/console/leads-schemas.ts';
import { endOfFirmDay, firmDay, startOfFirmDay } from '#shared/firm-day.ts';
import { LEADS_BY_TIME_INDEX } from '#shared/leads-by-time-index.ts';
import { marshall, unmarshall } from '../../data/attribute-values';
import type { LeadItem } from '../../data/lead-item';
import type { TableStore } from '../../data/stores';
import { Refusal } from '../../domain/refusal';
import { BAD_CURSOR, pageCursor, startKeyOf } from '../kit/page-cursor';

/**
 * The leads of a view of the console's inbox, newest first, read from the LeadsByTime index
 * (Query, never Scan). The date range is the index's sort key condition; form, audience, status
 * and view are a FilterExpression; the search is matched here, because DynamoDB's `contains` is
 * case-sensitive and the leads stored so far keep names as typed. A filter is applied after
 * DynamoDB reads the items ("A filter expression is applied after a Query finishes, but before
 * the results are returned", and the read capacity is the same: Query, DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Query.FilterExpression.html),
 * so a page of a narrow view may need several reads: they go on until the page is full or
 * `maxReads` is spent, and the cursor says where to go on from.
 */

/** What one Query evaluates at most: enough for a page of a broad view in one read. */
const READ_SIZE = 200;

/** The attributes a row of the list shows (lead-view.ts leadSummary), read instead of whole leads. */
const SUMMARY_ATTRIBUTES = [
  'id',
  'kind',
  'createdAt',
  'type',
  'audience',
  'firstName',
  'lastName',
  'email',
  'organization',
  'followUpStatus',
  'followUpOn',
  'spam',
  'mailStatus',
];

export interface Expression {
  text: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * The date range; `until` (Unix seconds) ends it sooner: a run marking spam covers the leads that
 * had arrived when it began.
 */
const keyCondition = (query: LeadListQuery, until?: number): Expression => {
  const kind = { text: '#kind = :lead', names: { '#kind': 'kind' }, values: { ':lead': 'lead' } };
  if (!query.from && !query.to && until === undefined) return kind;
  return {
    text: `${kind.text} AND #createdAt BETWEEN :from AND :to`,
    names: { ...kind.names, '#createdAt': 'createdAt' },
    values: {
      ...kind.values,
      ':from': query.from ? startOfFirmDay(query.from) : 0,
      ':to': Math.min(query.to ? endOfFirmDay(query.to) : Number.MAX_SAFE_INTEGER, until ?? Number.MAX_SAFE_INTEGER),
    },
  };
};

/**
 * The view and filters as one FilterExpression (every lead of a public form; no resubscribe
 * requests), also the condition of a run's write that marks a lead of the view as spam.
 */
export const filterOf = (query: LeadListQuery, today: string): Expression => {
  const parts: Expression[] = [
    query.form
      ? { text: '#type = :form', names: { '#type': 'type' }, values: { ':form': query.form } }
      : {
          text: `#type IN (${LEAD_FORMS.map((form) => `:${form}`).join(', ')})`,
          names: { '#type': 'type' },
          values: Object.fromEntries(LEAD_FORMS.map((form) => [`:${form}`, form])),
        },
  ];
  if (query.audience)
    parts.push({
      text: '#audience = :audience',
      names: { '#audience': 'audience' },
      values: { ':audience': query.audience },
    });
  if (query.status === 'new')
    parts.push({ text: 'attribute_not_exists(#status)', names: { '#status': 'followUpStatus' }, values: {} });
  else if (query.status)
    parts.push({
      text: '#status = :status',
      names: { '#status': 'followUpStatus' },
      values: { ':status': query.status },
    });
  const view = query.view ?? 'inbox';
  parts.push({
    text: view === 'spam' ? 'attribute_exists(#spam)' : 'attribute_not_exists(#spam)',
    names: { '#spam': 'spam' },
    values: {},
  });
  if (view === 'overdue')
    parts.push({
      text: '#followUpOn < :today AND (attribute_not_exists(#status) OR NOT (#status IN (:client, :closed)))',
      names: { '#followUpOn': 'followUpOn', '#status': 'followUpStatus' },
      values: { ':today': today, ':client': 'client', ':closed': 'closed' },
    });
  return {
    text: parts.map((part) => `(${part.text})`).join(' AND '),
    names: Object.assign({}, ...parts.map((part) => part.names)),
    values: Object.assign({}, ...parts.map((part) => part.values)),
  };
};

/** The search, case-insensitive, over the name, the email and the organization. */
const matchesSearch = (q: string | undefined) => {
  const needle = q?.trim().toLowerCase();
  if (!needle) return () => true;
  return (lead: LeadItem) =>
    [`${lead.firstName} ${lead.lastName}`, lead.email, lead.organization ?? ''].some((text) =>
      text.toLowerCase().includes(needle),
    );
};

/** A cursor of this list: a position among the leads in LeadsByTime, nothing else (else 400). */
const leadStartKey = (cursor: string | undefined) => {
  const key = startKeyOf(cursor, LEADS_BY_TIME_INDEX, 'lead');
  if (key && !key.id!.S!.startsWith('lead#')) throw new Refusal('invalid', BAD_CURSOR);
  return key;
};

/** The position just after a lead: where the next page starts. */
const positionAfter = (lead: LeadItem): Record<string, AttributeValue> =>
  marshall({ id: lead.id, kind: lead.kind, createdAt: lead.createdAt });

/** The cursor of the view just after `lead` (an export's part that ends before the leads it read). */
export const cursorAfter = (lead: LeadItem): string => pageCursor(positionAfter(lead));

export interface LeadsRead {
  leads: LeadItem[];
  /** Where the next page starts, when the view goes on. */
  next?: string;
  /** How many Queries it took (the paging test reports it). */
  reads: number;
}

/**
 * Up to `pageSize` leads of the view after `cursor`. `summary` reads only what a row shows. A
 * page may come back short (or empty) with a `next` when `maxReads` ran out first: the view
 * goes on from there.
 */
export const readLeads = async (
  store: TableStore,
  query: LeadListQuery,
  options: { now: number; pageSize: number; maxReads: number; summary: boolean; until?: number },
): Promise<LeadsRead> => {
  const key = keyCondition(query, options.until);
  const filter = filterOf(query, firmDay(options.now));
  const matches = matchesSearch(query.q);
  const projection = options.summary
    ? {
        ProjectionExpression: SUMMARY_ATTRIBUTES.map((name) => `#p_${name}`).join(', '),
        names: Object.fromEntries(SUMMARY_ATTRIBUTES.map((name) => [`#p_${name}`, name])),
      }
    : { names: {} };
  const leads: LeadItem[] = [];
  let startKey = leadStartKey(query.cursor);
  let reads = 0;
  while (reads < options.maxReads) {
    const { Items = [], LastEvaluatedKey } = await store.db.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: LEADS_BY_TIME_INDEX.name,
        KeyConditionExpression: key.text,
        FilterExpression: filter.text,
        ...(projection.ProjectionExpression && { ProjectionExpression: projection.ProjectionExpression }),
        ExpressionAttributeNames: { ...key.names, ...filter.names, ...projection.names },
        ExpressionAttributeValues: marshall({ ...key.values, ...filter.values }),
        ScanIndexForward: false,
        Limit: READ_SIZE,
        ExclusiveStartKey: startKey,
      }),
    );
    reads += 1;
    for (const item of Items) {
      const lead = unmarshall(item) as unknown as LeadItem;
      if (!matches(lead)) continue;
      leads.push(lead);
      // Full mid-read: the next page starts after this lead, not after what DynamoDB read.
      if (leads.length === options.pageSize) {
        const last = !LastEvaluatedKey && item === Items.at(-1);
        return { leads, ...(!last && { next: cursorAfter(lead) }), reads };
      }
    }
    if (!LastEvaluatedKey) return { leads, reads };
    startKey = LastEvaluatedKey;
  }
  return { leads, next: pageCursor(startKey!), reads };
};

/** What a search matches, read to count a searched view (matchesSearch). */
const SEARCHED_ATTRIBUTES = ['firstName', 'lastName', 'email', 'organization'];

/**
 * How many leads of the view arrived until `until`, counted a 1 MB read at a time (DynamoDB counts
 * a filtered view itself; a search reads the four fields it matches); undefined when `maxReads`
 * ran out first.
 */
export const countLeads = async (
  store: TableStore,
  query: LeadListQuery,
  options: { now: number; until: number; maxReads: number },
): Promise<number | undefined> => {
  const key = keyCondition(query, options.until);
  const filter = filterOf(query, firmDay(options.now));
  const matches = matchesSearch(query.q);
  const searched = query.q
    ? {
        ProjectionExpression: SEARCHED_ATTRIBUTES.map((name) => `#p_${name}`).join(', '),
        names: Object.fromEntries(SEARCHED_ATTRIBUTES.map((name) => [`#p_${name}`, name])),
      }
    : undefined;
  let count = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  for (let reads = 0; reads < options.maxReads; reads += 1) {
    const {
      Items = [],
      Count = 0,
      LastEvaluatedKey,
    } = await store.db.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: LEADS_BY_TIME_INDEX.name,
        KeyConditionExpression: key.text,
        FilterExpression: filter.text,
        ...(searched ? { ProjectionExpression: searched.ProjectionExpression } : { Select: 'COUNT' }),
        ExpressionAttributeNames: { ...key.names, ...filter.names, ...searched?.names },
        ExpressionAttributeValues: marshall({ ...key.values, ...filter.values }),
        ExclusiveStartKey: startKey,
      }),
    );
    count += searched ? Items.filter((item) => matches(unmarshall(item) as unknown as LeadItem)).length : Count;
    if (!LastEvaluatedKey) return count;
    startKey = LastEvaluatedKey;
  }
  return undefined;
};
