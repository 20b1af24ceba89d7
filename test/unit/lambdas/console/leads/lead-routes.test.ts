/**
 * The leads slice's routes (lambdas/console/leads/lead-routes.ts) through the console's router and
 * signed-in kit (signedInHandler), in process, against the file's own dynalite: what an owner is
 * answered and what the tables hold afterwards, without the HTTP stack of the integration suite.
 */
import '#test/unit/support/env.ts';
import { LEAD_CONSOLE_ROUTES } from '#lambdas/console/leads/lead-routes.ts';
import { LEAD_MESSAGES } from '#lambdas/console/leads/lead-messages.ts';
import { storedLead } from '#test/support/own-leads-table.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { OWNER, signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { send, signIn, signOut, auditOf } = signedInConsole(tables, LEAD_CONSOLE_ROUTES);

let lead: ReturnType<typeof storedLead>;
const key = () => lead.id.slice('lead#'.length);
const storedNow = async () => (await tables.get(tables.names.leads, lead.id))!;

beforeEach(async () => {
  await signIn();
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
    signOut();
    const anonymous = await send('GET', `/api/admin/leads/${key()}`);

    expect([forged.statusCode, anonymous.statusCode]).toEqual([403, 401]);
    expect(await storedNow()).toEqual(lead);
  });
});
