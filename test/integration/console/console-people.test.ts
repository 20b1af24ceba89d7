/**
 * The console's People routes (shared/console/people.ts) against dynalite with a signed-in owner:
 * a person's record and evidence, an unsubscribe by phone, and an erasure
 * (docs/decisions/0072-erasure.md): what is stored, what is gone, what is still mailed (nothing).
 */
import { campaignSenderDepsFromEnv } from '#lambdas/campaigns/campaign-deps.ts';
import { sendToRecipient } from '#lambdas/campaigns/send-to-recipient.ts';
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import { mailboxHash } from '#lambdas/domain/mailbox-hash.ts';
import { OTHER_ORIGIN, SIGN_IN_NEEDED } from '#lambdas/console/kit/guards.ts';
import { handler as signupHandler } from '#lambdas/handlers/signup.ts';
import { CONSENT_FORMS_VERSION, CONSENT_TEXT } from '#shared/constants/consent.ts';
import { ERASURE_NOT_CONFIRMED, NO_SUBSCRIPTION, PEOPLE_ROUTES } from '#shared/console/people.ts';
import { invoke, signupEvent } from '#test/support/api-events.ts';
import { signupBody } from '#test/support/payloads.ts';
import {
  capturedEmailsTo,
  consentRecordsOf,
  deliverDueMail,
  leadsOf,
  readItem,
  subscribe,
  tables,
  uniqueEmail,
} from '../support/local-aws';
import { api, auditEntriesWhere, enrol, sessionOf } from './console-client';
import { asFunction } from '#test/support/twin-iam.ts';

const signup = asFunction('signup', signupHandler);

const CAMPAIGNS_TABLE = process.env.CAMPAIGNS_TABLE!;
const OWNERS = process.env.CONSOLE_OWNERS!;
let owner = '';
let session = '';

beforeAll(async () => {
  owner = `people.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
});
afterAll(() => {
  process.env.CONSOLE_OWNERS = OWNERS;
});
beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const now = () => Math.floor(Date.now() / 1000);
const person = (route: keyof typeof PEOPLE_ROUTES, json: unknown, options: { origin?: string } = {}) =>
  api(PEOPLE_ROUTES[route], { json, session, ...options });
/** This file's owner's audit entries. */
const auditEntries = () => auditEntriesWhere(session, (entry) => entry.actor === owner);

const CAMPAIGN: CampaignContent = {
  slug: 'people-test-news',
  subject: 'People test news',
  topic: 'newsletter',
  audience: 'candidate',
  bodyHtml: '<p>Hello</p>',
  bodyText: 'Hello',
  contentHash: 'people-test',
};
const sendCampaign = (subscriberId: string, campaign = CAMPAIGN) =>
  sendToRecipient(campaignSenderDepsFromEnv(), campaign, subscriberId, now());

describe('guards', () => {
  it('answers 401 without a session, 403 from another origin and 400 for a body the schema refuses, changing nothing', async () => {
    // Prepare
    const subscriber = await subscribe('candidate', uniqueEmail('guarded'));

    // Act
    const anonymous = await api(PEOPLE_ROUTES.record, { json: { email: subscriber.email } });
    const foreign = await person(
      'erasure',
      { email: subscriber.email, confirmEmail: subscriber.email },
      {
        origin: 'https://evil.example',
      },
    );
    const noReason = await person('unsubscribe', { email: subscriber.email, reason: '  ' });
    const extra = await person('record', { email: subscriber.email, admin: true });
    const badAddress = await person('record', { email: 'not an address' });

    // Assess
    expect(anonymous).toMatchObject({ statusCode: 401, json: { message: SIGN_IN_NEEDED } });
    expect(foreign).toMatchObject({ statusCode: 403, json: { message: OTHER_ORIGIN } });
    expect(noReason).toMatchObject({
      statusCode: 400,
      json: { message: 'Please say why you are unsubscribing this person (for example, "asked by phone").' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json.message).toContain('admin');
    expect(badAddress).toMatchObject({ statusCode: 400, json: { message: 'Invalid email' } });
    expect(await readItem(tables.subscribers, subscriber.id)).toMatchObject({ subscribed: true, consentCount: 2 });
  });
});

describe("a person's record", () => {
  it('shows the leads, the consent wording and confirmation, every email and its delivery, by any alias; audited by hash', async () => {
    // Prepare: a sign-up confirmed by the mailbox, then a campaign
    const email = uniqueEmail('record');
    const subscriber = await subscribe('candidate', email);
    expect(await sendCampaign(subscriber.id)).toEqual({ result: 'sent' });
    const alias = email.replace('@', '+news@').toUpperCase();

    // Act
    const answer = await person('record', { email: alias });

    // Assess
    expect(answer.statusCode).toBe(200);
    const record = answer.json;
    expect(record.mailbox).toBe(email);
    expect(record.personRef).toBe(mailboxHash(email));
    expect(record.leads).toHaveLength(1);
    expect(record.leads[0]).toMatchObject({
      type: 'signup',
      email,
      consentRequest: {
        source: 'candidate-signup-form',
        text: CONSENT_TEXT.signup,
        formVersion: CONSENT_FORMS_VERSION,
      },
      emails: expect.arrayContaining([
        expect.objectContaining({ part: 'confirmation', status: 'sent' }),
        expect.objectContaining({ part: 'welcome', status: 'sent' }),
        expect.objectContaining({ part: 'notification', status: 'sent' }),
      ]),
    });
    expect(record.subscriptions).toHaveLength(1);
    expect(record.subscriptions[0]).toMatchObject({
      subscriberId: subscriber.id,
      audience: 'candidate',
      state: 'confirmed',
      topics: ['newsletter', 'announcements', 'services'],
    });
    expect(record.subscriptions[0].ledger).toEqual([
      expect.objectContaining({
        type: 'requested',
        source: 'candidate-signup-form',
        text: CONSENT_TEXT.signup,
        formVersion: CONSENT_FORMS_VERSION,
      }),
      expect.objectContaining({ type: 'confirmed', ip: expect.any(String), userAgent: expect.any(String) }),
    ]);
    expect(record.campaignEmails).toEqual([
      expect.objectContaining({ campaign: CAMPAIGN.slug, status: 'sent', messageId: expect.any(String) }),
    ]);
    const entry = (await auditEntries()).find(
      (item) => item.action === 'person.view' && item.target === record.personRef,
    );
    expect(entry).toMatchObject({ actor: owner, summary: "Viewed a person's record" });
  });

  it('gives the evidence pack as a JSON download with the firm, the time and who made it; audited', async () => {
    // Prepare
    const subscriber = await subscribe('employer', uniqueEmail('evidence'));

    // Act
    const answer = await person('evidence', { email: subscriber.email });

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(answer.json).toMatchObject({
      generatedBy: owner,
      sender: { name: 'Chinook Talent Partners', mailingAddress: expect.stringContaining('Calgary') },
      subscriptions: [expect.objectContaining({ audience: 'employer', state: 'confirmed' })],
    });
    expect(Math.abs(answer.json.generatedAt - now())).toBeLessThan(30);
    const entries = (await auditEntries()).filter((item) => item.target === mailboxHash(subscriber.email));
    expect(entries.map((item) => item.action)).toEqual(['person.export']);
  });

  it('tells the printable page and the JSON file apart in the audit log, in plain words', async () => {
    // Prepare
    const subscriber = await subscribe('candidate', uniqueEmail('printed'));

    // Act
    const printed = await person('evidence', { email: subscriber.email, use: 'print' });
    const downloaded = await person('evidence', { email: subscriber.email, use: 'download' });
    const unknown = await person('evidence', { email: subscriber.email, use: 'fax' });

    // Assess: the page is not a download; the file is
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-disposition']).toBeUndefined();
    expect(printed.json).toMatchObject({ generatedBy: owner, subscriptions: [expect.any(Object)] });
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="consent-evidence-/);
    expect(unknown).toMatchObject({
      statusCode: 400,
      json: { message: 'Say whether the evidence is to download or to print.' },
    });
    const entries = (await auditEntries()).filter((item) => item.target === mailboxHash(subscriber.email));
    expect(entries.map(({ action, summary }) => ({ action, summary }))).toEqual([
      { action: 'person.export', summary: "Downloaded a person's consent evidence as a file (JSON)" },
      { action: 'person.print', summary: "Opened a person's consent evidence as a page to print" },
    ]);
  });
});

describe('unsubscribe on their behalf', () => {
  it('records a console withdrawal with the owner and reason once; a repeat adds nothing; no more campaigns', async () => {
    // Prepare
    const subscriber = await subscribe('candidate', uniqueEmail('phoned'));
    const reason = 'Called the office on Tuesday and asked to stop all email';

    // Act
    const first = await person('unsubscribe', { email: subscriber.email, reason });
    const again = await person('unsubscribe', { email: subscriber.email, reason });

    // Assess
    expect(first).toMatchObject({ statusCode: 200, json: { withdrawn: 1 } });
    expect(again).toMatchObject({
      statusCode: 200,
      json: { withdrawn: 0, message: 'This person was already unsubscribed from every email, so nothing changed.' },
    });
    const ledger = await consentRecordsOf(subscriber.id);
    expect(ledger).toHaveLength(3);
    expect(ledger[2]).toMatchObject({ type: 'withdrawn', source: 'console', reasons: [reason], by: owner });
    expect(await readItem(tables.subscribers, subscriber.id)).toMatchObject({
      subscribed: false,
      unsubscribeAllEmail: [true],
    });
    expect(await sendCampaign(subscriber.id)).toEqual({ result: 'ineligible', why: 'unsubscribed' });
    const entries = (await auditEntries()).filter((item) => item.target === mailboxHash(subscriber.email));
    expect(entries.map((item) => item.action)).toEqual(['person.unsubscribe']);
  });

  it('answers 404 in plain words for an address with no subscription', async () => {
    const answer = await person('unsubscribe', { email: uniqueEmail('stranger'), reason: 'asked by phone' });
    expect(answer).toMatchObject({ statusCode: 404, json: { message: NO_SUBSCRIPTION } });
  });
});

describe('erasure', () => {
  it('refuses an erasure whose typed confirmation is another address, and erases nothing', async () => {
    const subscriber = await subscribe('candidate', uniqueEmail('unsure'));
    const answer = await person('erasure', { email: subscriber.email, confirmEmail: 'someone.else@example.ca' });
    expect(answer).toMatchObject({ statusCode: 400, json: { message: ERASURE_NOT_CONFIRMED } });
    expect(await readItem(tables.subscribers, subscriber.id)).toBeDefined();
    expect(await leadsOf(subscriber.email)).toHaveLength(1);
  });

  it('deletes leads, subscription, ledger and send records; keeps a hash and the CASL record; never mails the address again', async () => {
    // Prepare: a subscriber with a campaign sent, then its record viewed (an audit entry)
    const email = uniqueEmail('forget');
    const subscriber = await subscribe('candidate', email);
    expect(await sendCampaign(subscriber.id)).toEqual({ result: 'sent' });
    await person('record', { email });
    const [lead] = await leadsOf(email);
    const hash = mailboxHash(email);

    // Act
    const answer = await person('erasure', { email, confirmEmail: ` ${email.toUpperCase()} ` });

    // Assess: what the owner is told
    expect(answer).toMatchObject({
      statusCode: 200,
      json: {
        personRef: hash,
        erased: { leads: 1, subscriptions: 1, consentRecords: 2, campaignEmails: 1 },
        keptRecord: true,
      },
    });
    // What is gone
    expect(await leadsOf(email)).toEqual([]);
    expect(await readItem(tables.leads, lead!.id)).toBeUndefined();
    expect(await readItem(tables.subscribers, subscriber.id)).toBeUndefined();
    expect(await readItem(tables.subscribers, `email#candidate#${email}`)).toBeUndefined();
    expect(await readItem(tables.subscribers, `consent#${subscriber.id}#1`)).toBeUndefined();
    expect(await readItem(CAMPAIGNS_TABLE, `send#${CAMPAIGN.slug}#${email}`)).toBeUndefined();
    // What is kept: the hash as a suppression, and the CASL record, with no address or name in either
    const suppression = await readItem(tables.subscribers, `suppression#${hash}`);
    expect(suppression).toMatchObject({ kind: 'suppression', reason: 'erasure', mailboxHash: hash });
    const kept = await readItem(tables.subscribers, `erased#${hash}`);
    expect(kept).toMatchObject({
      kind: 'erasure-record',
      ledger: [
        expect.objectContaining({ type: 'requested', text: CONSENT_TEXT.signup, audience: 'candidate' }),
        expect.objectContaining({ type: 'confirmed', ip: expect.any(String) }),
      ],
      messagesSent: expect.arrayContaining([expect.objectContaining({ what: `campaign ${CAMPAIGN.slug}` })]),
    });
    expect(kept!.expiresAt).toBeGreaterThan(now() + 3 * 365 * 24 * 3600 - 60);
    const localPart = email.split('@')[0]!;
    for (const item of [suppression, kept]) {
      expect(JSON.stringify(item)).not.toContain(localPart);
      expect(JSON.stringify(item)).not.toContain('Sam');
    }
    // The audit log names the person by the hash only, before and at the erasure
    const audit = await auditEntries();
    expect(JSON.stringify(audit)).not.toContain(localPart);
    expect(audit.filter((item) => item.target === hash).map((item) => item.action)).toEqual([
      'person.erase',
      'person.view',
    ]);
    // The person page still tells the owner the address was erased, and what was kept
    const after = await person('record', { email });
    expect(after.json).toMatchObject({
      suppression: { reason: 'erasure' },
      subscriptions: [],
      leads: [],
      campaignEmails: [],
      erasure: { mailboxHash: hash, keptUntil: kept!.expiresAt },
    });

    // Act again: a campaign queued before the erasure, and a new sign-up with the same address
    const mailsBefore = (await capturedEmailsTo(email)).length;
    const queued = await sendCampaign(subscriber.id, { ...CAMPAIGN, slug: 'people-test-later' });
    await invoke(signup, signupEvent(signupBody({ email, audience: 'candidate' })));
    const [again] = await leadsOf(email);
    const delivered = await deliverDueMail(again!.id);

    // Assess: nothing reaches the address; the firm still hears of the new message
    expect(queued).toEqual({ result: 'ineligible', why: 'no-subscriber' });
    expect(delivered).toMatchObject({ mail: { notification: 'sent', confirmation: 'suppressed' } });
    expect(await capturedEmailsTo(email)).toHaveLength(mailsBefore);
  });

  it('keeps only the hashed suppression when nothing was ever sent to the person', async () => {
    // Prepare: a sign-up whose confirmation email has not gone out yet
    const email = uniqueEmail('never-mailed');
    await invoke(signup, signupEvent(signupBody({ email, audience: 'candidate' })));

    // Act
    const answer = await person('erasure', { email, confirmEmail: email });

    // Assess
    expect(answer).toMatchObject({
      statusCode: 200,
      json: { erased: { leads: 1, subscriptions: 0, consentRecords: 0, campaignEmails: 0 }, keptRecord: false },
    });
    expect(await leadsOf(email)).toEqual([]);
    expect(await readItem(tables.subscribers, `erased#${mailboxHash(email)}`)).toBeUndefined();
    expect(await readItem(tables.subscribers, `suppression#${mailboxHash(email)}`)).toMatchObject({
      reason: 'erasure',
    });
  });
});
