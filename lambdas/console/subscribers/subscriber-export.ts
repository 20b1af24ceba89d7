import type { SubscriberRow } from '#shared/console/subscribers.ts';
import { mailboxHash } from '../../domain/mailbox-hash';
import { Refusal } from '../../domain/refusal';
import type { ApiResult } from '../../http/types';
import { utcDay } from '../../runtime/clock';
import { csvExportPart } from '../kit/csv-parts';
import { BAD_CURSOR } from '../kit/page-cursor';

/**
 * The Subscribers screen's CSV export, in parts (./csv-parts.ts). The rows are computed anew for
 * each part (subscribers-overview.ts), so a part starts after a row's place, not at an offset: a
 * sign-up confirmed between two parts moves no row into the next part twice.
 */

const COLUMNS = ['audience', 'state', 'email', 'firstName', 'lastName', 'topics', 'since', 'impliedUntil'];

/** A time for the CSV, or a blank cell for a record that has none (one time missing must not lose the file). */
const isoTimeOrBlank = (seconds: number | undefined) =>
  seconds !== undefined && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : '';

const cells = (row: SubscriberRow) => [
  row.audience,
  row.state,
  row.email,
  row.firstName,
  row.lastName,
  row.topics.join(' '),
  isoTimeOrBlank(row.since),
  isoTimeOrBlank(row.impliedUntil),
];

/**
 * A row's place in the file: newest first, then by its list and a hash of its mailbox (one row
 * per list and mailbox), so rows of the same second keep one order from part to part. The hash,
 * not the address, goes in the cursor: the export is a GET, and addresses stay out of URLs
 * (docs/decisions/0072-erasure.md).
 */
interface Place {
  since: number;
  tie: string;
}
const placeOf = (row: SubscriberRow): Place => ({
  since: Number.isFinite(row.since) ? row.since : 0,
  tie: `${row.audience}:${mailboxHash(row.email)}`,
});
const comesBefore = (a: Place, b: Place) => a.since > b.since || (a.since === b.since && a.tie < b.tie);

const cursorOf = (place: Place) => Buffer.from(JSON.stringify(place)).toString('base64url');
const placeAt = (cursor: string): Place => {
  try {
    const { since, tie } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Place>;
    if (typeof since === 'number' && Number.isFinite(since) && typeof tie === 'string') return { since, tie };
  } catch {
    // Not JSON: refused below.
  }
  throw new Refusal('invalid', BAD_CURSOR);
};

/** The rows in the file's order, from just after `at` (undefined: all of them). */
const rowsFrom = (rows: SubscriberRow[], at: string | undefined) => {
  const placed = rows.map((row) => ({ row, place: placeOf(row) }));
  placed.sort((a, b) => (comesBefore(a.place, b.place) ? -1 : comesBefore(b.place, a.place) ? 1 : 0));
  const start = at === undefined ? undefined : placeAt(at);
  return placed.filter(({ place }) => !start || comesBefore(start, place)).map(({ row }) => row);
};

/** One part of the filtered list as CSV; `audit` writes the export's one entry with its row count. */
export const subscribersCsvPart = (options: {
  cursor: string | undefined;
  now: number;
  rows: () => Promise<SubscriberRow[]>;
  audit: (rows: number, onceKey: string) => Promise<void>;
}): Promise<ApiResult> =>
  csvExportPart({
    cursor: options.cursor,
    filename: `subscribers-${utcDay(options.now)}.csv`,
    columns: COLUMNS,
    read: async (at) => ({ rows: rowsFrom(await options.rows(), at) }),
    cells,
    after: (row) => cursorOf(placeOf(row)),
    audit: options.audit,
  });
