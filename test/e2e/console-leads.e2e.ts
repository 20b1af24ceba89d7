/**
 * The console's Leads screens in a real browser (issue 19 §3): a visitor's sign-up arrives; the
 * owner signs in with a passkey and finds it at the top of the inbox; opens it from the link in
 * the firm's notification email; moves its status, adds a note, sets a follow-up date; exports
 * the view as CSV; marks it spam and finds it under Spam; the audit log shows each action; a
 * second sign-up is marked as spam from the inbox in one action. axe on every screen, and nothing
 * scrolls sideways at 390 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { firmDay } from '#shared/firm-day.ts';
import { axeViolations } from './support/axe';
import { DESKTOP, pagesForFile, PHONE, scrollsSideways } from './support/browser';
import { enrolAndSignIn, OWNER, screenshots, screenTitled } from './support/console';
import { linksIn, uniqueAddress, waitForEmail } from './support/inbox';
import { signUpViaApi } from './support/subscribers';
import { visit } from './support/site';

/** The firm's notification address (cdk.json context, as the local stack reads it). */
const FIRM_INBOX: string = JSON.parse(readFileSync('cdk.json', 'utf8')).context.notificationEmail;

const openPage = pagesForFile();

const visitor = {
  email: uniqueAddress('leads-ui'),
  firstName: 'Robin',
  // Letters only (names allow no digits), unique to this run so the inbox's top row is this lead.
  lastName: `Okafor ${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`,
};
const visitorName = `${visitor.firstName} ${visitor.lastName}`;
/** A second sign-up, as one lead of a flood would come: the owner marks it from the inbox in one action. */
const flooder = { ...visitor, email: uniqueAddress('leads-flood'), firstName: 'Flora' };
const flooderName = `${flooder.firstName} ${flooder.lastName}`;
/** The follow-up date the owner sets: tomorrow in Alberta. */
const followUpOn = firmDay(Math.floor(Date.now() / 1000) + 86_400);

const statusOf = (page: Page) => page.getByRole('status').or(page.getByRole('alert'));

describe("the leads inbox and a lead's page, from a visitor's sign-up to the audit log", () => {
  let page: Page;
  let leadPath = '';

  beforeAll(async () => {
    // Prepare: a visitor sends the contact form a moment before the owner signs in
    const sent = await signUpViaApi('employer', visitor);
    expect({ status: sent.status, body: await sent.text() }).toMatchObject({ status: 200 });
    ({ page } = await openPage(DESKTOP));
    await enrolAndSignIn(page, 'Leads');
  });

  test('the owner lands on the inbox and sees the new lead at the top', async () => {
    // Assess
    expect(new URL(page.url()).pathname).toBe('/admin/leads');
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await firstRow.getByRole('link', { name: visitorName }).waitFor();
    await expect(firstRow.locator('td[data-label="Status"]').textContent()).resolves.toBe('New');
    await expect(firstRow.locator('td[data-label="Email"]').textContent()).resolves.toBe(visitor.email);
    expect(await axeViolations(page, '/admin/leads')).toEqual([]);
    await screenshots(page, 'leads-inbox');
  });

  test('the link in the firm’s notification email opens the lead’s page', async () => {
    // Prepare
    const notification = await waitForEmail(FIRM_INBOX, visitorName);
    const link = linksIn(notification).find((href) => new URL(href).pathname.startsWith('/admin/leads/'));
    expect(link).toBeDefined();
    leadPath = new URL(link!).pathname;

    // Act
    await visit(page, leadPath);

    // Assess
    await screenTitled(page, visitorName);
    await page.getByText(visitor.email, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Notification to the firm' }).waitFor();
    expect(await axeViolations(page, '/admin/leads/<id>')).toEqual([]);
  });

  test('moving the status, a note and a follow-up date each say what happened and show on the page', async () => {
    // Act
    await page.getByRole('button', { name: 'Move to contacted' }).click();

    // Assess
    await page.getByText('Moved from New to Contacted.').waitFor();
    await page.getByRole('heading', { name: 'Status: Contacted' }).waitFor();
    await page.getByText(`New → Contacted, by ${OWNER}`).waitFor();

    // Act
    await page.getByLabel(/New note/).fill('Called: wants a site supervisor by June.');
    await page.getByRole('button', { name: 'Save the note' }).click();

    // Assess
    await page.getByText('Note added.').waitFor();
    await page
      .getByRole('list', { name: 'Notes so far, oldest first' })
      .getByText('Called: wants a site supervisor by June.')
      .waitFor();
    await expect(page.getByLabel(/New note/).inputValue()).resolves.toBe('');

    // Act
    await page.getByLabel(/Follow-up date/).fill(followUpOn);
    await page.getByRole('button', { name: 'Save the date' }).click();

    // Assess
    await page.getByText(`Follow-up date set to ${followUpOn}.`).waitFor();
    expect(await axeViolations(page, '/admin/leads/<id> after changes')).toEqual([]);
    await screenshots(page, 'lead-page');
  });

  test('a search for an address is in no URL: not the page’s, not any request’s, and a reload keeps it', async () => {
    // Prepare: every URL the browser asks for from now on
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await visit(page, '/admin/leads');
    await screenTitled(page, 'Leads');

    // Act
    await page.getByLabel('Search by name, email or organization').fill(visitor.email);
    await page.getByRole('button', { name: 'Show leads' }).click();
    await page.getByRole('link', { name: visitorName }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: visitorName }).waitFor();

    // Assess: the address and its first part, plain or encoded, appear nowhere (decision 0072)
    await expect(page.getByLabel('Search by name, email or organization').inputValue()).resolves.toBe(visitor.email);
    expect(requested.some((url) => url.includes('/api/admin/leads'))).toBe(true);
    const local = visitor.email.split('@')[0]!;
    for (const url of [page.url(), ...requested]) expect(decodeURIComponent(url)).not.toContain(local);
  });

  test('"Export CSV" downloads the filtered view with the lead as it now stands', async () => {
    // Prepare: the inbox, searched for this visitor (the test before)
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.getByRole('link', { name: visitorName }).waitFor();

    // Act
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);

    // Assess
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readFileSync((await download.path())!, 'utf8').split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('"email","job title","organization"');
    const cells = rows[1]!.split('","');
    expect(cells).toEqual(
      expect.arrayContaining([visitor.firstName, visitor.lastName, visitor.email, 'contacted', followUpOn, 'no']),
    );
    expect(cells.at(-1)).toBe('1"');
    await statusOf(page)
      .getByText(/^Downloaded leads-.*\.csv: 1 lead\.$/)
      .waitFor();
    expect(requested.filter((url) => url.includes('/api/admin/leads/export'))).toHaveLength(1);
    for (const url of requested) expect(decodeURIComponent(url)).not.toContain(visitor.email.split('@')[0]!);
  });

  test('"Mark as spam" takes it out of the inbox and into Spam', async () => {
    // Prepare
    await page.getByRole('link', { name: visitorName }).click();
    await screenTitled(page, visitorName);

    // Act
    await page.getByRole('button', { name: 'Mark as spam' }).click();

    // Assess
    await page.getByText('Marked as spam: it is kept, out of the inbox.').waitFor();
    await page.getByRole('link', { name: '← All leads' }).click();
    await screenTitled(page, 'Leads');
    await page.getByText('No leads match these filters.', { exact: false }).waitFor();
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Spam' }).click();
    await page.getByRole('link', { name: visitorName }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('spam');
    // The search came along in the history entry's state, not in the address.
    await expect(page.getByLabel('Search by name, email or organization').inputValue()).resolves.toBe(visitor.email);
    expect(decodeURIComponent(page.url())).not.toContain(visitor.email.split('@')[0]!);
  });

  test('the audit log shows each of those actions, by the owner, newest first', async () => {
    // Act
    await page.getByRole('link', { name: 'Audit log' }).click();

    // Assess
    await screenTitled(page, 'Audit log');
    await page.getByRole('cell', { name: 'Marked as spam' }).first().waitFor();
    const summaries = await page.locator('td[data-label="What happened"]').allTextContents();
    // Reading is audited too (issue 33, part 6): the lead's page and each search, among the actions.
    expect(summaries).toContain('Viewed the lead');
    const actions = summaries.filter((summary) => !/^(Viewed the lead|Searched the leads)/.test(summary));
    expect(actions.slice(0, 5)).toEqual([
      'Marked as spam',
      'Exported 1 lead of the inbox (a search)',
      `Follow-up date ${followUpOn}`,
      'Added a note',
      'Moved from New to Contacted',
    ]);
    const actors = await page.locator('td[data-label="Who"]').allTextContents();
    expect(actors.slice(0, 5)).toEqual(Array(5).fill(OWNER));
  });

  test('"Mark as spam: The 1 lead shown…" asks with the number, marks it in one action and logs it once', async () => {
    // Prepare: a second sign-up arrives; the inbox searched for its address
    const sent = await signUpViaApi('employer', flooder);
    expect({ status: sent.status, body: await sent.text() }).toMatchObject({ status: 200 });
    await visit(page, '/admin/leads');
    await page.getByLabel('Search by name, email or organization').fill(flooder.email);
    await page.getByRole('button', { name: 'Show leads' }).click();
    await page.getByRole('link', { name: flooderName }).waitFor();

    // Act
    await page.getByRole('button', { name: 'The 1 lead shown…' }).click();
    const yes = page.getByRole('button', { name: 'Yes, mark 1 lead as spam' });
    await yes.waitFor();

    // Assess: the question, within the page at 390 px too, and axe finds nothing
    expect(await axeViolations(page, '/admin/leads, marking as spam')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await scrollsSideways(page)).toBe(false);
    await page.setViewportSize(DESKTOP);

    // Act
    await yes.click();

    // Assess: done, the list shows what is left, and the audit log has the one entry
    await page.getByText('Marked 1 lead as spam.').waitFor();
    await page.getByText('No leads match these filters.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await screenTitled(page, 'Audit log');
    await page
      .getByRole('cell', { name: 'Marked 1 lead as spam in one action on the 1 lead shown in the inbox (a search)' })
      .waitFor();
  });

  test('at 390 px the inbox is cards and the lead page’s actions are reachable, without sideways scrolling', async () => {
    // Prepare
    await page.setViewportSize(PHONE);

    // Act
    await visit(page, '/admin/leads?view=spam');
    await page.getByRole('link', { name: visitorName }).waitFor();

    // Assess
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page, '/admin/leads at 390 px')).toEqual([]);

    // Act
    await visit(page, leadPath);
    await screenTitled(page, visitorName);

    // Assess
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Not spam' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Not spam' }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page, '/admin/leads/<id> at 390 px')).toEqual([]);
  });
});
