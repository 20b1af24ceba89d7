/**
 * The Campaigns screen in a real browser (issue 20): the owner imports the site's campaign file,
 * edits its body and sees the server's preview follow, in the email's own colours; runs the
 * checks, whose recipient count grows by exactly the eligible subscribers this test adds; sends a
 * test copy and finds it in the local inbox with its [Test] subject; the audit log shows each
 * action; then sends it, by keyboard, and follows it to delivered for every recipient, whose
 * email's HTML is the preview's. axe on each state, and nothing scrolls sideways at 390 px.
 */
import type { Page } from 'playwright-core';
import { CAMPAIGN_MESSAGES } from '#lambdas/console/campaigns/campaign-messages.ts';
import { HELD_STYLE } from '#web/src/console/screens/campaigns/email-frame-styles.ts';
import { axeViolations } from './support/axe';
import { DESKTOP, pagesForFile, PHONE, scrollsSideways } from './support/browser';
import { enrolAndSignIn, navLinksOutOfView, OWNER, screenshots, screenTitled } from './support/console';
import { emailsWithSubject, waitForNextEmail } from './support/inbox';
import { subscribeViaApi, type ApiSubscriber } from './support/subscribers';

/** The repository's campaign file (web/content/campaigns/2025-hiring-outlook.md). */
const SLUG = '2025-hiring-outlook';
const SUBJECT = 'Hiring in Alberta: what to expect this season';
/** A sentence only this run writes, to find in the preview and the test copy. */
const ADDED = `Written in the browser test ${Date.now().toString(36)}.`;

const openPage = pagesForFile();

/**
 * Waits until the preview's iframe (the page's only frame) holds the text, read as the frame's
 * document: Playwright's locators and element handles never resolve inside a frame with
 * `sandbox=""` (no script may run there), but `frame.content()` reads it.
 */
async function previewShows(page: Page, text: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    // A frame read while it is being replaced (a new preview) never answers: ask again.
    const html = await Promise.race([frame?.content().catch(() => ''), pause(1000).then(() => '')]);
    if (html?.includes(text)) return;
    if (Date.now() > deadline) throw new Error(`The preview did not show "${text}" within ${timeoutMs / 1000}s`);
    await pause(200);
  }
}

/**
 * axe on the campaign's page with the plain-text part showing: axe injects itself into every frame
 * and waits forever for one where no script may run (the HTML preview's). The frame element
 * itself carries a title; its content is the email, checked by the mail's own tests.
 */
async function campaignAxe(page: Page, label: string) {
  await page.getByRole('radio', { name: 'The plain-text version' }).check();
  await page.locator('pre.console-preview__text').waitFor();
  const violations = await axeViolations(page, label);
  await page.getByRole('radio', { name: 'The email as most people see it' }).check();
  return violations;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The HTML the preview's frame shows: its srcdoc, exactly as the server rendered it once its held
 * inline styles are named `style` again (email-frame-styles.ts: the CSP would refuse them).
 */
const previewHtml = (page: Page) =>
  page
    .locator('iframe.console-preview__frame')
    .getAttribute('srcdoc')
    .then((html) => (html ?? '').replaceAll(` ${HELD_STYLE}=`, ' style='));

/** The recipient's own links (unsubscribe, preferences: their audience and tokens), the only part that differs. */
const withoutPersonalLinks = (html: string) =>
  html
    .replace(/https?:\/\/[^"]*\/unsubscribe\/[^"]*/g, '<unsubscribe link>')
    .replace(/https?:\/\/[^"]*\/(candidate|employer)\/setting\/[^"]*/g, '<preferences link>');

/** A computed style inside the preview's frame (same origin, no script of its own). */
const framed = (page: Page, selector: string, property: 'backgroundColor' | 'color') =>
  page.evaluate(
    ([selector, property]) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.console-preview__frame');
      const element = frame?.contentDocument?.querySelector(selector);
      return element ? getComputedStyle(element)[property as 'color'] : undefined;
    },
    [selector, property],
  );

/** The number the checks show: "<n> people would get it." */
const recipientsShown = async (page: Page) =>
  Number(await page.locator('.console-preflight__recipients strong').textContent());

async function checkAgain(page: Page) {
  await page.getByRole('button', { name: 'Check again' }).click();
  await page.getByRole('button', { name: 'Check again' }).waitFor();
  await page.getByText(/^Checked /).waitFor();
}

describe('Campaigns, from the site’s file to a test copy in the inbox, then sent and delivered', () => {
  let page: Page;
  /** The two subscribers the checks' test adds; the send reaches them. */
  let added: ApiSubscriber[] = [];
  /** What the browser logged about the Content-Security-Policy: the preview once logged 36 a page. */
  const cspErrors: string[] = [];

  beforeAll(async () => {
    ({ page } = await openPage(DESKTOP));
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await enrolAndSignIn(page, 'Leads');
  });

  test('the list offers the site’s campaign file, and importing it opens it as a draft', async () => {
    // Act
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Campaigns' }).click();
    await screenTitled(page, 'Campaigns');
    const importButton = page.getByRole('button', { name: `Import “${SUBJECT}”` });
    await importButton.waitFor();

    // Assess
    expect(await axeViolations(page, '/admin/campaigns')).toEqual([]);
    await screenshots(page, 'campaigns');

    // Act
    await importButton.click();

    // Assess
    await screenTitled(page, SUBJECT);
    expect(new URL(page.url()).pathname).toBe(`/admin/campaigns/${SLUG}`);
    await page.getByText(CAMPAIGN_MESSAGES.imported(SLUG)).waitFor();
    await page.getByText(`imported from web/content/campaigns/${SLUG}.md`, { exact: false }).waitFor();
    await expect(page.getByLabel('Subject', { exact: true }).inputValue()).resolves.toBe(SUBJECT);
    await page.getByText(`${SUBJECT.length} of 50 characters`).waitFor();
  });

  test('editing the body updates the server’s preview, HTML and text, after a pause in typing', async () => {
    // Prepare
    await previewShows(page, 'Fewer, better interviews');

    // Act
    await page.getByLabel('Body').press('ControlOrMeta+End');
    await page.getByLabel('Body').pressSequentially(`\n\n${ADDED}`);

    // Assess: the HTML in the sandboxed frame, whose links the page says are whose
    await previewShows(page, ADDED);
    await expect(page.locator('iframe.console-preview__frame').getAttribute('sandbox')).resolves.toBe(
      'allow-same-origin',
    );
    await page
      .getByText(/^(With the links of .+, who would get it|Nobody of this audience would get it yet)/)
      .waitFor();
    expect(await campaignAxe(page, '/admin/campaigns/<slug> (editing)')).toEqual([]);

    // Assess: in the email's own colours (its inline styles), under the console's strict CSP
    await expect(framed(page, 'body', 'backgroundColor')).resolves.toBe('rgb(251, 248, 243)');
    await expect(framed(page, 'p', 'color')).resolves.toBe('rgb(15, 76, 92)');
    const consoleCsp = (await page.request.get('/admin')).headers()['content-security-policy'];
    expect(consoleCsp).toMatch(/style-src 'self'[^;]*;/);
    expect(consoleCsp).not.toContain('unsafe-inline');
    expect(cspErrors).toEqual([]);

    // Act
    await page.getByRole('radio', { name: 'Phone width (390 px)' }).check();

    // Assess
    const frameWidth = await page.locator('iframe.console-preview__frame').evaluate((frame) => frame.clientWidth);
    expect(frameWidth).toBe(390);

    // Act
    await page.getByRole('radio', { name: 'The plain-text version' }).check();

    // Assess
    await expect(page.locator('pre.console-preview__text').textContent()).resolves.toContain(ADDED);
    await page.getByRole('radio', { name: 'The email as most people see it' }).check();

    // Act
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // Assess
    await page.getByText(CAMPAIGN_MESSAGES.saved(SLUG)).waitFor();
  });

  test('the checks count exactly the eligible subscribers added, and list every link', async () => {
    // Prepare: the count before, then two people who confirm their subscription
    await page.getByText(/^Checked /).waitFor();
    const before = await recipientsShown(page);
    added = await Promise.all([subscribeViaApi('candidate', 'campaign-a'), subscribeViaApi('employer', 'campaign-b')]);

    // Act
    await checkAgain(page);

    // Assess
    expect(await recipientsShown(page)).toBe(before + 2);
    const checks = page.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    // Seven: the seventh looks for a subscriber's personal link in the body (issue 33, part 5).
    await expect(checks.count()).resolves.toBe(7);
    await expect(checks.filter({ hasText: 'Who gets it' }).textContent()).resolves.toMatch(/^OK/);
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    expect(await campaignAxe(page, '/admin/campaigns/<slug> (checks)')).toEqual([]);
    await screenshots(page, 'campaign');
  });

  test('a test copy goes to the signed-in owner, with [Test] before the subject and the edited body', async () => {
    // Prepare
    const subject = `[Test] ${SUBJECT}`;
    const seen = (await emailsWithSubject(OWNER, subject)).length;

    // Act
    await page.getByRole('button', { name: 'Send me a test copy' }).click();

    // Assess
    await page.getByText(CAMPAIGN_MESSAGES.testSent(OWNER)).waitFor();
    const email = await waitForNextEmail(OWNER, subject, seen);
    expect(email.subject).toBe(subject);
    expect(email.body.text).toContain(ADDED);
    expect(await emailsWithSubject(OWNER, subject)).toHaveLength(seen + 1);
    expect(await campaignAxe(page, '/admin/campaigns/<slug> (test sent)')).toEqual([]);
  });

  test('the audit log shows the import, the save and the test copy, by the owner, newest first', async () => {
    // Act
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();

    // Assess
    await screenTitled(page, 'Audit log');
    await page
      .getByRole('cell', { name: `Sent a test copy to ${OWNER}` })
      .first()
      .waitFor();
    const column = (label: string) => page.locator(`td[data-label="${label}"]`).allTextContents();
    const [summaries, abouts, actors] = await Promise.all(['What happened', 'About', 'Who'].map(column));
    // A preview showing a real subscriber's links is audited too (issue 33, part 6), about that
    // person, once an hour: it may stand among these actions, depending on when the preview ran.
    const actions = summaries!
      .map((summary, row) => ({ summary, about: abouts![row], who: actors![row] }))
      .filter(({ summary }) => !summary.startsWith('Previewed a campaign'));
    expect(actions.slice(0, 3)).toEqual([
      { summary: `Sent a test copy to ${OWNER}`, about: SLUG, who: OWNER },
      { summary: `Saved changes to the draft "${SUBJECT}"`, about: SLUG, who: OWNER },
      { summary: CAMPAIGN_MESSAGES.imported(SLUG), about: SLUG, who: OWNER },
    ]);
  });

  test('at 390 px the list and the campaign fit the screen, without sideways scrolling', async () => {
    // Prepare
    await page.setViewportSize(PHONE);

    // Act
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('link', { name: SUBJECT }).waitFor();

    // Assess: every screen's link in view, none cut in half by a row scrolled to show Campaigns
    expect(await navLinksOutOfView(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page, '/admin/campaigns at 390 px')).toEqual([]);

    // Act
    await page.getByRole('link', { name: SUBJECT }).click();
    await screenTitled(page, SUBJECT);
    await previewShows(page, ADDED);

    // Assess: the phone-width preview too scrolls inside its box, not the page
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('radio', { name: 'Phone width (390 px)' }).check();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Send me a test copy' }).scrollIntoViewIfNeeded();
    expect(await campaignAxe(page, '/admin/campaigns/<slug> at 390 px')).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });

  test('sent by keyboard: asked with the count, followed to delivered for every recipient, whose email is the preview', async () => {
    // Prepare: the campaign's page, its checks and the HTML its preview shows
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('link', { name: SUBJECT }).click();
    await screenTitled(page, SUBJECT);
    await previewShows(page, ADDED);
    const shown = await previewHtml(page);
    await page.getByText(/^Checked /).waitFor();
    const recipients = await recipientsShown(page);

    // Act
    await page.getByRole('button', { name: 'Send now' }).focus();
    await page.keyboard.press('Enter');

    // Assess: asked first, the confirming button focused
    await page.getByText(`Send to ${recipients} subscribers now?`).waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Yes, send it now');
    expect(await campaignAxe(page, '/admin/campaigns/<slug> (asking to send)')).toEqual([]);
    await page.getByRole('button', { name: 'Yes, send it now' }).focus();

    // Act
    await page.keyboard.press('Enter');

    // Assess: the frozen campaign, its progress until sent
    await page.getByText(CAMPAIGN_MESSAGES.sendingNow(SLUG, recipients)).waitFor();
    await page.locator('.console-send__stage', { hasText: /^Sent$/ }).waitFor({ timeout: 60_000 });
    await expect(page.getByLabel('Body').count()).resolves.toBe(0);
    const sentCount = Number(
      (await page
        .locator('.console-send__counts div', { hasText: 'Sent (accepted' })
        .locator('dd')
        .textContent())!.replace(/,/g, ''),
    );
    expect(sentCount).toBe(recipients);

    // Act: SES's Delivery events arrive after the sends; asked for by keyboard until all are in
    const delivered = () =>
      page
        .getByRole('table', { name: 'The whole campaign' })
        .getByRole('row', { name: /^Delivered/ })
        .locator('td')
        .textContent();
    const deadline = Date.now() + 60_000;
    while ((await delivered()) !== String(recipients) && Date.now() < deadline) {
      await page.getByRole('button', { name: 'Check for new results' }).focus();
      await page.keyboard.press('Enter');
      await pause(1000);
    }

    // Assess: delivered for every recipient; each added subscriber got it once, as the preview showed it
    expect(await delivered()).toBe(String(recipients));
    for (const subscriber of added) {
      const emails = await emailsWithSubject(subscriber.email, SUBJECT);
      expect(emails.filter((email) => email.subject === SUBJECT)).toHaveLength(1);
      expect(withoutPersonalLinks(emails.find((email) => email.subject === SUBJECT)!.body.html ?? '')).toBe(
        withoutPersonalLinks(shown),
      );
    }
    expect(await campaignAxe(page, '/admin/campaigns/<slug> (sent)')).toEqual([]);
    await screenshots(page, 'campaign-sent');
    expect(cspErrors).toEqual([]);

    // Assess: at 390 px
    await page.setViewportSize(PHONE);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await campaignAxe(page, '/admin/campaigns/<slug> (sent) at 390 px')).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });
});
