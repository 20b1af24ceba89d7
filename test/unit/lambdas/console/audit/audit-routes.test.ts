/**
 * The audit log screen's route (lambdas/console/audit/audit-routes.ts) through the console's router
 * and signed-in kit, in process, against the file's own dynalite: the log an owner reads, newest
 * first and a page at a time, and a page link that is not one the console handed out refused in
 * plain words, without the HTTP stack of the integration suite.
 */
import '#test/unit/support/env.ts';
import { AUDIT_CONSOLE_ROUTES } from '#lambdas/console/audit/audit-routes.ts';
import { BAD_CURSOR } from '#lambdas/console/kit/page-cursor.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { OWNER, signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { send, signIn, signOut } = signedInConsole(tables, AUDIT_CONSOLE_ROUTES);

/** An entry as appendAudit stores it, logged `n` seconds after a fixed start (the log's order). */
const storedEntry = (n: number, actor = OWNER) => ({
  id: `audit#${1_764_000_000_000 + n * 1000}#entry${n}`,
  kind: 'console-audit',
  log: 'audit',
  at: 1_764_000_000 + n,
  loggedAtMs: 1_764_000_000_000 + n * 1000,
  expiresAt: 1_764_000_000 + n + 86_400,
  actor,
  action: 'lead.view',
  target: `lead${n}`,
  summary: 'Viewed the lead',
});

const seed = async (count: number) => {
  for (let n = 1; n <= count; n += 1) await tables.put(tables.names.console, storedEntry(n));
};
/** Every entry the log holds now (the screen's route must add none). */
const logged = async () => tables.all(tables.names.console, 'audit#');

beforeEach(async () => {
  await signIn();
});

describe("the audit log screen's route", () => {
  it("answers every owner's entries, newest first, as the screen shows them (no storage fields)", async () => {
    await tables.put(tables.names.console, storedEntry(1));
    await tables.put(tables.names.console, storedEntry(3, 'bob@chinooktalent.ca'));
    await tables.put(tables.names.console, storedEntry(2));

    const answer = await send('GET', '/api/admin/audit');

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toEqual({
      items: [3, 2, 1].map((n) => {
        const { id, at, actor, action, target, summary } = storedEntry(n, n === 3 ? 'bob@chinooktalent.ca' : OWNER);
        return { id, at, actor, action, target, summary };
      }),
    });
  });

  it("answers 50 a page, and the page's `next` opens the rest, without logging that the log was read", async () => {
    await seed(51);

    const first = await send('GET', '/api/admin/audit');
    const next = (first.json as { next: string }).next;
    const second = await send('GET', `/api/admin/audit?cursor=${encodeURIComponent(next)}`);

    const targets = (answer: typeof first) =>
      (answer.json as { items: { target: string }[] }).items.map((e) => e.target);
    expect(first.statusCode).toBe(200);
    expect(targets(first)).toEqual(Array.from({ length: 50 }, (_, i) => `lead${51 - i}`));
    expect(second).toMatchObject({ statusCode: 200, json: { items: [expect.objectContaining({ target: 'lead1' })] } });
    expect(second.json).not.toHaveProperty('next');
    expect(await logged()).toHaveLength(51);
  });

  it('refuses a page link that is not one it handed out (400, in plain words), logging nothing', async () => {
    await seed(1);
    const otherPartition = Buffer.from(
      JSON.stringify({ id: { S: 'audit#x' }, log: { S: 'leads' }, loggedAtMs: { N: '1' } }),
    ).toString('base64url');

    const garbled = await send('GET', '/api/admin/audit?cursor=not-a-cursor');
    const forged = await send('GET', `/api/admin/audit?cursor=${otherPartition}`);

    expect(garbled).toMatchObject({ statusCode: 400, json: { message: BAD_CURSOR } });
    expect(forged).toMatchObject({ statusCode: 400, json: { message: BAD_CURSOR } });
    expect(await logged()).toEqual([storedEntry(1)]);
  });

  it('answers 401 without a session, showing no entry', async () => {
    await seed(1);
    signOut();

    const answer = await send('GET', '/api/admin/audit');

    expect(answer.statusCode).toBe(401);
    expect(JSON.stringify(answer.json)).not.toContain('lead1');
  });
});
