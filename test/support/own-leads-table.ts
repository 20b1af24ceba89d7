/**
 * Gives a test file a leads table of its own, so its list assertions see only the leads it
 * stored. Import it FIRST: it renames LEADS_TABLE before the handlers (which read it when they
 * load) are imported; createOwnLeadsTable() then creates it in the shared dynalite.
 */
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { createTables, localDynamoClient } from '#infra/local/services.ts';
import { marshall } from '#lambdas/data/attribute-values.ts';

const suffix = `own-${process.pid}-${randomBytes(4).toString('hex')}`;
process.env.LEADS_TABLE = `Leads-${suffix}`;

export const ownLeadsTable = process.env.LEADS_TABLE;
const endpoint = () => process.env.AWS_ENDPOINT_URL_DYNAMODB!;

export const createOwnLeadsTable = async () => {
  const tables = await createTables(endpoint(), (table) => `${table.logicalName}-${suffix}`);
  if (tables.Leads !== ownLeadsTable) throw new Error(`Expected ${ownLeadsTable}, created ${tables.Leads}`);
};

/** A lead's key: 22 base64url characters, as lead-key.ts makes them. */
export const newLeadKey = () => randomBytes(16).toString('base64url');

/** A stored lead of the scorecard form, mail sent, with these fields changed. */
export const storedLead = <Fields extends Record<string, unknown>>(overrides: Fields = {} as Fields) => {
  const createdAt = Math.floor(Date.now() / 1000);
  return {
    id: `lead#${newLeadKey()}`,
    kind: 'lead',
    type: 'scorecard',
    audience: 'employer',
    secret: randomBytes(16).toString('base64url'),
    linkTokens: 'per-purpose',
    firstName: 'Avery',
    lastName: 'Stone',
    email: 'avery.stone@example.ca',
    mailbox: 'avery.stone@example.ca',
    jobTitle: 'HR Director',
    organization: 'Prairie Builders',
    helpDescription: 'We are hiring.',
    createdAt,
    expiresAt: createdAt + 3600 * 24 * 365,
    mail: { notification: 'sent', requester: 'sent' },
    sesMessageIds: { notification: 'ses-1', requester: 'ses-2' },
    mailStatus: 'sent',
    retryUntil: createdAt + 3600,
    mailAttempts: 1,
    ...overrides,
  };
};

/** Writes leads 25 at a time (BatchWriteItem), retrying what dynalite left unprocessed. */
export const seedLeads = async (leads: object[]) => {
  const db = localDynamoClient(endpoint());
  for (let start = 0; start < leads.length; start += 25) {
    let requests = leads
      .slice(start, start + 25)
      .map((lead) => ({ PutRequest: { Item: marshall(lead as Record<string, unknown>) } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await db.send(
        new BatchWriteItemCommand({ RequestItems: { [ownLeadsTable]: requests } }),
      );
      requests = (UnprocessedItems?.[ownLeadsTable] ?? []) as typeof requests;
    }
  }
};
