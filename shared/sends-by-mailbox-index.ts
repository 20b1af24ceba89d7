/**
 * The campaigns table's index of send records by person: every campaign email one mailbox was
 * sent (`mailbox`, `firstAttemptAt`), for the console's person page, its evidence pack and an
 * erasure, in one query instead of a scan of every send of every campaign. Sparse: campaign
 * items have no `mailbox`. It holds whole records (a few hundred bytes each), so the page needs
 * no second read. The first index of this table (DynamoDB adds one per table per deploy; the
 * leads table's this release is LeadsByTime).
 */
export const SENDS_BY_MAILBOX_INDEX = {
  name: 'SendsByMailbox',
  partitionKey: { name: 'mailbox', type: 'S' },
  sortKey: { name: 'firstAttemptAt', type: 'N' },
  projection: 'ALL',
} as const;
