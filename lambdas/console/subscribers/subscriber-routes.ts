import { SUBSCRIBER_ROUTES, type SubscriberFilter, type SubscriberListPage } from '#shared/console/subscribers.ts';
import { countOf } from '#shared/count-words.ts';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import type { ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';
import { BAD_CURSOR } from '../kit/page-cursor';
import { subscribersCsvPart } from './subscriber-export';
import { filterOf, matching, overviewOf, subscriberRows } from './subscribers-overview';

const PAGE_SIZE = 50;

/** The list's cursor: how many matching rows came before the page (the rows are computed each time). */
const offsetOf = (cursor: string | undefined): number => {
  if (cursor === undefined || cursor === '') return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(offset) || offset < 0) throw new Refusal('invalid', BAD_CURSOR);
  return offset;
};
const cursorOf = (offset: number) => Buffer.from(String(offset)).toString('base64url');

/** A filter in the audit log's words: `audience candidate, state confirmed`, or everyone. */
const describedFilter = (filter: SubscriberFilter) =>
  Object.entries(filter)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ') || 'everyone';

/** Which rows of how many a page showed, in the audit log's words. */
const rowsShown = (offset: number, shown: number, total: number) =>
  shown === 0 ? `none of ${total} shown` : `${offset + 1} to ${offset + shown} of ${total} shown`;

/**
 * The Subscribers screen: its list a page at a time (the first with the counts), and the list as
 * CSV. Each page read is in the audit log: it shows people's addresses and names.
 */
export const SUBSCRIBER_LIST_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  {
    route: SUBSCRIBER_ROUTES.list,
    handle: async ({ event, stores, now, audit }) => {
      const { cursor, ...query } = event.queryStringParameters ?? {};
      const offset = offsetOf(cursor);
      const everyone = await subscriberRows(stores, now);
      const filter = filterOf(query);
      const rows = matching(everyone, filter);
      const items = rows.slice(offset, offset + PAGE_SIZE);
      await audit({
        action: 'subscribers.view',
        summary: `Viewed the subscriber list (${describedFilter(filter)}): ${rowsShown(offset, items.length, rows.length)}`,
      });
      const page: SubscriberListPage = {
        items,
        ...(offset + PAGE_SIZE < rows.length && { next: cursorOf(offset + PAGE_SIZE) }),
        // The screen's counts come with its first page: one call and one read of the table to open it.
        ...(offset === 0 && { overview: overviewOf(everyone, now) }),
      };
      return jsonResponse(200, page);
    },
  },
  {
    route: SUBSCRIBER_ROUTES.export,
    handle: async ({ event, stores, now, audit }) => {
      const { cursor, ...query } = event.queryStringParameters ?? {};
      const filter = filterOf(query);
      return subscribersCsvPart({
        cursor,
        now,
        rows: async () => matching(await subscriberRows(stores, now), filter),
        audit: (rows, onceKey) =>
          audit({
            action: 'subscribers.export',
            summary: `Exported ${countOf(rows, 'subscriber')} as CSV (${describedFilter(filter)})`,
            onceKey,
          }),
      });
    },
  },
];
