/**
 * The Security slice's routes (lambdas/console/security/passkey-routes.ts) through the console's
 * router and signed-in kit, in process, against the file's own dynalite: an owner's passkeys
 * listed, renamed and removed, only their own, and a removal ending the sessions it began.
 */
import '#test/unit/support/env.ts';
import { SECURITY_MESSAGES } from '#shared/console/security.ts';
import { PASSKEY_ROUTES } from '#lambdas/console/security/passkey-routes.ts';
import { addPasskey } from '#lambdas/console/sign-in/passkeys.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { OWNER, signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { stores, send, signIn, auditOf } = signedInConsole(tables, PASSKEY_ROUTES);
const OTHER_OWNER = 'bob@chinooktalent.ca';

/** A passkey of `owner` registered an hour ago (its key material is not read by these routes). */
const registered = (owner: string, credentialId: string, name: string) =>
  addPasskey(stores.console, {
    owner,
    credentialId,
    publicKey: 'pQECAyYgASFYIA',
    counter: 0,
    createdAt: Math.floor(Date.now() / 1000) - 3600,
    name,
    device: 'computer',
  });

beforeEach(async () => {
  await registered(OWNER, 'ann-laptop', 'Work laptop');
  await registered(OWNER, 'ann-phone', 'Phone');
  await registered(OTHER_OWNER, 'bob-laptop', 'Bob laptop');
  await signIn(OWNER, 'ann-laptop');
});

describe("the Security screen's routes", () => {
  it("lists the owner's own passkeys only, the one signed in with marked current", async () => {
    const answer = await send('GET', '/api/admin/security/passkeys');

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'ann-laptop', name: 'Work laptop', current: true }),
        expect.objectContaining({ id: 'ann-phone', name: 'Phone', current: false }),
      ]),
    );
    expect(answer.json).toHaveLength(2);
  });

  it("renames the owner's passkey, and answers another owner's as if it did not exist", async () => {
    const renamed = await send('PUT', '/api/admin/security/passkeys/ann-phone', { name: '  Pixel  ' });
    const others = await send('PUT', '/api/admin/security/passkeys/bob-laptop', { name: 'Mine now' });

    expect(renamed).toMatchObject({ statusCode: 200, json: { id: 'ann-phone', name: 'Pixel', current: false } });
    expect(others).toMatchObject({ statusCode: 404, json: { message: SECURITY_MESSAGES.noSuchPasskey } });
    expect(await tables.get(tables.names.console, 'passkey#bob-laptop')).toMatchObject({ name: 'Bob laptop' });
    expect(await auditOf('passkey.renamed')).toEqual([
      expect.objectContaining({ actor: OWNER, target: 'Passkey “Pixel”' }),
    ]);
  });

  it('removing the passkey the session began with ends that session: the next request is 401', async () => {
    const removed = await send('DELETE', '/api/admin/security/passkeys/ann-laptop');
    const after = await send('GET', '/api/admin/security/passkeys');

    expect(removed).toMatchObject({ statusCode: 200, json: { sessionsEnded: 1, signedOut: true } });
    expect(after.statusCode).toBe(401);
    expect(await tables.get(tables.names.console, 'passkey#ann-laptop')).toBeUndefined();
    expect(await tables.get(tables.names.console, 'passkey#ann-phone')).toBeDefined();
  });
});
