// First: this file's own leads table, before the handlers read LEADS_TABLE.
import { callOf, type Route } from '#shared/route-key.ts';
import { createOwnLeadsTable, ownLeadsTable, seedLeads, storedLead } from '#test/support/own-leads-table.ts';
import { LEAD_ROUTES, NOTE_MAX } from '#shared/console/leads.ts';
import { firmDay, startOfFirmDay } from '#shared/firm-day.ts';
import { OTHER_ORIGIN, SIGN_IN_NEEDED } from '#lambdas/console/kit/guards.ts';
import { LEAD_MESSAGES } from '#lambdas/console/leads/lead-messages.ts';
import { BAD_CURSOR } from '#lambdas/console/kit/page-cursor.ts';
import { deliverDueMail, notificationsAbout, readItem, uniqueEmail } from '../support/local-aws';
import { api, auditEntriesWhere, auditOf, enrol, sessionOf, type Call } from './console-client';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
/** The firm's day (Alberta's), as the API reads dates. */
const dayOf = firmDay;
const keyOf = (lead: { id: string }) => lead.id.slice('lead#'.length);

/** An owner of this file alone (CONSOLE_OWNERS is read at every request). */
const OWNER = `leads.${process.pid}.${Date.now()}@chinooktalent.ca`;
let session = '';
const as = (options: Call = {}): Call => ({ session, ...options });

// The leads of this file, newest first.
const avery = storedLead({ createdAt: now - 1 * DAY, organization: 'ACME Builders' });
const jordan = storedLead({
  type: 'signup',
  audience: 'candidate',
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan.lee@example.ca',
  organization: '',
  createdAt: now - 2 * DAY,
  mail: { notification: 'sent', confirmation: 'sent' },
  consentRequest: { source: 'signup-form', text: 'Yes, send me email.' },
});
const maria = storedLead({
  type: 'signup',
  audience: 'employer',
  firstName: 'María',
  lastName: 'Ñúñez',
  email: 'maria@acme.example',
  organization: '=HYPERLINK("https://evil.example")',
  createdAt: now - 3 * DAY,
  followUpStatus: 'contacted',
  followUpOn: dayOf(now - 2 * DAY),
  consoleVersion: 1,
  mail: { notification: 'sent', confirmation: 'sent' },
  deliveries: { confirmation: { outcome: 'bounced', rank: 4, at: now - 3 * DAY + 60, detail: 'Permanent/General' } },
});
const spammer = storedLead({ firstName: 'Buy', lastName: 'Pills', createdAt: now - 4 * DAY, spam: true });
const resubscribe = storedLead({ type: 'resubscribe', createdAt: now - 5 * DAY, mail: { confirmation: 'sent' } });
const failedEmail = uniqueEmail('failed');
const failed = storedLead({
  email: failedEmail,
  mailbox: failedEmail,
  firstName: 'Casey',
  createdAt: now - 6 * DAY,
  mail: { notification: 'failed', requester: 'uncertain' },
  mailStatus: 'failed',
  lastMailError: 'Throttling: Maximum sending rate exceeded.',
  // Its doubt was settled: resent once, in doubt again, left uncertain (decision 0063).
  resentParts: new Set(['requester']),
  settledDoubts: new Set(['requester']),
});

const listIds = async (query: Record<string, string> = {}) => {
  const answer = await api(LEAD_ROUTES.list, as({ json: query }));
  expect(answer.statusCode).toBe(200);
  return answer.json.items.map((item: { id: string }) => item.id);
};
const readLead = (lead: { id: string }) => readItem(ownLeadsTable, lead.id);
const auditEntriesOf = (lead: { id: string }) => auditOf(session, keyOf(lead));
const send = (route: Route<`${string}{id}${string}`>, lead: { id: string }, json: unknown, options: Call = {}) =>
  api(callOf(route, { id: keyOf(lead) }), as({ method: route.method, json, ...options }));
const getLead = (lead: { id: string }) => api(callOf(LEAD_ROUTES.get, { id: keyOf(lead) }), as());

beforeAll(async () => {
  await createOwnLeadsTable();
  await seedLeads([avery, jordan, maria, spammer, resubscribe, failed]);
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${OWNER}`;
  session = sessionOf((await enrol(OWNER)).answer)!;
}, 30_000);

describe('the list', () => {
  it('shows the inbox newest first: every form lead but spam, never a resubscribe request', async () => {
    const answer = await api(LEAD_ROUTES.list, as({ json: {} }));
    expect(answer.json.items.map((item: { id: string }) => item.id)).toEqual([avery, jordan, maria, failed].map(keyOf));
    expect(answer.json.next).toBeUndefined();
    expect(answer.json.items[2]).toEqual({
      id: keyOf(maria),
      receivedAt: maria.createdAt,
      form: 'signup',
      audience: 'employer',
      name: 'María Ñúñez',
      email: 'maria@acme.example',
      organization: '=HYPERLINK("https://evil.example")',
      status: 'contacted',
      followUpOn: maria.followUpOn,
      spam: false,
      mailStatus: 'sent',
    });
  });

  it('filters by form, audience, status, dates and a case-insensitive search over name, email and organization', async () => {
    expect(await listIds({ form: 'signup' })).toEqual([jordan, maria].map(keyOf));
    expect(await listIds({ audience: 'candidate' })).toEqual([keyOf(jordan)]);
    expect(await listIds({ status: 'new' })).toEqual([avery, jordan, failed].map(keyOf));
    expect(await listIds({ status: 'contacted' })).toEqual([keyOf(maria)]);
    expect(await listIds({ from: dayOf(now - 3 * DAY), to: dayOf(now - 2 * DAY) })).toEqual([jordan, maria].map(keyOf));
    expect(await listIds({ q: 'acme' })).toEqual([avery, maria].map(keyOf));
    expect(await listIds({ q: 'ÑÚÑEZ' })).toEqual([keyOf(maria)]);
    expect(await listIds({ q: 'JORDAN.LEE@' })).toEqual([keyOf(jordan)]);
  });

  it('logs a search with where, the filters and how many it showed, never the words searched; a plain list is not a search', async () => {
    // Prepare
    const searches = () =>
      auditEntriesWhere(session, (entry) => entry.actor === OWNER && entry.action === 'lead.search');
    const before = (await searches()).length;

    // Act
    await listIds({ form: 'signup' });
    await listIds({ q: 'Jordan.Lee@Example', form: 'signup', audience: 'candidate' });
    await listIds({ q: 'acme', view: 'overdue', from: dayOf(now - 9 * DAY) });

    // Assess: newest first
    const logged = await searches();
    expect(logged).toHaveLength(before + 2);
    expect(logged.slice(0, 2).map((entry) => entry.summary)).toEqual([
      `Searched the leads in the overdue leads (received from ${dayOf(now - 9 * DAY)}): 1 shown`,
      'Searched the leads in the inbox (contact/sign-up form, candidates): 1 shown',
    ]);
    expect(JSON.stringify(logged).toLowerCase()).not.toMatch(/jordan|acme/);
  });

  it('has an overdue view (follow-up day past, not client or closed) and a spam view', async () => {
    expect(await listIds({ view: 'overdue' })).toEqual([keyOf(maria)]);
    expect(await listIds({ view: 'spam' })).toEqual([keyOf(spammer)]);
  });

  it('refuses bad filters and forged cursors in plain words (400)', async () => {
    const bad = (query: Record<string, string>) => api(LEAD_ROUTES.list, as({ json: query }));
    expect(await bad({ form: 'resubscribe' })).toMatchObject({
      statusCode: 400,
      json: { message: 'Choose the scorecard or the contact/sign-up form.' },
    });
    expect(await bad({ from: '2026-02-30' })).toMatchObject({
      statusCode: 400,
      json: { message: 'The first day is not a date on the calendar.' },
    });
    expect(await bad({ from: '2026-03-02', to: '2026-03-01' })).toMatchObject({
      statusCode: 400,
      json: { message: 'The last day is before the first day.' },
    });
    expect(await bad({ sort: 'email' })).toMatchObject({
      statusCode: 400,
      json: { message: 'Unknown field(s): sort.' },
    });
    const forged = Buffer.from(
      JSON.stringify({ id: { S: 'subscriber#x' }, kind: { S: 'lead' }, createdAt: { N: '1' } }),
    ).toString('base64url');
    expect(await bad({ cursor: forged })).toMatchObject({ statusCode: 400, json: { message: BAD_CURSOR } });
    expect(await bad({ cursor: 'not a cursor' })).toMatchObject({ statusCode: 400, json: { message: BAD_CURSOR } });
  });

  it('answers 401 without a session, on the list, a lead and the export', async () => {
    for (const routeKey of [LEAD_ROUTES.list, callOf(LEAD_ROUTES.get, { id: keyOf(avery) }), LEAD_ROUTES.export])
      expect(await api(routeKey, { json: {} })).toMatchObject({ statusCode: 401, json: { message: SIGN_IN_NEEDED } });
  });

  it('answers 403 to the list and the export asked from another origin (they carry a search in their body)', async () => {
    for (const routeKey of [LEAD_ROUTES.list, LEAD_ROUTES.export])
      expect(await api(routeKey, as({ json: { q: 'avery' }, origin: 'https://evil.example' }))).toMatchObject({
        statusCode: 403,
        json: { message: OTHER_ORIGIN },
      });
  });
});

describe("a lead's page", () => {
  it('shows what they sent, each email with its state, reason and SES events, and the follow-up', async () => {
    const answer = await getLead(failed);
    expect(answer.statusCode).toBe(200);
    expect(answer.json).toMatchObject({
      id: keyOf(failed),
      firstName: 'Casey',
      lastName: 'Stone',
      jobTitle: 'HR Director',
      message: 'We are hiring.',
      marketingEmail: 'not asked',
      status: 'new',
      statusHistory: [],
      notes: [],
      version: 0,
      emails: [
        {
          part: 'notification',
          state: 'failed',
          reason: 'Amazon SES kept refusing it until we gave up (Throttling: Maximum sending rate exceeded.).',
          canResend: true,
        },
        { part: 'requester', state: 'in doubt', canResend: false },
      ],
    });
    expect((await getLead(maria)).json.emails).toEqual([
      { part: 'notification', state: 'sent', canResend: false },
      {
        part: 'confirmation',
        state: 'sent',
        canResend: false,
        delivery: { outcome: 'bounced', at: maria.createdAt + 60, detail: 'Permanent/General' },
      },
    ]);
    expect((await getLead(jordan)).json.marketingEmail).toBe('asked');
  });

  it('is in the audit log each time it is viewed, by its id', async () => {
    // Prepare
    const lead = storedLead({ createdAt: now - 14 * DAY });
    await seedLeads([lead]);

    // Act
    const answer = await getLead(lead);

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(await auditEntriesOf(lead)).toEqual([
      expect.objectContaining({ actor: OWNER, action: 'lead.view', target: keyOf(lead), summary: 'Viewed the lead' }),
    ]);
  });

  it('is 404 for an id that names no lead of a form', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'lead%23x', keyOf(resubscribe)])
      expect(await api(callOf(LEAD_ROUTES.get, { id: id }), as())).toMatchObject({
        statusCode: 404,
        json: { message: LEAD_MESSAGES.noSuchLead },
      });
  });
});

describe('follow-up', () => {
  it('moves a lead one step, keeps who and when, and logs it; refuses a skipped step and a stale version', async () => {
    const lead = storedLead({ createdAt: now - 7 * DAY });
    await seedLeads([lead]);

    const moved = await send(LEAD_ROUTES.status, lead, { to: 'contacted', version: 0 });

    expect(moved.statusCode).toBe(200);
    expect(moved.json.message).toBe('Moved from New to Contacted.');
    expect(moved.json.lead).toMatchObject({ status: 'contacted', version: 1 });
    expect(await readLead(lead)).toMatchObject({
      followUpStatus: 'contacted',
      consoleVersion: 1,
      statusHistory: [{ at: expect.any(Number), by: OWNER, from: 'new', to: 'contacted' }],
      email: lead.email,
    });
    expect(await auditEntriesOf(lead)).toEqual([
      expect.objectContaining({ actor: OWNER, action: 'lead.status', summary: 'Moved from New to Contacted' }),
    ]);

    expect(await send(LEAD_ROUTES.status, lead, { to: 'client', version: 1 })).toMatchObject({
      statusCode: 409,
      json: { message: 'A lead that is contacted can move to qualified or closed, not to client.' },
    });
    expect(await send(LEAD_ROUTES.status, lead, { to: 'qualified', version: 0 })).toMatchObject({
      statusCode: 409,
      json: { message: LEAD_MESSAGES.changedMeanwhile },
    });
    expect(await readLead(lead)).toMatchObject({ followUpStatus: 'contacted', consoleVersion: 1 });
    expect(await send(LEAD_ROUTES.status, lead, { to: 'closed', version: 1 })).toMatchObject({ statusCode: 200 });
    expect(await send(LEAD_ROUTES.status, lead, { to: 'new', version: 2 })).toMatchObject({
      statusCode: 409,
      json: { message: 'This lead is closed: it cannot move to new.' },
    });
    expect(await auditEntriesOf(lead)).toHaveLength(2);
  });

  it('of two owners changing one lead at once, keeps one change and tells the other (409)', async () => {
    const lead = storedLead({ createdAt: now - 8 * DAY });
    await seedLeads([lead]);

    const answers = await Promise.all([
      send(LEAD_ROUTES.status, lead, { to: 'contacted', version: 0 }),
      send(LEAD_ROUTES.spam, lead, { spam: true, version: 0 }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json.message).toBe(LEAD_MESSAGES.changedMeanwhile);
    const stored = await readLead(lead);
    expect(stored!.consoleVersion).toBe(1);
    expect(stored!.followUpStatus === 'contacted' ? stored!.spam : stored!.followUpStatus).toBeUndefined();
  });

  it('refuses bad bodies and any field but its own (no mass assignment), changing nothing', async () => {
    const lead = storedLead({ createdAt: now - 9 * DAY });
    await seedLeads([lead]);
    expect(
      await send(LEAD_ROUTES.status, lead, { to: 'contacted', version: 0, email: 'x@evil.example' }),
    ).toMatchObject({
      statusCode: 400,
      json: { message: 'Unknown field(s): email.' },
    });
    expect(await send(LEAD_ROUTES.status, lead, { to: 'won', version: 0 })).toMatchObject({
      statusCode: 400,
      json: { message: 'Choose new, contacted, qualified, client or closed.' },
    });
    expect(await send(LEAD_ROUTES.status, lead, { to: 'contacted' })).toMatchObject({
      statusCode: 400,
      json: { message: 'Say which version of the lead you changed.' },
    });
    expect(await send(LEAD_ROUTES.followUp, lead, { on: '2026-13-01', version: 0 })).toMatchObject({
      statusCode: 400,
      json: { message: 'The follow-up date is not a date on the calendar.' },
    });
    expect(await readLead(lead)).toEqual(lead);
  });

  it('answers 403 to a change from another origin, changing nothing', async () => {
    const lead = storedLead({ createdAt: now - 10 * DAY });
    await seedLeads([lead]);
    expect(
      await send(LEAD_ROUTES.status, lead, { to: 'contacted', version: 0 }, { origin: 'https://evil.example' }),
    ).toMatchObject({ statusCode: 403, json: { message: OTHER_ORIGIN } });
    expect(await readLead(lead)).toEqual(lead);
  });

  it('appends notes with author and time, controls removed, and logs each; refuses an empty or long one', async () => {
    const lead = storedLead({ createdAt: now - 11 * DAY });
    await seedLeads([lead]);

    const first = await send(LEAD_ROUTES.notes, lead, {
      text: ' Called\u202E them;\u001b[2J back Monday.\r\nNo answer. ',
    });
    await send(LEAD_ROUTES.notes, lead, { text: 'Second note.' });

    expect(first).toMatchObject({ statusCode: 200, json: { message: 'Note added.' } });
    expect((await readLead(lead))!.notes).toEqual([
      { at: expect.any(Number), by: OWNER, text: 'Called them;[2J back Monday.\nNo answer.' },
      { at: expect.any(Number), by: OWNER, text: 'Second note.' },
    ]);
    expect((await readLead(lead))!.consoleVersion).toBeUndefined();
    expect(await send(LEAD_ROUTES.notes, lead, { text: ' \u200b ' })).toMatchObject({
      statusCode: 400,
      json: { message: LEAD_MESSAGES.emptyNote },
    });
    expect(await send(LEAD_ROUTES.notes, lead, { text: 'x'.repeat(NOTE_MAX + 1) })).toMatchObject({
      statusCode: 400,
      json: { message: `A note can be at most ${NOTE_MAX} characters.` },
    });
    expect((await auditEntriesOf(lead)).map((entry: { summary: string }) => entry.summary)).toEqual([
      'Added a note',
      'Added a note',
    ]);
  });

  it('sets and clears a follow-up date, which makes the lead overdue once past', async () => {
    const lead = storedLead({ createdAt: now - 12 * DAY });
    await seedLeads([lead]);

    const set = await send(LEAD_ROUTES.followUp, lead, { on: dayOf(now - DAY), version: 0 });

    expect(set).toMatchObject({ statusCode: 200, json: { message: `Follow-up date set to ${dayOf(now - DAY)}.` } });
    expect(await listIds({ view: 'overdue' })).toEqual([maria, lead].map(keyOf));
    const cleared = await send(LEAD_ROUTES.followUp, lead, { on: null, version: 1 });
    expect(cleared).toMatchObject({ statusCode: 200, json: { message: 'Follow-up date cleared.' } });
    expect((await readLead(lead))!.followUpOn).toBeUndefined();
    expect(await listIds({ view: 'overdue' })).toEqual([keyOf(maria)]);
    expect((await auditEntriesOf(lead)).map((entry: { summary: string }) => entry.summary)).toEqual([
      'Follow-up date cleared',
      `Follow-up date ${dayOf(now - DAY)}`,
    ]);
  });

  it('marks a lead as spam (out of the inbox, kept) and back', async () => {
    const lead = storedLead({ createdAt: now - 13 * DAY });
    await seedLeads([lead]);
    // The race above leaves its lead as spam when the spam change wins: this lead, the oldest, joins last.
    const spamBefore = await listIds({ view: 'spam' });

    expect(await send(LEAD_ROUTES.spam, lead, { spam: true, version: 0 })).toMatchObject({ statusCode: 200 });
    expect(await listIds()).not.toContain(keyOf(lead));
    expect(spamBefore[0]).toBe(keyOf(spammer));
    expect(await listIds({ view: 'spam' })).toEqual([...spamBefore, keyOf(lead)]);
    expect(await readLead(lead)).toMatchObject({ spam: true, email: lead.email });

    expect(await send(LEAD_ROUTES.spam, lead, { spam: false, version: 1 })).toMatchObject({
      statusCode: 200,
      json: { message: 'Back in the inbox: not spam.' },
    });
    expect(await listIds()).toContain(keyOf(lead));
    expect((await auditEntriesOf(lead)).map((entry: { action: string }) => entry.action)).toEqual([
      'lead.spam',
      'lead.spam',
    ]);
  });
});

describe('resend', () => {
  it('puts a failed email back into delivery: it goes out once, with the link to the lead; sent or in doubt is refused', async () => {
    const answer = await send(LEAD_ROUTES.resend, failed, { part: 'notification' });

    expect(answer).toMatchObject({
      statusCode: 200,
      json: { message: 'The email to the firm is being sent again.' },
    });
    expect(await readLead(failed)).toMatchObject({
      mail: { notification: 'pending', requester: 'uncertain' },
      mailStatus: 'pending',
      mailQueue: 'due',
    });
    // (Its page was viewed above: lead.view.)
    expect((await auditEntriesOf(failed)).filter((entry) => entry.action !== 'lead.view')).toEqual([
      expect.objectContaining({ action: 'lead.resend', summary: 'Sent the notification email again (it was failed)' }),
    ]);

    await deliverDueMail(failed.id);

    const notifications = await notificationsAbout(failedEmail);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.body.text).toContain(`https://site.test/admin/leads/${keyOf(failed)}`);
    expect((await readLead(failed))!.mail).toEqual({ notification: 'sent', requester: 'uncertain' });
    expect(await send(LEAD_ROUTES.resend, failed, { part: 'notification' })).toMatchObject({
      statusCode: 409,
      json: { message: 'This email was sent already, so it is not sent again.' },
    });
    expect(await send(LEAD_ROUTES.resend, failed, { part: 'requester' })).toMatchObject({
      statusCode: 409,
      json: {
        message:
          'Amazon SES may have accepted this email already (its answer was lost), so it is not sent again from the console: ask the person whether it arrived.',
      },
    });
    expect(await send(LEAD_ROUTES.resend, failed, { part: 'welcome' })).toMatchObject({
      statusCode: 409,
      json: { message: 'This lead has no such email.' },
    });
    expect((await auditEntriesOf(failed)).filter((entry) => entry.action !== 'lead.view')).toHaveLength(1);
  });

  it('does not send a held scorecard email whose links stopped working', async () => {
    const lead = storedLead({
      createdAt: now - 8 * DAY,
      mail: { notification: 'sent', requester: 'held' },
      mailStatus: 'held',
    });
    await seedLeads([lead]);
    const answer = await send(LEAD_ROUTES.resend, lead, { part: 'requester' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json.message).toMatch(
      /^The links in this email stopped working on .*, so it is not sent\. Ask them to use the form again\.$/,
    );
    expect(await readLead(lead)).toEqual(lead);
  });
});

describe('export', () => {
  it('downloads the filtered view as CSV, every cell quoted and formula-safe, and logs it', async () => {
    const answer = await api(LEAD_ROUTES.export, as({ json: { form: 'signup' } }));

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = answer.body.split('\n');
    expect(lines[0]).toBe(
      '"id","received","form","audience","first name","last name","email","job title","organization","message","marketing email","status","follow-up date","spam","emails","notes"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${keyOf(jordan)}"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    const log = await auditEntriesWhere(session, (entry) => entry.actor === OWNER);
    expect(log.find((entry) => entry.action === 'lead.export')).toMatchObject({
      actor: OWNER,
      summary: 'Exported 2 leads of the inbox (form signup)',
    });
  });

  it('downloads the header row alone for a view with no leads', async () => {
    const answer = await api(LEAD_ROUTES.export, as({ json: { q: 'nobody-by-this-name' } }));

    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(
      '"id","received","form","audience","first name","last name","email","job title","organization","message","marketing email","status","follow-up date","spam","emails","notes"',
    );
  });
});

describe("the firm's days (Alberta's, not UTC's)", () => {
  it('counts a lead sent late in the evening in Calgary on that day, though UTC is already on the next', async () => {
    // Prepare: two leads either side of Calgary's midnight that began today; both are on today's UTC day or later.
    const today = dayOf(now);
    const midnight = startOfFirmDay(today);
    const lastEvening = storedLead({ firstName: 'Evening', lastName: 'Boundary', createdAt: midnight - 60 });
    const thisMorning = storedLead({ firstName: 'Morning', lastName: 'Boundary', createdAt: midnight + 60 });
    await seedLeads([lastEvening, thisMorning]);
    const onDay = async (day: string) =>
      (
        (await api(LEAD_ROUTES.list, as({ json: { q: 'boundary', from: day, to: day } }))).json.items as {
          id: string;
        }[]
      ).map((item) => item.id);

    // Act
    const yesterdays = await onDay(dayOf(midnight - 1));
    const todays = await onDay(today);

    // Assess: 23:59 in Calgary is 05:59 or 06:59 UTC the next day, yet yesterday's lead
    expect(new Date((midnight - 60) * 1000).toISOString().slice(0, 10)).toBe(today);
    expect(yesterdays).toEqual([keyOf(lastEvening)]);
    expect(todays).toEqual([keyOf(thisMorning)]);
  });
});
