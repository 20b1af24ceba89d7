/**
 * Recovery that a stranger cannot block, and sessions that end when nobody is there (issue 33,
 * parts 3 and 4), against dynalite: each test pins a finding of the attacker's pass, so a later
 * change cannot reopen it (docs/decisions/0070-console-sign-in.md and 0071-console-sessions.md,
 * amendments of 2026-11-28).
 */
import { callOf } from '#shared/route-key.ts';
import { createHash } from 'node:crypto';
import { BACKGROUND_REQUEST_HEADER } from '#shared/console/common.ts';
import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { ATTEMPT_LIMITS } from '#lambdas/console/sign-in/attempt-limits.ts';
import { SESSION_IDLE_SECONDS, SESSIONS_PER_OWNER } from '#lambdas/console/sign-in/sessions.ts';
import { SIGN_IN_MESSAGES } from '#lambdas/console/sign-in/sign-in-messages.ts';
import { capturedEmailsTo, readItem, tables, writeItem } from '../support/local-aws';
import {
  api,
  auditEntriesWhere,
  auth,
  enrol,
  enrolmentTokenFor,
  neighbourOf,
  newClient,
  registerPasskey,
  sessionOf,
  signInWith,
} from './console-client';

const OWNERS = process.env.CONSOLE_OWNERS!;
/** An owner of this test alone (CONSOLE_OWNERS is read at every request), with counters of their own. */
let ownerNumber = 0;
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
const sessionItem = (token: string) => readItem(tables.console, `session#${hashed(token)}`);
/** Moves the clock on for one session: its last request happened `seconds` earlier than it did. */
const movedOn = async (token: string, seconds: number) => {
  const item = (await sessionItem(token))!;
  await writeItem(tables.console, { ...item, lastSeenAt: item.lastSeenAt - seconds });
};
const linkRequest = (email: string, viewer: string, session?: string) =>
  auth('enrolmentLink', { json: { email }, viewer, ...(session !== undefined && { session }) });

describe('a link request that strangers cannot starve', () => {
  it("sends the owner's own request although strangers on other networks asked for the owner's links", async () => {
    // Prepare: strangers on three networks each ask for the owner's link as often as their network may
    const ann = newOwner('ann');
    const strangers = [newClient(), newClient(), newClient()];
    const flood = strangers.flatMap((viewer) =>
      Array.from({ length: ATTEMPT_LIMITS.enrolmentLinksPerAddress }, () => linkRequest(ann, viewer)),
    );
    const answers = await Promise.all(flood);
    expect(answers.map((answer) => answer.statusCode)).toEqual(flood.map(() => 202));
    const oneMore = await linkRequest(ann, neighbourOf(strangers[0]!, 99));
    expect(oneMore).toMatchObject({ statusCode: 429, json: { message: SIGN_IN_MESSAGES.tooManyLinks } });
    const mailed = (await capturedEmailsTo(ann)).length;

    // Act: the owner, from their own network
    const own = await linkRequest(ann, newClient());

    // Assess: asked, mailed, and the new link registers a passkey
    expect(own).toMatchObject({ statusCode: 202, json: { message: SIGN_IN_MESSAGES.linkOnItsWay } });
    expect(await capturedEmailsTo(ann)).toHaveLength(mailed + 1);
    expect((await registerPasskey(await enrolmentTokenFor(ann))).answer.statusCode).toBe(200);
  }, 30_000);

  it("keeps an allowance for a browser with the owner's recent session, and logs only that request under the owner", async () => {
    // Prepare: the owner's session ended by idleness; a stranger on the owner's own network spends its budget
    const bob = newOwner('bob');
    const network = newClient();
    const { answer } = await enrol(bob);
    const expired = sessionOf(answer)!;
    await movedOn(expired, SESSION_IDLE_SECONDS);
    expect((await api(AUDIT, { session: expired })).statusCode).toBe(401);
    const stranger = neighbourOf(network, 66);
    const flood = await Promise.all(
      Array.from({ length: ATTEMPT_LIMITS.enrolmentLinksPerAddress }, () => linkRequest(bob, stranger)),
    );
    expect(flood.map((sent) => sent.statusCode)).toEqual(flood.map(() => 202));
    expect((await linkRequest(bob, network)).statusCode).toBe(429);
    // A made-up cookie for the owner's key is no session of theirs.
    const madeUp = `${expired.split('.')[0]}.${'B'.repeat(22)}`;
    expect((await linkRequest(bob, network, madeUp)).statusCode).toBe(429);
    const mailed = (await capturedEmailsTo(bob)).length;

    // Act: the owner's browser, holding its ended session, on the same network
    const own = await linkRequest(bob, network, expired);

    // Assess: sent, and the audit log names the owner for that request alone
    expect(own).toMatchObject({ statusCode: 202, json: { message: SIGN_IN_MESSAGES.linkOnItsWay } });
    expect(await capturedEmailsTo(bob)).toHaveLength(mailed + 1);
    const { answer: again } = await registerPasskey(await enrolmentTokenFor(bob), { viewer: network });
    const links = await auditEntriesWhere(
      sessionOf(again)!,
      (entry) => entry.actor === bob && entry.action === 'enrolment-link',
    );
    expect(links).toEqual([
      expect.objectContaining({ summary: 'Asked for a sign-in link from a browser signed in before' }),
    ]);
  }, 30_000);
});

describe('forged assertions', () => {
  it('lock out the network that sends them, not the owner whose passkey they name', async () => {
    // Prepare: a passkey, and a stranger who knows its credential id
    const carol = newOwner('carol');
    const { passkey } = await enrol(carol);
    const forger = newClient();
    const forged = { ...passkey, userHandle: 'AAAAAAAAAAAAAAAAAAAAAA' };

    // Act: as many forged assertions as a client may fail, from addresses across one /24
    for (let failure = 0; failure < ATTEMPT_LIMITS.failedCeremoniesPerClient; failure += 1) {
      const answer = await signInWith(forged, { viewer: neighbourOf(forger, 10 + failure) });
      expect(answer).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });
    }

    // Assess: the forger's network is held back, whichever of its addresses asks; the owner signs in
    const blocked = await auth('authenticationOptions', { json: {}, viewer: neighbourOf(forger, 200) });
    expect(blocked).toMatchObject({ statusCode: 429, json: { message: SIGN_IN_MESSAGES.tooManyAttempts } });
    const owners = await signInWith(passkey, { viewer: newClient() });
    expect(owners).toMatchObject({ statusCode: 200, json: { owner: carol } });
  }, 60_000);
});

describe('sessions', () => {
  it('signs out a tab that only polls a sending campaign once it has been idle for 30 minutes', async () => {
    // Prepare
    const dan = newOwner('dan');
    const session = sessionOf((await enrol(dan)).answer)!;
    const progress = callOf(CAMPAIGN_ROUTES.progress, { slug: 'no-such-send' });
    const poll = () => api(progress, { session, headers: { [BACKGROUND_REQUEST_HEADER]: '1' } });

    // Act: a minute passes between reads, 30 times over, and nobody does anything
    const answers: number[] = [];
    for (let minute = 1; minute <= SESSION_IDLE_SECONDS / 60; minute += 1) {
      await movedOn(session, 60);
      answers.push((await poll()).statusCode);
    }

    // Assess: read as signed in (404: no such send) for 29 minutes, then signed out
    expect(answers.slice(0, -1)).toEqual(answers.slice(0, -1).map(() => 404));
    expect(answers.at(-1)).toBe(401);
    expect(await sessionItem(session)).toBeUndefined();
  }, 60_000);

  it('still counts a request the owner makes as activity', async () => {
    const erin = newOwner('erin');
    const session = sessionOf((await enrol(erin)).answer)!;
    await movedOn(session, SESSION_IDLE_SECONDS - 60);

    expect((await api(AUDIT, { session })).statusCode).toBe(200);

    expect((await sessionItem(session))!.lastSeenAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
  });

  it('replaces the session the browser held when it registers a passkey', async () => {
    // Prepare: signed in, the owner adds a passkey of another device from this browser
    const fay = newOwner('fay');
    const viewer = newClient();
    const before = sessionOf((await enrol(fay)).answer)!;
    expect((await linkRequest(fay, viewer, before)).statusCode).toBe(202);

    // Act
    const { answer } = await registerPasskey(await enrolmentTokenFor(fay), { viewer, session: before });

    // Assess: a new session, the old one ended
    const after = sessionOf(answer)!;
    expect(answer.statusCode).toBe(200);
    expect(after).not.toBe(before);
    expect((await api(AUDIT, { session: before })).statusCode).toBe(401);
    expect(await sessionItem(before)).toBeUndefined();
    expect((await api(AUDIT, { session: after })).statusCode).toBe(200);
  });

  it(`keeps at most ${SESSIONS_PER_OWNER} sessions of an owner: a sign-in beyond them ends the one idle longest`, async () => {
    // Prepare: the owner signed in on SESSIONS_PER_OWNER devices, the second of them idle for 10 minutes
    const gus = newOwner('gus');
    const { passkey, answer } = await enrol(gus);
    const sessions = [sessionOf(answer)!];
    while (sessions.length < SESSIONS_PER_OWNER) {
      sessions.push(sessionOf(await signInWith(passkey, { viewer: newClient() }))!);
    }
    await movedOn(sessions[1]!, 10 * 60);
    for (const session of sessions) expect((await sessionItem(session))?.owner).toBe(gus);

    // Act: one device more
    const newest = sessionOf(await signInWith(passkey, { viewer: newClient() }))!;

    // Assess: the idlest ended, every other one still open
    expect((await api(AUDIT, { session: sessions[1] })).statusCode).toBe(401);
    expect(await sessionItem(sessions[1]!)).toBeUndefined();
    for (const session of [...sessions.filter((_, index) => index !== 1), newest]) {
      expect((await api(AUDIT, { session })).statusCode).toBe(200);
    }
  }, 30_000);
});
