import { callOf, route, type RouteCall } from '#shared/route-key.ts';
import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from '#shared/console/common.ts';
import { AUDIT_ROUTES } from '#shared/console/audit.ts';
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { POST_ROUTES } from '#shared/console/posts.ts';
import { SECURITY_ROUTES } from '#shared/console/security.ts';
import { SITE_ROUTES } from '#shared/console/site.ts';
import { ATTEMPT_LIMITS } from '#lambdas/console/sign-in/attempt-limits.ts';
import { ENROLMENT_ANSWER_MS } from '#lambdas/console/sign-in/sign-in-routes.ts';
import { OTHER_ORIGIN, SIGN_IN_NEEDED } from '#lambdas/console/kit/guards.ts';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '#lambdas/console/sign-in/sessions.ts';
import { SIGN_IN_MESSAGES } from '#lambdas/console/sign-in/sign-in-messages.ts';
import { createPasskey, signIn } from '../../support/software-passkey';
import { capturedEmailsTo, readItem, tables, writeItem } from '../support/local-aws';
import {
  api,
  auth,
  enrol,
  enrolmentTokenFor,
  newClient,
  registerPasskey,
  sessionOf,
  signInWith,
  SITE_ORIGIN,
} from './console-client';

const OWNERS = process.env.CONSOLE_OWNERS!;
/**
 * An owner of this test alone: added to CONSOLE_OWNERS (read at every request, as `owners` is
 * after a deploy), so each test has its own enrolment-link and failure counters.
 */
let ownerNumber = 0;
const newOwner = (name: string) => {
  const owner = `${name}.${process.pid}.${(ownerNumber += 1)}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${owner}`;
  return owner;
};
let ANN = '';
let BOB = '';
beforeEach(() => {
  ANN = newOwner('ann');
  BOB = newOwner('bob');
});
const hashed = (token: string) => createHash('sha256').update(token).digest('base64url');
const now = () => Math.floor(Date.now() / 1000);
const AUDIT = AUDIT_ROUTES.page;

afterEach(() => {
  process.env.CONSOLE_OWNERS = OWNERS;
});

describe('enrolment: a one-time link to the owner, then a passkey', () => {
  it('emails an owner a link whose passkey signs them in, with a __Host- cookie and only a hash stored', async () => {
    const asked = await auth('enrolmentLink', { json: { email: ` ${ANN.toUpperCase()} ` } });
    expect(asked).toMatchObject({ statusCode: 202, json: { message: SIGN_IN_MESSAGES.linkOnItsWay } });
    const token = await enrolmentTokenFor(ANN);
    const mail = (await capturedEmailsTo(ANN)).at(-1)!;
    expect(mail.subject).toBe('Your sign-in link for the Chinook Talent Partners console');
    expect(mail.body.text).toContain(`${SITE_ORIGIN}/admin/enrol#${token}`);
    expect(mail.body.text).toContain('The link works once, for 15 minutes.');

    const { answer } = await registerPasskey(token);

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toEqual({
      owner: ANN,
      expiresAt: expect.any(Number),
      idleExpiresAt: expect.any(Number),
    });
    expect(answer.json.expiresAt - answer.json.idleExpiresAt).toBe(SESSION_ABSOLUTE_SECONDS - SESSION_IDLE_SECONDS);
    expect(answer.cookies).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${SESSION_COOKIE}=[\\w-]{22}\\.[\\w-]{22}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=43200$`,
        ),
      ),
    ]);
    const session = sessionOf(answer)!;
    expect(await readItem(tables.console, `session#${hashed(session)}`)).toMatchObject({ owner: ANN });
    expect(await readItem(tables.console, `session#${session}`)).toBeUndefined();
    expect(await auth('session', { session })).toMatchObject({
      statusCode: 200,
      json: { owner: ANN, expiresAt: answer.json.expiresAt },
    });
  });

  it('answers an address that is no owner exactly as an owner, as slowly, and emails nothing', async () => {
    const stranger = `mallory.${process.pid}.${Date.now()}@chinooktalent.ca`;
    const timed = async (email: string) => {
      const started = Date.now();
      const answer = await auth('enrolmentLink', { json: { email }, viewer: newClient() });
      return { answer, took: Date.now() - started };
    };

    const owner = await timed(BOB);
    const other = await timed(stranger);

    expect(other.answer).toEqual(owner.answer);
    expect(owner.took).toBeGreaterThanOrEqual(ENROLMENT_ANSWER_MS);
    expect(other.took).toBeGreaterThanOrEqual(ENROLMENT_ANSWER_MS);
    expect(await capturedEmailsTo(stranger)).toEqual([]);
  });

  it('refuses a link used once already, and one past its 15 minutes', async () => {
    await auth('enrolmentLink', { json: { email: BOB }, viewer: newClient() });
    const token = await enrolmentTokenFor(BOB);
    expect((await registerPasskey(token)).answer.statusCode).toBe(200);

    const reused = await auth('registrationOptions', { json: { token }, viewer: newClient() });
    expect(reused).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.linkNotValid } });

    const expired = 'expiredEnrolmentTok3n0';
    await writeItem(tables.console, {
      id: `enrolment#${hashed(expired)}`,
      kind: 'console-enrolment',
      owner: BOB,
      createdAt: now() - 16 * 60,
      expiresAt: now() - 60,
    });
    const late = await auth('registrationOptions', { json: { token: expired }, viewer: newClient() });
    expect(late).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.linkNotValid } });
  });

  it('will not register a passkey already registered to another owner', async () => {
    const { passkey } = await enrol(BOB);
    await auth('enrolmentLink', { json: { email: ANN }, viewer: newClient() });
    const token = await enrolmentTokenFor(ANN);
    const creation = await auth('registrationOptions', { json: { token } });
    // Bob's authenticator answers Ann's ceremony with the credential id of Bob's passkey.
    const { response } = createPasskey(creation.json, SITE_ORIGIN, Buffer.from(passkey.credentialId, 'base64url'));

    const answer = await auth('registration', { json: { token, response }, viewer: newClient() });

    expect(answer).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.passkeyAlreadyRegistered } });
    expect(answer.cookies).toEqual([]);
    expect(await readItem(tables.console, `passkey#${passkey.credentialId}`)).toMatchObject({ owner: BOB });
  });
});

describe('sign-in with a passkey', () => {
  it("signs in as the passkey's own owner, and a forged user handle gets nowhere", async () => {
    const { passkey } = await enrol(BOB);
    const answer = await signInWith(passkey);
    expect(answer).toMatchObject({ statusCode: 200, json: { owner: BOB } });

    const annHandle = createHash('sha256').update(`console-owner:${ANN}`).digest().subarray(0, 16);
    const forged = await signInWith(
      { ...passkey, userHandle: annHandle.toString('base64url') },
      { viewer: newClient() },
    );
    expect(forged).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });
  });

  it('refuses a replayed response and one whose challenge expired', async () => {
    const { passkey } = await enrol(BOB);
    const options = await auth('authenticationOptions', { json: {} });
    const response = signIn(passkey, options.json, SITE_ORIGIN);
    expect((await auth('authentication', { json: { response } })).statusCode).toBe(200);

    const replayed = await auth('authentication', { json: { response }, viewer: newClient() });
    expect(replayed).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });

    const stale = await auth('authenticationOptions', { json: {} });
    await writeItem(tables.console, {
      id: `challenge#${stale.json.challenge}`,
      kind: 'console-challenge',
      purpose: 'authentication',
      expiresAt: now() - 1,
    });
    const late = await auth('authentication', {
      json: { response: signIn(passkey, stale.json, SITE_ORIGIN) },
      viewer: newClient(),
    });
    expect(late).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });
  });

  it('gives a new session token at sign-in and ends the one the browser held (no session fixation)', async () => {
    const { passkey, answer } = await enrol(BOB);
    const planted = sessionOf(answer)!;

    const again = await signInWith(passkey, { session: planted });

    expect(sessionOf(again)).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    expect(sessionOf(again)).not.toBe(planted);
    expect((await api(AUDIT, { session: planted })).statusCode).toBe(401);
    expect((await api(AUDIT, { session: sessionOf(again) })).statusCode).toBe(200);
  });

  it('limits failed ceremonies per client', async () => {
    const viewer = newClient();
    for (let failure = 0; failure < ATTEMPT_LIMITS.failedCeremoniesPerClient; failure += 1) {
      const answer = await auth('registrationOptions', { json: { token: 'neverIssuedEnrolment00' }, viewer });
      expect(answer.statusCode).toBe(400);
    }
    const blocked = await auth('authenticationOptions', { json: {}, viewer });
    expect(blocked).toMatchObject({ statusCode: 429, json: { message: SIGN_IN_MESSAGES.tooManyAttempts } });
    expect((await auth('authenticationOptions', { json: {}, viewer: newClient() })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 JSON on every console route without a live session', async () => {
    const { answer } = await enrol(BOB);
    const session = sessionOf(answer)!;
    const forged = `${session.slice(0, 23)}${'A'.repeat(22)}`;
    for (const [routeKey, cookie] of [
      [AUDIT, undefined],
      [route('GET', '/api/admin/leads'), undefined],
      [route('POST', '/api/admin/people/x/erase'), undefined],
      // The campaigns' own function, a path of it that is no route, and its prefix alone (consoleApi).
      [CAMPAIGN_ROUTES.list, undefined],
      [callOf(CAMPAIGN_ROUTES.testSend, { slug: 'x' }), undefined],
      [CAMPAIGN_ROUTES.create, forged],
      [route('GET', '/api/admin/campaigns/no-such-page'), undefined],
      [route('GET', '/api/admin/campaigns'), undefined],
      [AUDIT, forged],
      [AUDIT, 'not-a-session'],
      // The Security screen's routes (issue 33, part 2).
      [SECURITY_ROUTES.passkeys, undefined],
      [SECURITY_ROUTES.passkeys, forged],
      [callOf(SECURITY_ROUTES.rename, { id: 'x' }), forged],
      [callOf(SECURITY_ROUTES.remove, { id: 'x' }), undefined],
      [callOf(SECURITY_ROUTES.remove, { id: 'x' }), forged],
      // The Posts screen's function (issue 31) and the Site screen's routes (issue 32).
      [POST_ROUTES.list, undefined],
      [POST_ROUTES.create, forged],
      [callOf(POST_ROUTES.publish, { id: 'x' }), forged],
      [POST_ROUTES.imageUpload, undefined],
      [POST_ROUTES.preview, forged],
      [SITE_ROUTES.report, undefined],
      [SITE_ROUTES.export, forged],
    ] as [RouteCall, string | undefined][]) {
      const refused = await api(routeKey, { session: cookie, json: routeKey.method === 'POST' ? {} : undefined });
      expect(refused).toMatchObject({ statusCode: 401, json: { message: SIGN_IN_NEEDED }, cookies: [] });
    }
  });

  it('answers the session check 200 { signedIn: false } without a live session, and with one once signed out', async () => {
    const { answer } = await enrol(BOB);
    const session = sessionOf(answer)!;
    const forged = `${session.slice(0, 23)}${'A'.repeat(22)}`;
    for (const cookie of [undefined, forged, 'not-a-session']) {
      const check = await auth('session', { session: cookie });
      expect({ cookie, check }).toMatchObject({ cookie, check: { statusCode: 200, cookies: [] } });
      expect(check.json).toEqual({ signedIn: false });
    }
    await auth('signOut', { session, json: {} });
    expect((await auth('session', { session })).json).toEqual({ signedIn: false });
    // Every other route keeps its 401 for the same cookie.
    expect(await api(AUDIT, { session })).toMatchObject({ statusCode: 401, json: { message: SIGN_IN_NEEDED } });
  });

  it('ends a session idle for 30 minutes, and any session 12 hours after sign-in', async () => {
    const { answer } = await enrol(BOB);
    const idle = sessionOf(answer)!;
    const item = await readItem(tables.console, `session#${hashed(idle)}`);
    await writeItem(tables.console, { ...item, lastSeenAt: now() - SESSION_IDLE_SECONDS });
    expect((await api(AUDIT, { session: idle })).statusCode).toBe(401);
    expect(await readItem(tables.console, `session#${hashed(idle)}`)).toBeUndefined();

    const { answer: second } = await enrol(BOB);
    const old = sessionOf(second)!;
    const oldItem = await readItem(tables.console, `session#${hashed(old)}`);
    await writeItem(tables.console, { ...oldItem, expiresAt: now() });
    expect((await api(AUDIT, { session: old })).statusCode).toBe(401);
  });

  it('closes the console to an owner removed from owners at their next request', async () => {
    const { passkey, answer } = await enrol(ANN);
    const session = sessionOf(answer)!;
    process.env.CONSOLE_OWNERS = OWNERS;

    expect((await api(AUDIT, { session })).statusCode).toBe(401);
    expect(await readItem(tables.console, `session#${hashed(session)}`)).toBeUndefined();
    const again = await signInWith(passkey, { viewer: newClient() });
    expect(again).toMatchObject({ statusCode: 400, json: { message: SIGN_IN_MESSAGES.signInFailed } });
    expect(again.cookies).toEqual([]);
  });

  it('refuses a state-changing request from another origin, and changes nothing', async () => {
    const { answer } = await enrol(BOB);
    const session = sessionOf(answer)!;

    for (const origin of ['https://evil.test', 'null', '']) {
      const everywhere = await auth('signOutEverywhere', { session, json: {}, origin });
      expect(everywhere).toMatchObject({ statusCode: 403, json: { message: OTHER_ORIGIN } });
    }
    const link = await auth('enrolmentLink', { json: { email: BOB }, origin: 'https://evil.test' });
    expect(link.statusCode).toBe(403);
    // Removing a passkey from another origin is refused, and the passkey stays.
    const listed = await api(SECURITY_ROUTES.passkeys, { session });
    const [passkey] = listed.json as { id: string }[];
    const removal = await api(callOf(SECURITY_ROUTES.remove, { id: passkey!.id }), {
      session,
      json: {},
      origin: 'https://evil.test',
    });
    expect(removal).toMatchObject({ statusCode: 403, json: { message: OTHER_ORIGIN } });
    expect((await api(SECURITY_ROUTES.passkeys, { session })).json).toEqual(listed.json);
    expect((await api(AUDIT, { session })).statusCode).toBe(200);
  });

  it('signs out one session, or every session of the owner', async () => {
    const { passkey, answer } = await enrol(BOB);
    const first = sessionOf(answer)!;
    const second = sessionOf(await signInWith(passkey))!;
    const third = sessionOf(await signInWith(passkey))!;

    const out = await auth('signOut', { session: first, json: {} });
    expect(out).toMatchObject({ statusCode: 200, json: { message: SIGN_IN_MESSAGES.signedOut } });
    expect(out.cookies).toEqual([`${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`]);
    expect((await api(AUDIT, { session: first })).statusCode).toBe(401);
    expect((await api(AUDIT, { session: second })).statusCode).toBe(200);

    const everywhere = await auth('signOutEverywhere', { session: second, json: {} });
    expect(everywhere).toMatchObject({ statusCode: 200, json: { message: SIGN_IN_MESSAGES.signedOutEverywhere } });
    expect((await api(AUDIT, { session: second })).statusCode).toBe(401);
    expect((await api(AUDIT, { session: third })).statusCode).toBe(401);
    expect((await signInWith(passkey)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('records sign-ins, failures, registrations and sign-outs, newest first', async () => {
    const { passkey, answer } = await enrol(BOB);
    await signInWith({ ...passkey, userHandle: 'AAAAAAAAAAAAAAAAAAAAAA' }, { viewer: newClient() });
    await auth('signOut', { session: sessionOf(answer)!, json: {} });
    const session = sessionOf(await signInWith(passkey))!;

    const log = await api(AUDIT, { session });

    expect(log.statusCode).toBe(200);
    const bobs = log.json.items.filter((entry: { actor: string }) => entry.actor === BOB);
    expect(bobs.slice(0, 5).map((entry: { action: string }) => entry.action)).toEqual([
      'sign-in',
      'sign-out',
      'sign-in.failed',
      'sign-in',
      'passkey.registered',
    ]);
    expect(bobs[0]).toEqual({
      id: expect.any(String),
      at: expect.any(Number),
      actor: BOB,
      action: 'sign-in',
      summary: 'Signed in',
      // The passkey's name and the client's network, never its address (console-passkeys.test.ts).
      target: "Passkey “Computer's built-in passkey”, from network 203.0.113.0/24",
    });
  });
});
