/**
 * The leads slice's routes (lambdas/console/leads/lead-routes.ts) through the console's router and
 * signed-in kit (signedInHandler), in process, against the file's own dynalite: what an owner is
 * answered and what the tables hold afterwards, without the HTTP stack of the integration suite.
 */
import '../../lambdas/support/env';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESSION_COOKIE } from '#shared/console/common.ts';
import { LEAD_CONSOLE_ROUTES } from '#lambdas/console/leads/lead-routes.ts';
import { LEAD_MESSAGES } from '#lambdas/console/leads/lead-messages.ts';
import { signedInHandler } from '#lambdas/console/kit/signed-in-handler.ts';
import type { ConsoleStores } from '#lambdas/console/kit/request.ts';
import { startSession } from '#lambdas/console/sign-in/sessions.ts';
import { storedLead } from '#test/integration/console/own-leads-table.ts';
import { apiEvent, invoke } from '../../lambdas/support/api-events';
import { ownDynalite } from '../../lambdas/support/own-dynalite';

process.env.CONSOLE_OWNERS = 'ann@chinooktalent.ca,bob@chinooktalent.ca';

const tables = ownDynalite();
const db = new DynamoDBClient({});
const stores: ConsoleStores = {
  console: { db, table: tables.names.console },
  leads: { db, table: tables.names.leads },
  subscribers: { db, table: tables.names.subscribers },
  campaigns: { db, table: tables.names.campaigns },
  analytics: { db, table: tables.names.analytics },
};
const handler = signedInHandler(LEAD_CONSOLE_ROUTES, stores);
const OWNER = 'ann@chinooktalent.ca';

let cookies: string[];
let lead: ReturnType<typeof storedLead>;
const key = () => lead.id.slice('lead#'.length);
const storedNow = async () => (await tables.get(tables.names.leads, lead.id))!;
const auditOf = async (action: string) =>
  (await tables.all(tables.names.console, 'audit#')).filter((entry) => entry.action === action);

/** A request of the owner's console page: its session cookie, the site's origin, a JSON body. */
const send = (method: string, path: string, json?: unknown, origin = 'https://site.test') =>
  invoke(handler, {
    ...apiEvent({
      routeKey: 'ANY /api/admin/{proxy+}',
      method,
      path,
      headers: { origin, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    }),
    cookies,
  });

beforeEach(async () => {
  const { token } = await startSession(stores.console, OWNER, Math.floor(Date.now() / 1000));
  cookies = [`${SESSION_COOKIE}=${token}`];
  lead = storedLead({ firstName: 'Avery', email: 'avery.stone@example.ca' });
  await tables.put(tables.names.leads, lead);
});

describe("the leads screen's routes", () => {
  it('opens a lead and logs that the owner viewed it', async () => {
    const answer = await send('GET', `/api/admin/leads/${key()}`);

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toMatchObject({ firstName: 'Avery', email: 'avery.stone@example.ca' });
    expect(await auditOf('lead.view')).toEqual([
      expect.objectContaining({ actor: OWNER, target: key(), summary: 'Viewed the lead' }),
    ]);
  });

  it("answers 404 in the owners' words for a lead that is not there, and logs nothing", async () => {
    const answer = await send('GET', `/api/admin/leads/${'A'.repeat(22)}`);

    expect(answer).toMatchObject({ statusCode: 404, json: { message: LEAD_MESSAGES.noSuchLead } });
    expect(await auditOf('lead.view')).toEqual([]);
  });

  it('moves a lead on from the version the owner saw, once: the same move again is refused (409)', async () => {
    const moved = await send('POST', `/api/admin/leads/${key()}/status`, { to: 'contacted', version: 0 });
    const again = await send('POST', `/api/admin/leads/${key()}/status`, { to: 'qualified', version: 0 });

    expect(moved).toMatchObject({ statusCode: 200, json: { message: LEAD_MESSAGES.moved('new', 'contacted') } });
    expect(again).toMatchObject({ statusCode: 409, json: { message: LEAD_MESSAGES.changedMeanwhile } });
    expect(await storedNow()).toMatchObject({ followUpStatus: 'contacted', consoleVersion: 1 });
    expect(await auditOf('lead.status')).toEqual([
      expect.objectContaining({ actor: OWNER, target: key(), summary: 'Moved from New to Contacted' }),
    ]);
  });

  it('refuses a move the workflow does not allow, changing nothing', async () => {
    const answer = await send('POST', `/api/admin/leads/${key()}/status`, { to: 'client', version: 0 });

    expect(answer).toMatchObject({ statusCode: 409, json: { message: LEAD_MESSAGES.notAllowed('new', 'client') } });
    expect(await storedNow()).toEqual(lead);
  });

  it('keeps a note as the owner wrote it, trimmed, with who wrote it and when', async () => {
    const answer = await send('POST', `/api/admin/leads/${key()}/notes`, { text: '  Called back: wants a quote.  ' });

    expect(answer).toMatchObject({ statusCode: 200, json: { message: LEAD_MESSAGES.noteAdded } });
    expect((await storedNow()).notes).toEqual([
      expect.objectContaining({ by: OWNER, text: 'Called back: wants a quote.' }),
    ]);
  });

  it("refuses a change from another site's page (403) and any request without a session (401)", async () => {
    const forged = await send('POST', `/api/admin/leads/${key()}/notes`, { text: 'x' }, 'https://evil.example');
    cookies = [];
    const anonymous = await send('GET', `/api/admin/leads/${key()}`);

    expect([forged.statusCode, anonymous.statusCode]).toEqual([403, 401]);
    expect(await storedNow()).toEqual(lead);
  });
});
