// First: this file's own leads table, before the handlers read LEADS_TABLE.
import { createOwnLeadsTable, ownLeadsTable, seedLeads, storedLead } from '#test/support/own-leads-table.ts';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '#infra/local/services.ts';
import { readLeads } from '#lambdas/console/leads/lead-list.ts';
import { LEAD_ROUTES } from '#shared/console/leads.ts';
import { api, auditEntriesWhere, enrol, sessionOf } from './console-client';
import { exportParts, fileOf } from './export-parts-client';

/**
 * 5,000 leads page smoothly: a filtered view is read from LeadsByTime a page at a time, each
 * request within its bounded reads, with nothing skipped or repeated.
 */
const COUNT = 5000;
const start = Math.floor(Date.now() / 1000) - 60;
// One lead in ten is a candidate's sign-up from "Northern Pipe"; the rest are scorecard requests.
const leads = Array.from({ length: COUNT }, (_, n) =>
  n % 10 === 0
    ? storedLead({
        type: 'signup',
        audience: 'candidate',
        organization: `Northern Pipe ${n}`,
        createdAt: start - n * 60,
        mail: { notification: 'sent', confirmation: 'sent' },
      })
    : storedLead({ createdAt: start - n * 60 }),
);
const keyOf = (lead: { id: string }) => lead.id.slice('lead#'.length);
const OWNER = `paging.${process.pid}.${Date.now()}@chinooktalent.ca`;
let session = '';

beforeAll(async () => {
  await createOwnLeadsTable();
  const seeding = Date.now();
  await seedLeads(leads);
  console.log(`Seeded ${COUNT} leads (BatchWriteItem) in ${Date.now() - seeding} ms`);
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${OWNER}`;
  session = sessionOf((await enrol(OWNER)).answer)!;
}, 120_000);

/** Every page of a view through the API: the ids in order, and each page's size and time. */
const pageThrough = async (query: Record<string, string>) => {
  const ids: string[] = [];
  const pages: { size: number; ms: number }[] = [];
  let cursor: string | undefined;
  do {
    const began = performance.now();
    const answer = await api(LEAD_ROUTES.list, { session, json: { ...query, ...(cursor && { cursor }) } });
    pages.push({ size: answer.json.items.length, ms: Math.round(performance.now() - began) });
    expect(answer.statusCode).toBe(200);
    ids.push(...answer.json.items.map((item: { id: string }) => item.id));
    cursor = answer.json.next;
  } while (cursor && pages.length < 200);
  return { ids, pages };
};

/** The Queries one call of readLeads sends. */
const countingStore = () => {
  const db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  let reads = 0;
  const counted = {
    send: (command: unknown) => ((reads += 1), db.send(command as never)),
  } as unknown as DynamoDBClient;
  return { store: { db: counted, table: ownLeadsTable }, reads: () => reads };
};

it('pages a filtered view of 5,000 leads (one in ten matches) newest first, 50 a page, none skipped or repeated', async () => {
  const { ids, pages } = await pageThrough({ form: 'signup', q: 'PIPE' });

  expect(ids).toEqual(leads.filter((_, n) => n % 10 === 0).map(keyOf));
  expect(pages.map((page) => page.size)).toEqual(Array(10).fill(50));
  const times = pages.map((page) => page.ms).sort((a, b) => a - b);
  console.log(
    `Filtered view (500 of 5,000): ${pages.length} pages, ms per page ${JSON.stringify(pages.map((p) => p.ms))}, median ${times[5]} ms`,
  );

  // The same view's DynamoDB work, page by page.
  const counter = countingStore();
  const readsPerPage: number[] = [];
  let cursor: string | undefined;
  do {
    const before = counter.reads();
    const found = await readLeads(
      counter.store,
      { form: 'signup', q: 'PIPE', cursor },
      { now: start, pageSize: 50, maxReads: 10, summary: true },
    );
    readsPerPage.push(counter.reads() - before);
    cursor = found.next;
  } while (cursor);
  console.log(`Filtered view: Queries per page ${JSON.stringify(readsPerPage)}`);
  expect(Math.max(...readsPerPage)).toBeLessThanOrEqual(3);
}, 120_000);

it('pages the whole inbox of 5,000 leads in 100 pages of 50', async () => {
  const { ids, pages } = await pageThrough({});

  expect(ids).toHaveLength(COUNT);
  expect(new Set(ids).size).toBe(COUNT);
  expect(ids[0]).toBe(keyOf(leads[0]!));
  expect(ids.at(-1)).toBe(keyOf(leads.at(-1)!));
  const times = pages.map((page) => page.ms).sort((a, b) => a - b);
  console.log(
    `Inbox (5,000): ${pages.length} pages, median ${times[Math.floor(times.length / 2)]} ms, slowest ${times.at(-1)} ms`,
  );
  expect(pages.length).toBe(COUNT / 50);
}, 120_000);

it('bounds the reads of a view that matches almost nothing: short pages with a cursor, then the one match', async () => {
  const counter = countingStore();
  const oldest = leads.at(-10)!; // n = 4990: a Northern Pipe lead near the end of the index
  const found: string[] = [];
  const readsPerRequest: number[] = [];
  let cursor: string | undefined;
  do {
    const before = counter.reads();
    const page = await readLeads(
      counter.store,
      { q: `northern pipe ${COUNT - 10}`, cursor },
      { now: start, pageSize: 50, maxReads: 10, summary: true },
    );
    readsPerRequest.push(counter.reads() - before);
    found.push(...page.leads.map(keyOf));
    cursor = page.next;
  } while (cursor);

  expect(found).toEqual([keyOf(oldest)]);
  expect(Math.max(...readsPerRequest)).toBe(10);
  console.log(`Needle in 5,000: ${readsPerRequest.length} requests, Queries ${JSON.stringify(readsPerRequest)}`);
}, 120_000);

/** The lead id of each row of an export's file (an id that starts with "-" is written '-…, formula-safe). */
const idsOfFile = (file: string) =>
  file
    .split('\n')
    .slice(1)
    .map((row) => /^"'?([\w-]{22})"/.exec(row)?.[1]);

it('exports the inbox of 5,001 leads in one file, each lead once, and logs it once (the export refused more than 5,000)', async () => {
  // Prepare: one lead more than the old export's cap, newer than the rest
  const newest = storedLead({ createdAt: start + 30 });
  await seedLeads([newest]);

  // Act
  const since = Math.floor(Date.now() / 1000);
  const began = performance.now();
  const parts = await exportParts(LEAD_ROUTES.export, { session, json: {} });
  const ms = Math.round(performance.now() - began);

  // Assess
  expect(parts.every((part) => part.statusCode === 200)).toBe(true);
  expect(idsOfFile(fileOf(parts))).toEqual([newest, ...leads].map(keyOf));
  // The other suites share the audit log and export views of their own meanwhile: this export's are the whole inbox's.
  const exports = await auditEntriesWhere(
    session,
    (entry) => entry.action === 'lead.export' && entry.at >= since && entry.summary.endsWith(' of the inbox'),
  );
  expect(exports.map((entry) => entry.summary)).toEqual(['Exported 5,001 leads of the inbox']);
  console.log(`Export of 5,001 leads: ${parts.length} parts in ${ms} ms`);
}, 120_000);

it('exports a view that matches almost nothing in parts of bounded reads, the first with the header alone', async () => {
  // Act: one match (n = 4990) deep in the index; a part reads at most 4,000 leads
  const parts = await exportParts(LEAD_ROUTES.export, { session, json: { q: `northern pipe ${COUNT - 10}` } });

  // Assess
  expect(parts.map((part) => part.headers['x-export-rows'])).toEqual(['0', '1']);
  expect(parts[0]!.body).toMatch(/^"id","received",[^\n]*$/);
  expect(idsOfFile(fileOf(parts))).toEqual([keyOf(leads.at(-10)!)]);
}, 120_000);
