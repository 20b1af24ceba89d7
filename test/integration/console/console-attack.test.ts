/**
 * An attacker's and reviewer's pass over the console's signed-in API (issue 19), against dynalite:
 * each test pins a hole that was open, so a later change cannot reopen it. (The sign-in
 * ceremony's pass is console-sign-in.test.ts.)
 */
// First: this file's own leads table, before the handlers read LEADS_TABLE.
import { SUBSCRIBER_ROUTES } from '#shared/console/subscribers.ts';
import { callOf, type RouteCall } from '#shared/route-key.ts';
import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { createOwnLeadsTable, ownLeadsTable, seedLeads, storedLead } from '#test/support/own-leads-table.ts';
import { RESPONSE_MAX_BYTES } from '#lambdas/console/kit/csv-download.ts';
import { LEAD_MESSAGES } from '#lambdas/console/leads/lead-messages.ts';
import { BAD_CURSOR } from '#lambdas/console/kit/page-cursor.ts';
import { FIELD_MAX } from '#shared/constants/limits.ts';
import { LEAD_ROUTES, NOTE_MAX, NOTES_MAX } from '#shared/console/leads.ts';
import { firmDay } from '#shared/firm-day.ts';
import { readItem, uniqueEmail } from '../support/local-aws';
import { api, auditEntriesWhere, enrol, sessionOf, type Call } from './console-client';
import { exportParts, fileOf } from './export-parts-client';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const OWNER = `attack.${process.pid}.${Date.now()}@chinooktalent.ca`;
let session = '';
const as = (options: Call = {}): Call => ({ session, ...options });
const keyOf = (lead: { id: string }) => lead.id.slice('lead#'.length);
const cursorOf = (key: object) => Buffer.from(JSON.stringify(key)).toString('base64url');
/** This file's owner's audit entries. */
const auditLog = () => auditEntriesWhere(session, (entry) => entry.actor === OWNER);
/** Three UTF-8 bytes a character, as most scripts but Latin take: the most a character of a field stores. */
const widest = (length: number) => '語'.repeat(length);

beforeAll(async () => {
  await createOwnLeadsTable();
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${OWNER}`;
  session = sessionOf((await enrol(OWNER)).answer)!;
}, 30_000);

describe('forged page cursors', () => {
  it('are refused in plain words (400), never a 500: another partition, another key, a number that is not one', async () => {
    // Prepare: cursors into the audit log's index and the leads' index, each wrong in one way
    const audit = { log: { S: 'audit' }, loggedAtMs: { N: '1' }, id: { S: 'audit#1#x' } };
    const lead = { kind: { S: 'lead' }, createdAt: { N: '1' }, id: { S: 'lead#x' } };
    const forged: [RouteCall, object][] = [
      [AUDIT_ROUTES.page, { ...audit, log: { S: 'sessions' } }],
      [AUDIT_ROUTES.page, { ...audit, extra: { S: 'x' } }],
      [AUDIT_ROUTES.page, { id: { S: 'session#x' } }],
      [AUDIT_ROUTES.page, { ...audit, loggedAtMs: { S: '1' } }],
      [LEAD_ROUTES.list, { ...lead, createdAt: { N: 'abc' } }],
      [LEAD_ROUTES.list, { ...lead, kind: { S: 'counter' } }],
      // An export's cursor (csv-parts.ts): a count that is not one, and a position in another partition
      [LEAD_ROUTES.export, { id: 'A'.repeat(22), rows: -1, at: cursorOf(lead) }],
      [LEAD_ROUTES.export, { id: 'A'.repeat(22), rows: 0, at: cursorOf({ ...lead, kind: { S: 'counter' } }) }],
      [SUBSCRIBER_ROUTES.export, { since: 'yesterday', tie: 'x' }],
    ];

    // Act
    const answers = await Promise.all(
      forged.map(([called, key]) => {
        // The leads list takes its cursor in its body (it may carry a search: decision 0072).
        const cursor = { cursor: cursorOf(key) };
        return api(called, as(called.method === 'GET' ? { query: cursor } : { json: cursor }));
      }),
    );

    // Assess
    for (const answer of answers) expect(answer).toMatchObject({ statusCode: 400, json: { message: BAD_CURSOR } });
  });

  it('still take the audit log on from a cursor it handed out', async () => {
    const first = await api(AUDIT_ROUTES.page, as());
    const position = { log: { S: 'audit' }, loggedAtMs: { N: String(Date.now()) }, id: { S: 'audit#x' } };

    const next = await api(AUDIT_ROUTES.page, as({ query: { cursor: cursorOf(position) } }));

    expect(next.statusCode).toBe(200);
    expect(next.json.items.map((entry: { id: string }) => entry.id)).toEqual(
      first.json.items.map((entry: { id: string }) => entry.id),
    );
  });
});

describe('the leads export', () => {
  it('answers a view too large for one answer in parts, each under the limit, with every lead once and one audit entry', async () => {
    // Prepare: 1,000 leads whose every field is as long as a form takes, in a week of their own
    // (about 6.3 MB of CSV: the old export answered 400, "This view is too large to download in one file")
    const week = { from: firmDay(now - 400 * DAY), to: firmDay(now - 394 * DAY) };
    const leads = Array.from({ length: 1000 }, (_, index) =>
      storedLead({
        createdAt: now - 397 * DAY + index,
        organization: widest(FIELD_MAX.organization),
        helpDescription: widest(FIELD_MAX.helpDescription),
      }),
    );
    await seedLeads(leads);
    const logged = (await auditLog()).length;

    // Act
    const parts = await exportParts(LEAD_ROUTES.export, as({ json: week }));

    // Assess: more than one part, each a 200 Lambda may answer (its answer as JSON, as csv-parts.ts counts it)
    expect(parts.length).toBeGreaterThan(1);
    for (const { statusCode, headers, body } of parts) {
      expect(statusCode).toBe(200);
      expect(Buffer.byteLength(JSON.stringify({ statusCode, headers, body }))).toBeLessThan(RESPONSE_MAX_BYTES);
    }
    // One header row, then every lead once, newest first, whole
    const [header, ...rows] = fileOf(parts).split('\n');
    expect(header).toMatch(/^"id","received",/);
    // (an id that starts with "-" is written '-…, as a spreadsheet would take it for a formula)
    expect(rows.map((row) => /^"'?([\w-]{22})"/.exec(row)?.[1])).toEqual(leads.map(keyOf).reverse());
    for (const row of rows) {
      expect(row).toContain(`"${widest(FIELD_MAX.organization)}"`);
      expect(row).toContain(`"${widest(FIELD_MAX.helpDescription)}"`);
    }
    expect(parts.at(-1)!.headers['x-export-rows']).toBe('1000');
    console.log(
      `1,000 widest leads: ${parts.length} parts of ${parts.map((part) => part.body.length).join(', ')} characters`,
    );

    // Act: the last part asked for again, as a page whose answer was lost does
    const cursor = parts.at(-2)!.headers['x-export-next'] as string;
    const again = await api(LEAD_ROUTES.export, as({ json: { ...week, cursor } }));

    // Assess: the same rows, and one entry for the export, with the count of the file
    expect(again.body).toBe(parts.at(-1)!.body);
    const log = await auditLog();
    expect(log.slice(0, log.length - logged)).toEqual([
      expect.objectContaining({
        action: 'lead.export',
        summary: `Exported 1,000 leads of the inbox (from ${week.from}, to ${week.to})`,
      }),
    ]);
  }, 60_000);

  it('names a search in the audit log without quoting it: an address typed there would outlive its erasure', async () => {
    // Prepare
    const email = uniqueEmail('searched');
    const lead = storedLead({ email, mailbox: email, createdAt: now - 30 * DAY });
    await seedLeads([lead]);

    // Act
    const answer = await api(LEAD_ROUTES.export, as({ json: { q: email } }));

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(email);
    const [entry] = await auditLog();
    expect(entry).toMatchObject({
      actor: OWNER,
      action: 'lead.export',
      summary: 'Exported 1 lead of the inbox (a search)',
    });
    expect(JSON.stringify(await auditLog())).not.toContain(email.split('@')[0]);
  });
});

describe("a lead's notes", () => {
  it('stop at NOTES_MAX, when the largest lead with its widest notes still fits in a DynamoDB item (400 KB)', async () => {
    // Prepare: a lead with every visitor field at its longest, in 3-byte characters
    const lead = storedLead({
      createdAt: now - 31 * DAY,
      firstName: widest(FIELD_MAX.name),
      lastName: widest(FIELD_MAX.name),
      jobTitle: widest(FIELD_MAX.jobTitle),
      organization: widest(FIELD_MAX.organization),
      helpDescription: widest(FIELD_MAX.helpDescription),
    });
    await seedLeads([lead]);
    const note = (text: string) => api(callOf(LEAD_ROUTES.notes, { id: keyOf(lead) }), as({ json: { text } }));

    // Act: the widest notes, until the lead is full, then one more
    for (let count = 0; count < NOTES_MAX; count += 1) expect((await note(widest(NOTE_MAX))).statusCode).toBe(200);
    const oneMore = await note('One more.');

    // Assess: dynalite takes any size, so the size is checked here, by its UTF-8 bytes
    // (DynamoDB counts names and values so; JSON's quotes and brackets count more than its own overhead)
    expect(oneMore).toMatchObject({ statusCode: 409, json: { message: LEAD_MESSAGES.notesFull } });
    const stored = await readItem(ownLeadsTable, lead.id);
    expect(stored!.notes).toHaveLength(NOTES_MAX);
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThan(400 * 1024);
  }, 60_000);
});
