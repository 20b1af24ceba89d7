/**
 * The leads table's index of leads by person: every lead of one canonical mailbox (`mailbox`,
 * `createdAt`), for the console's person page, its evidence pack and an erasure, in one keyed
 * query instead of a read of every lead in LeadsByTime (whose cost grew with every other lead: a
 * flood of 8,100 leads doubled a person lookup; docs/decisions/0072-erasure.md, amendment
 * 2026-11-28). Every lead has `mailbox`, so leads stored before the index are in it, with no
 * backfill; counters and markers have none. Keys only: the leads table is the one the mailer
 * writes most (each lead's parts move several times), and a keys-only index is written only when
 * a lead is created or removed, never by those updates; the page reads its few leads by id after.
 * This release's one new index on this table (DynamoDB creates one per UpdateTable: see
 * ./leads-by-time-index.ts).
 */
export const LEADS_BY_MAILBOX_INDEX = {
  name: 'LeadsByMailbox',
  partitionKey: { name: 'mailbox', type: 'S' },
  sortKey: { name: 'createdAt', type: 'N' },
} as const;
