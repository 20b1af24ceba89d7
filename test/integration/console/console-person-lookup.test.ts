/**
 * A person's lookup costs that person's own leads, whatever else the leads table holds (issue 33,
 * part 8: under a flood of 8,100 leads a lookup took twice as long, because it read every lead of
 * the LeadsByTime index and kept the mailbox's). It is a keyed query of LeadsByMailbox, then the
 * person's leads by id. The route runs as the consoleApi function, held to its role.
 */
// First: this file's own leads table, before the handlers read LEADS_TABLE.
import { createOwnLeadsTable, ownLeadsTable, seedLeads, storedLead } from '#test/support/own-leads-table.ts';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '#infra/local/services.ts';
import { leadsOfMailbox } from '#lambdas/data/leads.ts';
import { PEOPLE_ROUTES } from '#shared/console/people.ts';
import { uniqueEmail } from '../support/local-aws';
import { api, enrol, sessionOf } from './console-client';

const OTHERS = 2000;
const now = Math.floor(Date.now() / 1000);
const OWNER = `lookup.${process.pid}.${Date.now()}@chinooktalent.ca`;
const person = uniqueEmail('looked-up');
const [local, domain] = person.split('@') as [string, string];
// The person's two leads (one through a +tag alias: the same mailbox), among a flood of others.
const older = storedLead({ email: person, mailbox: person, createdAt: now - 7200 });
const newer = storedLead({ email: `${local}+jobs@${domain}`, mailbox: person, createdAt: now - 60 });
const flood = Array.from({ length: OTHERS }, (_, n) => {
  const email = `flood.${n}.${local}@${domain}`;
  return storedLead({ email, mailbox: email, firstName: 'Flood', createdAt: now - 3600 + n });
});
let session = '';

beforeAll(async () => {
  await createOwnLeadsTable();
  await seedLeads([older, ...flood, newer]);
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${OWNER}`;
  session = sessionOf((await enrol(OWNER)).answer)!;
}, 120_000);

/** A store whose DynamoDB calls are counted: the items each read evaluated. */
const countingStore = () => {
  const db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  const reads: { command: string; evaluated: number }[] = [];
  const counted = {
    send: async (command: { constructor: { name: string } }) => {
      const output = (await db.send(command as never)) as { ScannedCount?: number; Item?: object };
      const evaluated = output.ScannedCount ?? (output.Item ? 1 : 0);
      reads.push({ command: command.constructor.name, evaluated });
      return output;
    },
  } as unknown as DynamoDBClient;
  return { store: { db: counted, table: ownLeadsTable }, reads };
};

describe("a person's lookup among 2,000 other leads", () => {
  it("shows the person's leads, every alias of the mailbox, newest first", async () => {
    // Act
    const answer = await api(PEOPLE_ROUTES.record, { session, json: { email: person } });

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(answer.json.leads.map((lead: { id: string; email: string }) => [lead.id, lead.email])).toEqual([
      [newer.id, newer.email],
      [older.id, older.email],
    ]);
  });

  it("reads the person's own two leads and nothing of the 2,000 others", async () => {
    // Prepare
    const counter = countingStore();

    // Act
    const leads = await leadsOfMailbox(counter.store, person);

    // Assess: one Query that evaluated the two index entries, then the two leads by id.
    expect(leads.map((lead) => lead.id)).toEqual([newer.id, older.id]);
    expect(counter.reads).toEqual([
      { command: 'QueryCommand', evaluated: 2 },
      { command: 'GetItemCommand', evaluated: 1 },
      { command: 'GetItemCommand', evaluated: 1 },
    ]);
  });
});
