/**
 * The People and Subscribers screens in a real browser (issue 19 §4–5): a visitor subscribes
 * and confirms; the owner finds them by address (never in the URL), sees the consent wording and
 * the confirmation's time, IP and user agent, downloads and prints the evidence, unsubscribes
 * them with a reason; the Subscribers screen counts them and exports the filtered view; a second
 * person is erased with the address typed again; the audit log shows each action; axe on each.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { localConfig } from '#infra/local/local-config.ts';
import { BUSINESS } from '#shared/constants/business.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import type { EvidencePack } from '#shared/console/people.ts';
import { axeViolations } from './support/axe';
import { DESKTOP, pagesForFile } from './support/browser';
import { enrolAndSignIn, OWNER, screenshots, screenTitled } from './support/console';
import { subscribeViaApi, type ApiSubscriber } from './support/subscribers';

/** The address the local stack gives the console (MAILING_ADDRESS, else its local stand-in). */
const MAILING_ADDRESS = localConfig().mailingAddress;

const openPage = pagesForFile();

const downloaded = async (download: Download) => readFile((await download.path())!, 'utf8');

/** Opens a console screen from the navigation, as the owner does. */
async function openScreen(page: Page, label: string, heading = label) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label }).click();
  await screenTitled(page, heading);
}

async function findPerson(page: Page, email: string) {
  await page.getByLabel('Their email address').fill(email);
  await page.getByRole('button', { name: 'Find this person' }).click();
  await page.getByRole('heading', { level: 2, name: email }).waitFor();
  await page.getByRole('heading', { name: 'Where they stand now' }).waitFor();
}

/** The value beside a label in one history entry (its <dl>). */
const detailIn = (entry: ReturnType<Page['locator']>, label: string) =>
  entry.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent();

describe('People and Subscribers, from a confirmed sign-up to an erasure', () => {
  let page: Page;
  let visitor: ApiSubscriber;
  let other: ApiSubscriber;
  let pack: EvidencePack;

  beforeAll(async () => {
    [visitor, other] = await Promise.all([
      subscribeViaApi('candidate', 'people-a'),
      subscribeViaApi('employer', 'people-b'),
    ]);
    ({ page } = await openPage(DESKTOP));
    await enrolAndSignIn(page, 'Leads');
  });

  test('the owner finds the visitor: the request with its exact wording, the confirmation with time, IP and user agent', async () => {
    // Act
    await openScreen(page, 'People');
    expect(await axeViolations(page, '/admin/people')).toEqual([]);
    await findPerson(page, visitor.email);

    // Assess: the address never reaches the URL
    expect(new URL(page.url()).pathname).toBe('/admin/people');
    expect(page.url()).not.toContain('@');
    const request = page.locator('.console-timeline__entry', {
      hasText: 'Asked to subscribe on the contact/sign-up form on the candidate page (/candidate)',
    });
    expect(await detailIn(request, 'Wording shown beside the box they ticked')).toBe(CONSENT_TEXT.signup);
    const confirmation = page.locator('.console-timeline__entry', { hasText: 'Confirmed the subscription' });
    expect(await confirmation.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await detailIn(confirmation, 'IP address')).toMatch(/\S/);
    expect(await detailIn(confirmation, 'Browser (user agent)')).toMatch(/\S/);
    await page.getByRole('link', { name: 'Open this message in Leads' }).first().waitFor();
    expect(await axeViolations(page, '/admin/people (a person)')).toEqual([]);
    await screenshots(page, 'person');
  });

  test('the evidence pack downloads as JSON holding the consent proof the page showed, and prints', async () => {
    // Act
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the evidence (JSON)' }).click(),
    ]);

    // Assess
    expect(download.suggestedFilename()).toMatch(/^consent-evidence-\d{4}-\d\d-\d\d\.json$/);
    pack = JSON.parse(await downloaded(download)) as EvidencePack;
    expect(pack.sender).toMatchObject({ name: BUSINESS.name, mailingAddress: MAILING_ADDRESS });
    expect(pack.generatedBy).toBe(OWNER);
    const [subscription] = pack.subscriptions;
    expect(subscription).toMatchObject({ audience: 'candidate', email: visitor.email, state: 'confirmed' });
    expect(subscription!.ledger.map((event) => event.type)).toEqual(['requested', 'confirmed']);
    expect(subscription!.ledger[0]).toMatchObject({ text: CONSENT_TEXT.signup, source: 'candidate-signup-form' });
    const confirmed = subscription!.ledger[1] as Extract<
      EvidencePack['subscriptions'][0]['ledger'][0],
      { type: 'confirmed' }
    >;
    const shown = page.locator('.console-timeline__entry', { hasText: 'Confirmed the subscription' });
    expect(await detailIn(shown, 'IP address')).toBe(confirmed.ip);
    expect(await detailIn(shown, 'Browser (user agent)')).toBe(confirmed.userAgent);
    await page.getByText(`Downloaded ${download.suggestedFilename()}.`).waitFor();

    // Act
    await page.getByRole('link', { name: 'Open the printable page' }).click();

    // Assess: the firm's identification and the time it was made; on paper, no console frame
    await screenTitled(page, 'Consent evidence');
    expect(page.url()).not.toContain('@');
    await page.getByText(MAILING_ADDRESS).waitFor();
    await page.getByText(`by ${OWNER}`).waitFor();
    await page.getByText(CONSENT_TEXT.signup).waitFor();
    expect(await axeViolations(page, '/admin/people/evidence')).toEqual([]);
    await screenshots(page, 'evidence');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Print this page' }).isVisible()).resolves.toBe(false);
    await expect(page.getByText(MAILING_ADDRESS).isVisible()).resolves.toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: "Back to the person's page" }).click();
    await page.getByRole('heading', { level: 2, name: visitor.email }).waitFor();
  });

  test('unsubscribing them with a reason: the answer, then the withdrawal in their history', async () => {
    // Act
    await page.getByLabel(/^Why/).fill('Asked by phone to stop all email');
    await page.getByRole('button', { name: 'Unsubscribe…' }).click();
    await page.getByRole('button', { name: 'Yes, unsubscribe them' }).click();

    // Assess
    await page
      .getByText('Unsubscribed from every email. The withdrawal is in their consent record with your name and reason.')
      .waitFor();
    const withdrawal = page.locator('.console-timeline__entry', { hasText: 'Unsubscribed, through the console' });
    await withdrawal.waitFor();
    expect(await detailIn(withdrawal, 'Reason')).toBe('Asked by phone to stop all email');
    expect(await detailIn(withdrawal, 'Recorded by')).toBe(OWNER);
    await page.getByRole('cell', { name: 'Unsubscribed' }).waitFor();
  });

  test('Subscribers counts them, filters in the URL, exports the filtered view and links to the person', async () => {
    // Act
    await openScreen(page, 'Subscribers');
    await page.getByRole('table', { name: 'People by state' }).waitFor();

    // Assess
    expect(await axeViolations(page, '/admin/subscribers')).toEqual([]);
    await screenshots(page, 'subscribers');
    const unsubscribedCandidates = Number(
      await page
        .getByRole('table', { name: 'People by state' })
        .getByRole('row', { name: /^Unsubscribed/ })
        .locator('td[data-label="Candidates"]')
        .textContent(),
    );
    expect(unsubscribedCandidates).toBeGreaterThanOrEqual(1);

    // Act
    await page.getByLabel('List', { exact: true }).selectOption('candidate');
    await page.getByLabel('State', { exact: true }).selectOption('unsubscribed');

    // Assess: the filter is in the URL; the visitor is in the view
    await page.waitForURL((url) => url.search === '?audience=candidate&state=unsubscribed');
    const link = page.getByRole('link', { name: visitor.email });
    await link.waitFor();

    // Act
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export this view as CSV' }).click(),
    ]);

    // Assess: every row of the count, and only the filtered ones
    const [header, ...rows] = (await downloaded(download)).trim().split(/\r?\n/);
    expect(header).toBe('"audience","state","email","firstName","lastName","topics","since","impliedUntil"');
    expect(rows).toHaveLength(unsubscribedCandidates);
    expect(rows.every((row) => row.startsWith('"candidate","unsubscribed",'))).toBe(true);
    expect(rows.some((row) => row.includes(`,"${visitor.email}",`))).toBe(true);

    // Act
    await link.click();

    // Assess
    await page.getByRole('heading', { level: 2, name: visitor.email }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/people');
    expect(page.url()).not.toContain('@');
  });

  test('erasing a second person takes the address typed again, and the page then shows the erasure', async () => {
    // Prepare
    await openScreen(page, 'People');
    await findPerson(page, other.email);
    const erase = page.getByRole('button', { name: 'Erase everything about this person' });

    // Act
    await page.getByLabel('Type the address again to confirm').fill(other.email.slice(0, -1));

    // Assess
    await expect(erase.isDisabled()).resolves.toBe(true);
    expect(await axeViolations(page, '/admin/people (erasure)')).toEqual([]);

    // Act
    await page.getByLabel('Type the address again to confirm').fill(other.email);
    await erase.click();

    // Assess
    await page.getByText(/^Erased\. .*Deleted: 1 message sent to the firm, 1 subscription,/).waitFor();
    await page.getByRole('heading', { name: /^Erased on request/ }).waitFor();
    await page.getByText('This address is suppressed since').waitFor();
    await expect(page.getByRole('heading', { name: 'Consent kept as proof' }).isVisible()).resolves.toBe(true);
    await screenshots(page, 'erased');
  });

  test('the audit log shows the view, the exports, the unsubscribe and the erasure', async () => {
    // Act
    await openScreen(page, 'Audit log');
    await page.getByRole('cell', { name: /^Erased a person on request/ }).waitFor();

    // Assess
    const summaries = await page.locator('td[data-label="What happened"]').allTextContents();
    for (const summary of [
      "Viewed a person's record",
      "Downloaded a person's consent evidence",
      'Unsubscribed a person from every email at their request (1 subscription)',
      'Exported',
      'Erased a person on request: 1 lead, 1 subscription, 0 campaign email records',
    ])
      expect(summaries.some((text) => text.startsWith(summary))).toBe(true);
    const about = await page.locator('td[data-label="About"]').allTextContents();
    expect(about.join(' ')).not.toContain('@example.ca');
    expect(await axeViolations(page, '/admin/audit')).toEqual([]);
  });
});
