/**
 * Marking a flood as spam in one action (issue 33, part 8): the owner marks every lead of a view
 * as filtered (or the leads shown) in a run of steps the page asks for in turn. Each step marks a
 * bounded number of leads; asking again, from a second tab or after a pause marks no lead twice;
 * a lead changed meanwhile is left as it is; the run has one audit entry with its count; held
 * emails of the leads marked are never sent. Through the consoleApi function under its role, as
 * the gateway calls it.
 */
// First: this file's own leads table, before the handlers read LEADS_TABLE.
import { callOf } from '#shared/route-key.ts';
import {
  createOwnLeadsTable,
  newLeadKey,
  ownLeadsTable,
  seedLeads,
  storedLead,
} from '#test/support/own-leads-table.ts';
import { LEAD_ROUTES, SPAM_RUN_SHOWN_MAX, type SpamRun } from '#shared/console/leads.ts';
import { unknownFields } from '#shared/constants/api-errors.ts';
import { firmDay, startOfFirmDay } from '#shared/firm-day.ts';
import { OTHER_ORIGIN, SIGN_IN_NEEDED } from '#lambdas/console/kit/guards.ts';
import { LEAD_MESSAGES } from '#lambdas/console/leads/lead-messages.ts';
import { SPAM_RUN_MESSAGES } from '#lambdas/console/leads/spam-runs.ts';
import { capturedEmailsTo, deliverDueMail, notificationsAbout, readItem, uniqueEmail } from '../support/local-aws';
import { api, auditEntriesWhere, enrol, sessionOf, type Call } from './console-client';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const OWNER = `spam-runs.${process.pid}.${Date.now()}@chinooktalent.ca`;
const OTHER_OWNER = `spam-runs-other.${process.pid}.${Date.now()}@chinooktalent.ca`;
let session = '';
let otherSession = '';
const as = (options: Call = {}): Call => ({ session, ...options });
const keyOf = (lead: { id: string }) => lead.id.slice('lead#'.length);
const stepRoute = (run: string) => callOf(LEAD_ROUTES.spamRunStep, { run });
const readLead = (lead: { id: string }) => readItem(ownLeadsTable, lead.id);
/** Leads as stored, read 10 at a time (hundreds at once would wait for sockets on a busy machine). */
const readLeads = async (leads: { id: string }[]) => {
  const read: Awaited<ReturnType<typeof readLead>>[] = [];
  for (let start = 0; start < leads.length; start += 10)
    read.push(...(await Promise.all(leads.slice(start, start + 10).map(readLead))));
  return read;
};
/** This file's owner's entries of marking many leads as spam, newest first. */
const runEntries = () =>
  auditEntriesWhere(session, (entry) => entry.actor === OWNER && entry.action === 'lead.spam-many');

/** A firm day of its own for each test, `days` back, and a time in it. */
const dayAt = (days: number) => firmDay(now - days * DAY);
const timeIn = (day: string, seconds: number) => startOfFirmDay(day) + 3600 + seconds;

/** A contact form's lead of a flood: a confirmation request, sent. */
const floodLead = (createdAt: number, fields: Record<string, unknown> = {}) =>
  storedLead({
    type: 'signup',
    audience: 'candidate',
    firstName: 'Flood',
    createdAt,
    mail: { notification: 'sent', confirmation: 'sent' },
    ...fields,
  });

/** Begins a run over `scope`, then asks for its steps until it is done: every answer. */
const runToTheEnd = async (scope: Record<string, unknown>) => {
  const begun = await api(LEAD_ROUTES.spamRuns, as({ json: scope }));
  expect(begun.statusCode).toBe(200);
  const steps: SpamRun[] = [];
  let run = begun.json as SpamRun;
  while (!run.done && steps.length < 100) {
    const step = await api(stepRoute(run.run), as({ json: scope }));
    expect(step.statusCode).toBe(200);
    run = step.json as SpamRun;
    steps.push(run);
  }
  return { begun: begun.json as SpamRun, steps };
};

beforeAll(async () => {
  await createOwnLeadsTable();
  process.env.CONSOLE_OWNERS = `${process.env.CONSOLE_OWNERS},${OWNER},${OTHER_OWNER}`;
  session = sessionOf((await enrol(OWNER)).answer)!;
  otherSession = sessionOf((await enrol(OTHER_OWNER)).answer)!;
}, 30_000);

describe('a flood of 450 contact form leads in a day', () => {
  const day = dayAt(40);
  // Newest first in the index: the five whose confirmation the form-mail budget held are the newest.
  const flood = Array.from({ length: 450 }, (_, n) =>
    floodLead(
      timeIn(day, 450 - n),
      n < 5
        ? {
            mail: { notification: 'sent', confirmation: 'held' },
            mailStatus: 'held',
            partOfFlood: 'limit#network#203.0.113.0/24#1',
          }
        : {},
    ),
  );
  const visitor = storedLead({ createdAt: timeIn(day, 600) }); // the scorecard, the same day
  const nextDay = floodLead(timeIn(dayAt(39), 10));
  const spamAlready = floodLead(timeIn(day, 700), { spam: true });
  const scope = { form: 'signup', from: day, to: day };

  beforeAll(() => seedLeads([...flood, visitor, nextDay, spamAlready]), 60_000);

  it('are marked in three steps of at most 200, the run counted first; nothing else is touched', async () => {
    // Act
    const { begun, steps } = await runToTheEnd(scope);

    // Assess: counted when it began (not the lead already spam), then 200, 400, 450.
    expect(begun).toEqual({ run: begun.run, total: 450, marked: 0, unchanged: 0, heldDropped: 0, done: false });
    expect(steps.map((step) => [step.marked, step.done])).toEqual([
      [200, false],
      [400, false],
      [450, true],
    ]);
    expect(steps.at(-1)).toMatchObject({ total: 450, unchanged: 0, heldDropped: 5 });
    const after = await readLeads(flood);
    expect(after.filter((lead) => lead!.spam === true)).toHaveLength(450);
    // Marked on whatever version it was: the version moves on, so a page open on the lead is told.
    expect(after.every((lead) => lead!.consoleVersion === 1)).toBe(true);
    expect(await readLead(visitor)).toEqual(visitor);
    expect(await readLead(nextDay)).toEqual(nextDay);
    expect(await readLead(spamAlready)).toEqual(spamAlready);
  }, 60_000);

  it('drops the held confirmations: they no longer wait for the firm and can never be sent', async () => {
    const held = await readLeads(flood.slice(0, 5));
    for (const lead of held)
      expect(lead).toMatchObject({
        spam: true,
        mail: { notification: 'sent', confirmation: 'dropped' },
        mailStatus: 'dropped',
      });
    const resend = await api(
      callOf(LEAD_ROUTES.resend, { id: keyOf(flood[0]!) }),
      as({ json: { part: 'confirmation' } }),
    );
    expect(resend).toMatchObject({ statusCode: 409, json: { message: LEAD_MESSAGES.spamGetsNothing } });
  });

  it('has one audit entry with the count, in plain words', async () => {
    const entries = await runEntries();
    expect(entries.map((entry) => entry.summary)).toContain(
      `Marked 450 leads as spam in one action on every lead of the inbox (contact/sign-up form, received from ${day}, received until ${day}); 5 held emails will never be sent`,
    );
  });
});

describe('a run asked again', () => {
  const day = dayAt(50);
  const flood = Array.from({ length: 250 }, (_, n) => floodLead(timeIn(day, n)));
  const scope = { from: day, to: day };

  beforeAll(() => seedLeads(flood), 30_000);

  it('keeps one audit entry that follows the count, takes a step at a time, and answers the same once done', async () => {
    // Prepare
    const before = (await runEntries()).length;
    const begun = (await api(LEAD_ROUTES.spamRuns, as({ json: scope }))).json as SpamRun;

    // Act: the first step asked twice at once (two tabs)
    const twice = await Promise.all([
      api(stepRoute(begun.run), as({ json: scope })),
      api(stepRoute(begun.run), as({ json: scope })),
    ]);

    // Assess: one took the step, the other was told to let it finish; the entry says how far it has come.
    expect(twice.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((answer) => answer.statusCode === 409)!.json).toEqual({ message: SPAM_RUN_MESSAGES.busy });
    expect(twice.find((answer) => answer.statusCode === 200)!.json).toMatchObject({ marked: 200, done: false });
    let entries = await runEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]!.summary).toBe(
      `Marked 200 of 250 leads as spam so far, in one action on every lead of the inbox (received from ${day}, received until ${day})`,
    );

    // Act: the rest, then the last step asked again (its answer was lost)
    const last = await api(stepRoute(begun.run), as({ json: scope }));
    const again = await api(stepRoute(begun.run), as({ json: scope }));

    // Assess: every lead marked once, counted once; one entry, now of the whole run.
    expect(last.json).toEqual({ run: begun.run, total: 250, marked: 250, unchanged: 0, heldDropped: 0, done: true });
    expect(again.json).toEqual(last.json);
    expect((await readLeads(flood)).every((lead) => lead!.spam === true && lead!.consoleVersion === 1)).toBe(true);
    entries = await runEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]!.summary).toBe(
      `Marked 250 leads as spam in one action on every lead of the inbox (received from ${day}, received until ${day})`,
    );
  }, 60_000);
});

describe('leads changed while a run goes on', () => {
  const day = dayAt(60);
  const [moved, markedMeanwhile, untouched] = [1, 2, 3].map((n) => floodLead(timeIn(day, n)));
  const scope = { status: 'new', from: day, to: day };

  beforeAll(() => seedLeads([moved!, markedMeanwhile!, untouched!]));

  it('are left as they are, and counted apart', async () => {
    // Prepare: the run counts three new leads; then another owner moves one on and marks one as spam
    const begun = (await api(LEAD_ROUTES.spamRuns, as({ json: scope }))).json as SpamRun;
    const other = (options: Call): Call => ({ session: otherSession, ...options });
    await api(callOf(LEAD_ROUTES.status, { id: keyOf(moved!) }), other({ json: { to: 'contacted', version: 0 } }));
    await api(
      callOf(LEAD_ROUTES.spam, { id: keyOf(markedMeanwhile!) }),
      other({ method: 'PUT', json: { spam: true, version: 0 } }),
    );

    // Act
    const step = await api(stepRoute(begun.run), as({ json: scope }));

    // Assess
    expect(begun.total).toBe(3);
    expect(step.json).toMatchObject({ total: 3, marked: 1, unchanged: 2, done: true });
    expect(await readLead(moved!)).toMatchObject({ followUpStatus: 'contacted', consoleVersion: 1 });
    expect((await readLead(moved!))!.spam).toBeUndefined();
    expect(await readLead(untouched!)).toMatchObject({ spam: true, consoleVersion: 1 });
    const [entry] = await runEntries();
    expect(entry!.summary).toBe(
      `Marked 1 lead as spam in one action on every lead of the inbox (status new, received from ${day}, received until ${day}); 2 leads had changed meanwhile and were not marked`,
    );
    // An owner who had the marked lead open sees that it changed.
    expect(
      await api(callOf(LEAD_ROUTES.status, { id: keyOf(untouched!) }), as({ json: { to: 'contacted', version: 0 } })),
    ).toMatchObject({ statusCode: 409, json: { message: LEAD_MESSAGES.changedMeanwhile } });
  });
});

describe('a lead that arrives after the run began', () => {
  it('is not one of its leads, even within its filters and search', async () => {
    // Prepare: a search with no end date; a lead of it arrives after the run began
    const before = floodLead(timeIn(dayAt(70), 1), { organization: 'Late Arrivals Ltd' });
    await seedLeads([before]);
    const scope = { q: 'late arrivals', from: dayAt(70) };
    const begun = (await api(LEAD_ROUTES.spamRuns, as({ json: scope }))).json as SpamRun;
    const after = floodLead(Math.floor(Date.now() / 1000) + 60, { organization: 'Late Arrivals Ltd' });
    await seedLeads([after]);

    // Act
    const step = await api(stepRoute(begun.run), as({ json: scope }));

    // Assess
    expect(step.json).toMatchObject({ total: 1, marked: 1, unchanged: 0, done: true });
    expect(await readLead(before)).toMatchObject({ spam: true });
    expect(await readLead(after)).toEqual(after);
    const [entry] = await runEntries();
    expect(entry!.summary).toBe(
      `Marked 1 lead as spam in one action on every lead of the inbox (received from ${dayAt(70)}, a search)`,
    );
    expect(entry!.summary.toLowerCase()).not.toContain('late arrivals');
  });
});

describe('the leads shown', () => {
  it('are marked by their ids, and only while they are still leads of the view', async () => {
    // Prepare: three leads shown in the overdue view; one of them is closed meanwhile
    const day = dayAt(80);
    const overdue = { followUpOn: dayAt(79) };
    const shown = [1, 2, 3].map((n) => floodLead(timeIn(day, n), overdue));
    const notShown = floodLead(timeIn(day, 4), overdue);
    await seedLeads([...shown, notShown]);
    const scope = { view: 'overdue', ids: shown.map(keyOf) };
    const begun = (await api(LEAD_ROUTES.spamRuns, as({ json: scope }))).json as SpamRun;
    await api(callOf(LEAD_ROUTES.status, { id: keyOf(shown[2]!) }), as({ json: { to: 'closed', version: 0 } }));

    // Act
    const step = await api(stepRoute(begun.run), as({ json: scope }));

    // Assess
    expect(begun).toMatchObject({ total: 3, done: false });
    expect(step.json).toMatchObject({ total: 3, marked: 2, unchanged: 1, done: true });
    expect((await readLeads(shown)).map((lead) => lead!.spam ?? false)).toEqual([true, true, false]);
    expect(await readLead(notShown)).toEqual(notShown);
    const [entry] = await runEntries();
    expect(entry!.summary).toBe(
      'Marked 2 leads as spam in one action on the 3 leads shown in the overdue leads; 1 lead had changed meanwhile and was not marked',
    );
  });
});

describe('what a run refuses', () => {
  const scope = { from: dayAt(90), to: dayAt(90) };

  it('answers 401 without a session and 403 from another origin, and marks nothing', async () => {
    const lead = floodLead(timeIn(dayAt(90), 1));
    await seedLeads([lead]);
    const begun = (await api(LEAD_ROUTES.spamRuns, as({ json: scope }))).json as SpamRun;

    expect(await api(LEAD_ROUTES.spamRuns, { json: scope })).toMatchObject({
      statusCode: 401,
      json: { message: SIGN_IN_NEEDED },
    });
    expect(await api(stepRoute(begun.run), { json: scope })).toMatchObject({
      statusCode: 401,
      json: { message: SIGN_IN_NEEDED },
    });
    for (const origin of ['https://evil.example', 'null'])
      for (const route of [LEAD_ROUTES.spamRuns, stepRoute(begun.run)])
        expect(await api(route, as({ json: scope, origin }))).toMatchObject({
          statusCode: 403,
          json: { message: OTHER_ORIGIN },
        });
    expect(await readLead(lead)).toEqual(lead);
  });

  it('takes only the scope’s own fields, checked by the shared schema (no mass assignment)', async () => {
    const refused = [
      [{ ...scope, spam: false }, unknownFields(['spam'])],
      [{ ...scope, owner: OTHER_OWNER }, unknownFields(['owner'])],
      [{ ...scope, cursor: 'x' }, unknownFields(['cursor'])],
      [{ view: 'spam' }, 'The leads in spam are marked as spam already.'],
      [{ ids: ['lead#not-a-key'] }, 'One of the leads chosen is not a lead of the inbox.'],
      [{ ids: 'all' }, 'ids must be a list.'],
    ] as const;
    for (const [json, message] of refused)
      expect(await api(LEAD_ROUTES.spamRuns, as({ json }))).toMatchObject({ statusCode: 400, json: { message } });
  });

  it('takes as many leads shown as its body can hold, a search with them, and refuses one more in words', async () => {
    const ids = Array.from({ length: SPAM_RUN_SHOWN_MAX + 1 }, () => newLeadKey());
    const q = 'x'.repeat(100);

    expect(await api(LEAD_ROUTES.spamRuns, as({ json: { ...scope, q, ids: ids.slice(1) } }))).toMatchObject({
      statusCode: 200,
      json: { total: SPAM_RUN_SHOWN_MAX, done: false },
    });
    expect(await api(LEAD_ROUTES.spamRuns, as({ json: { ...scope, q, ids } }))).toMatchObject({
      statusCode: 400,
      json: { message: `Choose at most ${SPAM_RUN_SHOWN_MAX} leads, or every lead that matches the filters.` },
    });
  });

  it("will not step another owner's run, a run of another scope, or no run at all", async () => {
    const begun = (await api(LEAD_ROUTES.spamRuns, as({ json: scope }))).json as SpamRun;

    expect(await api(stepRoute(begun.run), { session: otherSession, json: scope })).toMatchObject({
      statusCode: 404,
      json: { message: SPAM_RUN_MESSAGES.gone },
    });
    expect(await api(stepRoute(begun.run), as({ json: { ...scope, form: 'scorecard' } }))).toMatchObject({
      statusCode: 409,
      json: { message: SPAM_RUN_MESSAGES.otherScope },
    });
    for (const run of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-run'])
      expect(await api(stepRoute(run), as({ json: scope }))).toMatchObject({
        statusCode: 404,
        json: { message: SPAM_RUN_MESSAGES.gone },
      });
  });
});

describe("what marking as spam does to a lead's emails", () => {
  // Recent leads: their links still work, so an email the budget held or delayed would go out.
  const recent = Math.floor(Date.now() / 1000) - 7200;

  it('a held confirmation of a lead not judged part of a flood is dropped at once, and never sent', async () => {
    // Prepare: held, waiting in MailDue for its next look; without the mark it would go out by itself
    const email = uniqueEmail('held-then-spam');
    const lead = floodLead(recent, {
      email,
      mailbox: email,
      mail: { notification: 'sent', confirmation: 'held' },
      mailStatus: 'held',
      floodCheck: [],
      mailQueue: 'due',
      nextAttemptAt: recent,
      retryUntil: recent + DAY,
    });
    await seedLeads([lead]);

    // Act: the owner marks the lead shown, then the mailer makes its attempt
    await runToTheEnd({ ids: [keyOf(lead)] });
    await deliverDueMail(lead.id);

    // Assess
    expect(await readLead(lead)).toMatchObject({
      spam: true,
      mail: { notification: 'sent', confirmation: 'dropped' },
      mailStatus: 'dropped',
    });
    expect(await capturedEmailsTo(email)).toEqual([]);
  });

  it('a confirmation waiting for its turn in the budget is dropped by the mailer; the firm still hears of the lead', async () => {
    // Prepare: the notification not sent yet, the confirmation's turn come
    const email = uniqueEmail('waiting-then-spam');
    const lead = floodLead(recent, {
      email,
      mailbox: email,
      mail: { notification: 'pending', confirmation: 'waiting' },
      mailStatus: 'pending',
      mailWaitsUntil: recent,
      mailQueue: 'due',
      nextAttemptAt: recent,
      retryUntil: recent + DAY,
    });
    await seedLeads([lead]);

    // Act
    await runToTheEnd({ ids: [keyOf(lead)] });
    await deliverDueMail(lead.id);

    // Assess
    expect(await readLead(lead)).toMatchObject({
      mail: { notification: 'sent', confirmation: 'dropped' },
      mailStatus: 'dropped',
    });
    expect(await capturedEmailsTo(email)).toEqual([]);
    expect(await notificationsAbout(email)).toHaveLength(1);
  });

  it('marking one lead as spam drops its held email too, and its page says so', async () => {
    const lead = floodLead(recent, {
      mail: { notification: 'sent', confirmation: 'held' },
      mailStatus: 'held',
      partOfFlood: 'limit#network#203.0.113.0/24#1',
    });
    await seedLeads([lead]);

    const answer = await api(
      callOf(LEAD_ROUTES.spam, { id: keyOf(lead) }),
      as({ method: 'PUT', json: { spam: true, version: 0 } }),
    );

    expect(answer.statusCode).toBe(200);
    expect(answer.json.lead.emails).toContainEqual({
      part: 'confirmation',
      state: 'not sent',
      reason: 'The firm decided not to send it.',
      canResend: false,
    });
  });
});
