/**
 * The leads table's index of every lead by when it arrived: the console's inbox, newest first,
 * read a page at a time instead of scanning the table. Every lead has `kind` = 'lead' (counters
 * and markers that share the table have other kinds), so leads stored before the index are in it
 * too, with no backfill. It holds whole leads: the inbox shows them without a second read.
 * One new index on this table per deploy: DynamoDB creates or deletes one global secondary index
 * per UpdateTable ("You can create or delete only one global secondary index per UpdateTable
 * operation", UpdateTable API reference; CloudFormation fails the update otherwise, aws/aws-cdk#12246).
 */
export const LEADS_BY_TIME_INDEX = {
  name: 'LeadsByTime',
  partitionKey: { name: 'kind', type: 'S' },
  sortKey: { name: 'createdAt', type: 'N' },
  projection: 'ALL',
} as const;
