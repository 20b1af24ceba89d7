/**
 * Passkeys are the owners' to manage (issue 33, part 2), against dynalite through the twin's IAM:
 * the Security screen's routes list, rename and remove an owner's passkeys; a removed passkey no
 * longer signs in and the sessions it began end; an owner removed from `owners` loses passkeys and
 * sessions for good; sign-ins are audited with the passkey's name and the client's network
 * (docs/decisions/0070-console-sign-in.md and 0071-console-sessions.md, amendments of 2026-11-28).
 */
import { callOf } from '#shared/route-key.ts';
import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { createHash } from 'node:crypto';
import { SECURITY_MESSAGES, SECURITY_ROUTES } from '#shared/console/security.ts';
import { SIGN_IN_MESSAGES } from '#lambdas/console/sign-in/sign-in-messages.ts';
import { readItem, tables } from '../support/local-aws';
import {
  api,
  auditEntriesWhere,
  auth,
  enrol,
  enrolmentTokenFor,
  newClient,
  registerPasskey,
  sessionOf,
  signInWith,
} from './console-client';

const OWNERS = process.env.CONSOLE_OWNERS!;
let ownerNumber = 0;
/** An owner of this test alone (CONSOLE_OWNERS is read at every request). */
const newOwner = (name: string) => {
  const owner = `${name}.${process.pid}.${(ownerNumber += 1)}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${owner}`;
  return owner;
};
afterEach(() => {
  process.env.CONSOLE_OWNERS = OWNERS;
});
const hashed = (token: string) => createHash('sha256').update(token).digest('base64url');
const AUDIT = AUDIT_ROUTES.page;
const LAPTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0';

/** A second device of the owner: a new link from another network, and a passkey registered with it. */
const enrolAnotherDevice = async (owner: string, viewer = newClient()) => {
  await auth('enrolmentLink', { json: { email: owner }, viewer });
  return registerPasskey(await enrolmentTokenFor(owner), { viewer });
};

describe('the Security screen: the owner’s passkeys, listed, renamed and removed', () => {
  it('lists only the signed-in owner’s passkeys, named by device class, with when made and last used', async () => {
    const ann = newOwner('ann');
    const bob = newOwner('bob');
    const viewer = newClient();
    await auth('enrolmentLink', { json: { email: ann }, viewer });
    const laptop = await registerPasskey(await enrolmentTokenFor(ann), {
      viewer,
      headers: { 'user-agent': LAPTOP_UA },
    });
    const phone = await enrolAnotherDevice(ann);
    await enrol(bob);
    const session = sessionOf(await signInWith(laptop.passkey))!;

    const listed = await api(SECURITY_ROUTES.passkeys, { session });

    expect(listed.statusCode).toBe(200);
    expect(listed.json).toEqual([
      expect.objectContaining({ id: phone.passkey.credentialId, current: false }),
      {
        id: laptop.passkey.credentialId,
        name: 'Mac built-in passkey',
        device: 'computer',
        createdAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
        current: true,
      },
    ]);
    expect(listed.json[0]).toMatchObject({ name: "Computer's built-in passkey", device: 'computer' });
    expect(listed.json[0]).not.toHaveProperty('lastUsedAt');
  }, 20_000);

  it('renames a passkey of the owner’s, and refuses another owner’s and an empty name', async () => {
    const ann = newOwner('ann');
    const bob = newOwner('bob');
    const { passkey, answer } = await enrol(ann);
    const session = sessionOf(answer)!;
    const bobs = await enrol(bob);
    const path = (id: string) => callOf(SECURITY_ROUTES.rename, { id });

    const renamed = await api(path(passkey.credentialId), { session, method: 'PUT', json: { name: '  Work laptop ' } });
    const others = await api(path(bobs.passkey.credentialId), { session, method: 'PUT', json: { name: 'Mine now' } });
    const empty = await api(path(passkey.credentialId), { session, method: 'PUT', json: { name: ' ' } });

    expect(renamed).toMatchObject({ statusCode: 200, json: { name: 'Work laptop', current: true } });
    expect(others).toMatchObject({ statusCode: 404, json: { message: SECURITY_MESSAGES.noSuchPasskey } });
    expect(empty.statusCode).toBe(400);
    expect(await readItem(tables.console, `passkey#${bobs.passkey.credentialId}`)).not.toHaveProperty(
      'name',
      'Mine now',
    );
  });

  it('a lost device’s passkey, removed: it can no longer sign in, and the sessions it began end', async () => {
    const ann = newOwner('ann');
    const lost = await enrol(ann);
    const lostSessions = [sessionOf(lost.answer)!, sessionOf(await signInWith(lost.passkey))!];
    // Recovery: a new link on a new device, a new passkey.
    const recovered = await enrolAnotherDevice(ann);
    const session = sessionOf(recovered.answer)!;

    const removal = await api(callOf(SECURITY_ROUTES.remove, { id: lost.passkey.credentialId }), {
      session,
      method: 'DELETE',
    });

    expect(removal).toMatchObject({ statusCode: 200, json: { sessionsEnded: 2, signedOut: false } });
    expect(removal.cookies).toEqual([]);
    for (const ended of lostSessions) {
      expect((await api(AUDIT, { session: ended })).statusCode).toBe(401);
      expect(await readItem(tables.console, `session#${hashed(ended)}`)).toBeUndefined();
    }
    const again = await signInWith(lost.passkey, { viewer: newClient() });
    expect(again).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });
    expect(again.cookies).toEqual([]);
    expect(await readItem(tables.console, `passkey#${lost.passkey.credentialId}`)).toBeUndefined();
    // The recovered device is untouched, and the list no longer names the lost passkey.
    expect((await api(AUDIT, { session })).statusCode).toBe(200);
    const listed = await api(SECURITY_ROUTES.passkeys, { session });
    expect(listed.json.map((passkey: { id: string }) => passkey.id)).toEqual([recovered.passkey.credentialId]);
    const removedEntries = await auditEntriesWhere(
      session,
      (entry) => entry.actor === ann && entry.action === 'passkey.removed',
    );
    expect(removedEntries).toEqual([
      expect.objectContaining({ summary: 'Removed a passkey, and ended the 2 sessions it began' }),
    ]);
  });

  it('removing the passkey of the asking session signs it out; the other device stays signed in', async () => {
    const ann = newOwner('ann');
    const first = await enrol(ann);
    const kept = sessionOf(first.answer)!;
    const second = await enrolAnotherDevice(ann);
    const session = sessionOf(second.answer)!;

    const removal = await api(callOf(SECURITY_ROUTES.remove, { id: second.passkey.credentialId }), {
      session,
      method: 'DELETE',
    });

    expect(removal).toMatchObject({ statusCode: 200, json: { sessionsEnded: 1, signedOut: true } });
    expect(removal.cookies).toEqual([expect.stringMatching(/Max-Age=0/)]);
    expect((await api(AUDIT, { session })).statusCode).toBe(401);
    expect((await api(AUDIT, { session: kept })).statusCode).toBe(200);
    const unknown = await api(callOf(SECURITY_ROUTES.remove, { id: second.passkey.credentialId }), {
      session: kept,
      method: 'DELETE',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('an owner removed from owners loses passkeys and sessions for good', () => {
  it('re-adding the address revives neither the old passkey nor a session not presented meanwhile', async () => {
    const ann = newOwner('ann');
    const { passkey, answer } = await enrol(ann);
    const unpresented = sessionOf(answer)!;
    const owners = process.env.CONSOLE_OWNERS!;
    process.env.CONSOLE_OWNERS = OWNERS;

    const whileRemoved = await signInWith(passkey, { viewer: newClient() });
    process.env.CONSOLE_OWNERS = owners;
    const afterReAdding = await signInWith(passkey, { viewer: newClient() });

    expect(whileRemoved).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });
    expect(afterReAdding).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });
    expect(afterReAdding.cookies).toEqual([]);
    expect(await readItem(tables.console, `passkey#${passkey.credentialId}`)).toBeUndefined();
    expect((await api(AUDIT, { session: unpresented })).statusCode).toBe(401);
    expect(await readItem(tables.console, `session#${hashed(unpresented)}`)).toBeUndefined();
    // Enrolling again works, and lists only the new passkey.
    const again = await enrolAnotherDevice(ann);
    const listed = await api(SECURITY_ROUTES.passkeys, { session: sessionOf(again.answer)! });
    expect(listed.json.map((item: { id: string }) => item.id)).toEqual([again.passkey.credentialId]);
  });

  it('a removed owner’s session met at a request takes their passkeys with it', async () => {
    const ann = newOwner('ann');
    const { passkey, answer } = await enrol(ann);
    const session = sessionOf(answer)!;
    const other = sessionOf(await signInWith(passkey))!;
    const owners = process.env.CONSOLE_OWNERS!;
    process.env.CONSOLE_OWNERS = OWNERS;

    expect((await api(AUDIT, { session })).statusCode).toBe(401);
    process.env.CONSOLE_OWNERS = owners;

    expect(await readItem(tables.console, `passkey#${passkey.credentialId}`)).toBeUndefined();
    expect((await api(AUDIT, { session: other })).statusCode).toBe(401);
    expect((await signInWith(passkey, { viewer: newClient() })).statusCode).toBe(400);
  });
});

describe('the audit log names the passkey and the network of each sign-in', () => {
  it('says which passkey signed in, and from which /48 or /24, never the address', async () => {
    const ann = newOwner('ann');
    const { passkey } = await enrol(ann);
    const session = sessionOf(await signInWith(passkey))!;
    await api(callOf(SECURITY_ROUTES.rename, { id: passkey.credentialId }), {
      session,
      method: 'PUT',
      json: { name: 'Kitchen laptop' },
    });

    const v6 = sessionOf(await signInWith(passkey, { viewer: '[2001:db8:abcd:12::7]:443' }))!;
    await signInWith(passkey, { viewer: '198.51.100.23:51000' });

    const signIns = await auditEntriesWhere(v6, (entry) => entry.actor === ann && entry.action === 'sign-in');
    expect(signIns.slice(0, 2)).toEqual([
      expect.objectContaining({
        summary: 'Signed in',
        target: 'Passkey “Kitchen laptop”, from network 198.51.100.0/24',
      }),
      expect.objectContaining({
        summary: 'Signed in',
        target: 'Passkey “Kitchen laptop”, from network 2001:db8:abcd::/48',
      }),
    ]);
    expect(JSON.stringify(signIns)).not.toMatch(/198\.51\.100\.23|2001:db8:abcd:12/);
  });
});
