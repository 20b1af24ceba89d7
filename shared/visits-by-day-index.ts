/**
 * The analytics table's index of one day's raw records (docs/decisions/0081-privacy-first-analytics.md):
 * each visitor's day (`visit#…`) and each client's count of new visitors (`client#…`), by the firm's
 * day they belong to. The console reads a day not yet rolled up from it (today, counted live), and
 * the daily roll-up reads a finished day from it, sums it into the day's aggregate and deletes every
 * record it lists. Whole items: the sums need every field.
 */
export const VISITS_BY_DAY_INDEX = {
  name: 'VisitsByDay',
  partitionKey: { name: 'visitDay', type: 'S' },
  sortKey: { name: 'firstSeenAt', type: 'N' },
  projection: 'ALL',
} as const;
