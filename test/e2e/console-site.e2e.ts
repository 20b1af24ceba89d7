/**
 * The Site screen in a real browser (issue 32, part 5): synthetic visitors, each a browser of its
 * own kind (its own user agent; no cookie links two of them) reading pages of the local site, whose
 * beacons the local stack counts, two of them from a campaign email's link and one signing up; a
 * crawler's visit, not counted. The owner, signed in with a passkey, sees exactly that traffic on
 * the Site screen: the totals grown by it (other journeys may have counted visits earlier today on
 * this stack), the campaign's row and its CSV line exactly, today's row of the chart's table;
 * axe finds nothing at 1280 px and at 390 px, where nothing scrolls sideways.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { apiPath } from '#shared/paths.ts';
import { CAMPAIGN_UTM } from '#shared/site-visits.ts';
import { axeViolations } from './support/axe';
import {
  baseUrl,
  DESKTOP,
  launchBrowser,
  PHONE,
  pagesForFile,
  REACT_COMMIT_PROBE,
  scrollsSideways,
  type Viewport,
} from './support/browser';
import { enrolAndSignIn, navLinksOutOfView, screenshots, screenTitled } from './support/console';
import { consentBox, fillPerson, modalText, signupForm, submitButton } from './support/forms';
import { uniqueAddress } from './support/inbox';
import { visit } from './support/site';

const openPage = pagesForFile();

/** Browsers as people use them; each is a visitor of its own (the same address, another agent). */
const AGENTS = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  tablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  crawler: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
} as const;

/** This run's campaign: no other journey's visit carries it. */
const CAMPAIGN = `site-journey-${Date.now().toString(36)}`;
const FROM_CAMPAIGN = `/?utm_source=${CAMPAIGN_UTM.source}&utm_medium=${CAMPAIGN_UTM.medium}&utm_campaign=${CAMPAIGN}`;

const contexts: BrowserContext[] = [];
afterAll(() => Promise.all(contexts.map((context) => context.close())));

/** A fresh browser session (no cookie, no storage from before) with this agent. */
async function browserOf(userAgent: string, viewport: Viewport = PHONE): Promise<Page> {
  const context = await (await launchBrowser()).newContext({ userAgent, viewport, baseURL: baseUrl() });
  await context.addInitScript({ content: REACT_COMMIT_PROBE });
  contexts.push(context);
  return context.newPage();
}

/** Opens a page as a visitor and waits for its beacon's answer (204 whether or not it counted). */
async function read(page: Page, path: string) {
  const [beacon] = await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === apiPath('collectVisit') && response.request().method() === 'POST',
    ),
    visit(page, path),
  ]);
  expect(beacon.status()).toBe(204);
}

/** What the Site screen says now: its totals, and the rows of a list as read (key first). */
const totalOf = async (page: Page, name: string) =>
  Number(
    (
      await page
        .locator('.site-totals > div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
        .locator('.site-totals__value')
        .textContent()
    )?.replace(/,/g, ''),
  );
const totals = async (page: Page) => ({
  visitors: await totalOf(page, 'Visitors'),
  views: await totalOf(page, 'Page views'),
  conversions: await totalOf(page, 'Conversions'),
});
const rowOf = (page: Page, list: string, key: string) =>
  page
    .getByRole('region', { name: list })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: key, exact: true }) })
    .locator('th, td')
    .allTextContents();

/** Opens the Site screen from the navigation and waits for its figures. */
async function openSite(page: Page) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Site' }).click();
  await screenTitled(page, 'Site');
  await page.locator('.site-totals__value').first().waitFor();
}

describe('the Site screen counts the synthetic traffic exactly', () => {
  let owner: Page;
  let before: Awaited<ReturnType<typeof totals>>;

  beforeAll(async () => {
    ({ page: owner } = await openPage(DESKTOP));
    await enrolAndSignIn(owner, 'Leads');
    await openSite(owner);
    before = await totals(owner);
  });

  test('four visitors, one signing up, and a crawler: the totals, the campaign and today grow by exactly that', async () => {
    // Act: a visitor from the campaign's link reads two pages, then comes back in a new session (no
    // cookie to recognise it: the same browser, the same day, counts once) for a third view
    const mac = await browserOf(AGENTS.mac, DESKTOP);
    await read(mac, FROM_CAMPAIGN);
    await read(mac, '/about');
    await read(await browserOf(AGENTS.mac, DESKTOP), '/about');
    // another from the campaign's link signs up on the contact page (a conversion)
    const iPhone = await browserOf(AGENTS.iPhone);
    await read(iPhone, FROM_CAMPAIGN);
    await read(iPhone, '/contact');
    const form = signupForm(iPhone);
    await fillPerson(form, { firstName: 'Robin', lastName: 'Visitor', email: uniqueAddress('site-journey') });
    await consentBox(form).check();
    await submitButton(form).click();
    await modalText(iPhone);
    // two read without a campaign; a crawler is not counted
    await read(await browserOf(AGENTS.windows, DESKTOP), '/blog');
    const tablet = await browserOf(AGENTS.tablet);
    await read(tablet, '/about');
    await read(tablet, '/employer');
    await read(await browserOf(AGENTS.crawler), FROM_CAMPAIGN);

    // Act: the owner looks again
    await owner.reload();
    await screenTitled(owner, 'Site');
    await owner.locator('.site-totals__value').first().waitFor();

    // Assess: 4 visitors, 3 + 2 + 1 + 2 views, 1 conversion more
    expect(await totals(owner)).toEqual({
      visitors: before.visitors + 4,
      views: before.views + 8,
      conversions: before.conversions + 1,
    });
    // the campaign's two visits, their five views and the sign-up, 1 of 2
    expect(await rowOf(owner, 'Campaigns', CAMPAIGN)).toEqual([CAMPAIGN, '2', '5', '1', '50%']);
    // today, the last day of the visitors' table, holds them
    const figure = owner.getByRole('figure', { name: 'Visitors', exact: true });
    await figure.getByText('Visitors: every day as a table').click();
    const today = await figure.getByRole('row').last().locator('td').first().textContent();
    expect(Number(today?.replace(/,/g, ''))).toBeGreaterThanOrEqual(4);
    expect(await figure.getByRole('img').getAttribute('aria-label')).toMatch(/^Visitors, .+: [\d,]+ visitors? in all/);
  });

  test('the CSV holds the campaign’s line as the screen shows it', async () => {
    // Act
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Export CSV' }).click(),
    ]);

    // Assess
    expect(download.suggestedFilename()).toMatch(/^site-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).split(/\r?\n/);
    expect(lines[0]).toBe('"list","key","visitors","views","conversions","conversion rate"');
    expect(lines).toContain(`"campaigns","${CAMPAIGN}","2","5","1","0.5"`);
    await owner.getByText(/^Downloaded site-.+\.csv: [\d,]+ rows\.$/).waitFor();
  });

  test('axe finds nothing at 1280 px and at 390 px, where nothing scrolls sideways and every screen is in view', async () => {
    // Assess: desktop, a chart's table open
    expect(await axeViolations(owner, '/admin/site (1280 px)')).toEqual([]);

    // Act
    await owner.setViewportSize(PHONE);

    // Assess
    expect(await scrollsSideways(owner)).toBe(false);
    expect(await navLinksOutOfView(owner)).toEqual([]);
    expect(await axeViolations(owner, '/admin/site (390 px)')).toEqual([]);

    // Act: chosen days refused in words, the lists opened in full
    await owner.getByLabel('First day').fill('2026-01-10');
    await owner.getByLabel('Last day').fill('2026-01-01');
    await owner.getByRole('button', { name: 'Show these days' }).click();
    await owner.getByText('The first day must not be after the last day.').waitFor();
    for (const button of await owner.getByRole('button', { name: /^Show all \d+ / }).all()) await button.click();

    // Assess
    expect(await scrollsSideways(owner)).toBe(false);
    expect(await axeViolations(owner, '/admin/site (390 px, a refusal)')).toEqual([]);
    await screenshots(owner, 'site');
  });
});
