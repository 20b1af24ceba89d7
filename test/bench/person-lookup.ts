/**
 * A person's lookup under an address-spread flood (issue 33, part 8): the console's person record
 * (personRecord, what the People screen, the evidence pack and an erasure read) of one person with
 * two leads, on a set of tables that holds those two alone and on one that also holds 8,100 leads
 * of other addresses (as 810 client addresses sending ten each would leave), timed in turns; and
 * the items DynamoDB evaluated to find the person's leads. Before the LeadsByMailbox index the
 * lookup read every lead of LeadsByTime: 8,102 items, and 20–30× slower on dynalite. Budget: the
 * flood changes it by at most 1.5× (the machine's noise alone moves a median of ~10 ms by 20%).
 * `npx tsx test/bench/person-lookup.ts`: its own dynalite process and tables; prints the figures
 * (a script, not a test: no timing is asserted anywhere).
 */
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTables, localDynamoClient } from '#infra/local/services.ts';
import { marshall } from '#lambdas/data/attribute-values.ts';
import { personRecord } from '#lambdas/console/people/person-record.ts';
import { leadsOfMailbox } from '#lambdas/data/leads.ts';
import { createOwnLeadsTable, ownLeadsTable, seedLeads, storedLead } from '#test/support/own-leads-table.ts';
import { startDynamoProcess } from './dynamodb-process';

const FLOOD = 8100;
const CALLS = 30;
export const PERSON_LOOKUP_BUDGET = 1.5;
/** A lead about the size of a real form's (docs/decisions/0072-erasure.md measured ~1.8 KB). */
const MESSAGE = 'We are hiring across three sites and want to talk about onboarding. '.repeat(18);
const PERSON = 'jane.doe@example.ca';

type Stores = Parameters<typeof personRecord>[0];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `CALLS` lookups on each set of tables in turns (the machine's noise falls on both alike), after
 * 30 warm-ups (the first calls of a process are slower); each one's median in ms.
 */
const mediansInTurns = async (quiet: Stores, flood: Stores) => {
  const times = { quiet: [] as number[], flood: [] as number[] };
  for (let call = -30; call < CALLS; call += 1) {
    for (const [name, stores] of [
      ['quiet', quiet],
      ['flood', flood],
    ] as const) {
      const began = performance.now();
      await personRecord(stores, PERSON, Math.floor(Date.now() / 1000));
      if (call >= 0) times[name].push(performance.now() - began);
    }
  }
  return { quietMs: median(times.quiet), floodMs: median(times.flood) };
};

/** The items DynamoDB evaluated to find the person's leads (Query's ScannedCount, one per GetItem). */
const itemsEvaluated = async (endpoint: string, table: string) => {
  const db = localDynamoClient(endpoint);
  let evaluated = 0;
  const counted = {
    send: async (command: never) => {
      const output = (await db.send(command)) as { ScannedCount?: number; Item?: object };
      evaluated += output.ScannedCount ?? (output.Item ? 1 : 0);
      return output;
    },
  } as unknown as DynamoDBClient;
  await leadsOfMailbox({ db: counted, table }, PERSON);
  db.destroy();
  return evaluated;
};

export interface PersonLookup {
  quietMs: number;
  floodMs: number;
  ratio: number;
  evaluated: { quiet: number; flood: number };
}

/** The tables a person's record is read from, of one set named with `suffix`, on one client. */
const storesOf = (db: DynamoDBClient, suffix: string): Stores => ({
  leads: { db, table: `Leads-${suffix}` },
  subscribers: { db, table: `Subscribers-${suffix}` },
  campaigns: { db, table: `Campaigns-${suffix}` },
});

export async function measurePersonLookup(endpoint: string): Promise<PersonLookup> {
  const now = Math.floor(Date.now() / 1000);
  const person = [0, 1].map((n) =>
    storedLead({ email: PERSON, mailbox: PERSON, createdAt: now - n * 3600, helpDescription: MESSAGE }),
  );
  const db = localDynamoClient(endpoint);
  // Quiet: a set of tables holding the person's two leads alone.
  const quietSuffix = `quiet-${process.pid}`;
  await createTables(endpoint, (table) => `${table.logicalName}-${quietSuffix}`);
  for (const lead of person)
    await db.send(new PutItemCommand({ TableName: `Leads-${quietSuffix}`, Item: marshall(lead) }));
  // Flooded: the integration tests' own set (own-leads-table.ts), with 8,100 leads of other addresses too.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
  await createOwnLeadsTable();
  await seedLeads([
    ...person,
    ...Array.from({ length: FLOOD }, (_, n) => {
      const email = `visitor.${n}@flood-${n % 810}.example`;
      return storedLead({ email, mailbox: email, createdAt: now - 1800 + (n % 1800), helpDescription: MESSAGE });
    }),
  ]);
  const { quietMs, floodMs } = await mediansInTurns(
    storesOf(db, quietSuffix),
    storesOf(db, ownLeadsTable.replace(/^Leads-/, '')),
  );
  const evaluated = {
    quiet: await itemsEvaluated(endpoint, `Leads-${quietSuffix}`),
    flood: await itemsEvaluated(endpoint, ownLeadsTable),
  };
  db.destroy();
  return { quietMs, floodMs, ratio: floodMs / quietMs, evaluated };
}

if (require.main === module) {
  void (async () => {
    const dynamo = await startDynamoProcess();
    try {
      const result = await measurePersonLookup(dynamo.endpoint);
      console.log(
        [
          `Person lookup, median of ${CALLS}: ${result.quietMs.toFixed(1)} ms with the person's 2 leads alone, ` +
            `${result.floodMs.toFixed(1)} ms after ${FLOOD.toLocaleString('en-CA')} other leads: ${result.ratio.toFixed(2)}× ` +
            `(budget ${PERSON_LOOKUP_BUDGET}×: ${result.ratio <= PERSON_LOOKUP_BUDGET ? 'met' : 'not met'})`,
          `Items DynamoDB evaluated for the person's leads: ${result.evaluated.quiet} alone, ${result.evaluated.flood} after the flood`,
        ].join('\n'),
      );
    } finally {
      dynamo.stop();
    }
  })();
}
