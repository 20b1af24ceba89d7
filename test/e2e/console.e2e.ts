/**
 * The owners' console in a real browser (docs/decisions/0070-console-sign-in.md): enrolment
 * through the emailed link, a passkey registered on Chromium's virtual authenticator, sign-out,
 * sign-in with that passkey, the audit log's entries, axe on every screen, and a console that is
 * closed after the last sign-out (the API answers 401, the sign-in screen shows).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SIGN_IN_MESSAGES } from '#lambdas/console/sign-in-messages.ts';
import { axeViolations } from './support/axe';
import { DESKTOP, pagesForFile, PHONE } from './support/browser';
import { emailsWithSubject, linksIn, waitForNextEmail } from './support/inbox';
import { fetchRaw, visit } from './support/site';

/** The local stack's owner (infra/local: CONSOLE_OWNERS unset). */
const OWNER = 'owner@console.test';
const LINK_SUBJECT = 'Your sign-in link for the';
/**
 * With CONSOLE_SCREENSHOTS=<dir>, each screen is photographed at both widths for a person to
 * look at before calling a screen done; nothing compares them.
 */
const SHOTS = process.env.CONSOLE_SCREENSHOTS;

const openPage = pagesForFile();

/** Chromium's virtual authenticator: a platform passkey with user verification, always present. */
async function addPasskeyDevice(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** Waits for the screen whose heading this is (screens change after the API answers). */
const screenTitled = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

async function screenshots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

describe('the console, from the emailed link to the audit log and out again', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openPage(DESKTOP));
    await addPasskeyDevice(page);
  });

  test('a stranger at /admin sees the sign-in screen, and asking for a link answers in plain words', async () => {
    // Prepare
    const linksBefore = (await emailsWithSubject(OWNER, LINK_SUBJECT)).length;

    // Act
    await visit(page, '/admin');

    // Assess
    await screenTitled(page, 'Sign in to the console');
    expect(await axeViolations(page, '/admin sign-in')).toEqual([]);
    await screenshots(page, 'sign-in');

    // Act
    await page.getByLabel('Your email address').fill(OWNER);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();

    // Assess
    await page.getByText(SIGN_IN_MESSAGES.linkOnItsWay).waitFor();
    await waitForNextEmail(OWNER, LINK_SUBJECT, linksBefore);
  });

  test('the emailed link registers a passkey on this device and opens the audit log', async () => {
    // Prepare
    const emails = await emailsWithSubject(OWNER, LINK_SUBJECT);
    const link = linksIn(emails.at(-1)!).find((href) => href.includes('/admin/enrol#'))!;
    expect(new URL(link).pathname).toBe('/admin/enrol');

    // Act
    await visit(page, new URL(link).pathname + new URL(link).hash);

    // Assess: the token left the address bar; nothing registered before the button is pressed
    await screenTitled(page, 'Register a passkey on this device');
    expect(new URL(page.url()).hash).toBe('');
    expect(await axeViolations(page, '/admin/enrol')).toEqual([]);
    await screenshots(page, 'enrol');

    // Act
    await page.getByRole('button', { name: 'Register a passkey' }).click();

    // Assess
    await screenTitled(page, 'Audit log');
    expect(new URL(page.url()).pathname).toBe('/admin/audit');
    await expect(page.getByRole('banner').getByText(OWNER).isVisible()).resolves.toBe(true);
    await page.getByRole('cell', { name: 'Registered a passkey' }).first().waitFor();
  });

  test('sign out, then sign in with the passkey: the audit log shows both, newest first', async () => {
    // Act
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();

    // Assess
    await screenTitled(page, 'Sign in to the console');
    await page.getByText(SIGN_IN_MESSAGES.signedOut).waitFor();

    // Act
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();

    // Assess
    await screenTitled(page, 'Audit log');
    const rows = page.getByRole('table').getByRole('row');
    await rows.nth(1).getByRole('cell', { name: 'Signed in' }).waitFor();
    const summaries = await page.locator('td[data-label="What happened"]').allTextContents();
    // The registration signed the owner in too (one entry each), then the sign-out and the passkey sign-in.
    expect(summaries.slice(0, 5)).toEqual([
      'Signed in',
      'Signed out',
      'Signed in',
      'Registered a passkey',
      'Asked for a sign-in link',
    ]);
    const actors = await page.locator('td[data-label="Who"]').allTextContents();
    expect(actors.slice(0, 5)).toEqual(Array(5).fill(OWNER));
    expect(await axeViolations(page, '/admin/audit')).toEqual([]);
    await screenshots(page, 'audit');
  });

  test('a reload keeps the owner on the same screen, signed in', async () => {
    // Act
    await visit(page, '/admin/audit');

    // Assess
    await screenTitled(page, 'Audit log');
    await expect(page.getByRole('banner').getByText(OWNER).isVisible()).resolves.toBe(true);
  });

  test('after "Sign out everywhere" the console is closed: the API answers 401 and the sign-in screen shows', async () => {
    // Act
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();

    // Assess
    await page.getByText(SIGN_IN_MESSAGES.signedOutEverywhere).waitFor();
    await screenTitled(page, 'Sign in to the console');
    const answer = await page.request.get('/api/admin/audit');
    expect(answer.status()).toBe(401);
    await visit(page, '/admin/audit');
    await screenTitled(page, 'Sign in to the console');
    await expect(page.getByRole('table').count()).resolves.toBe(0);
  });
});

describe('the console shell as a crawler sees it', () => {
  test.each(['/admin', '/admin/enrol', '/admin/audit'])('%s says noindex in its header and its HTML', async (path) => {
    // Act
    const response = await fetchRaw(path);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  test('a path that only looks like the console is a 404, and /api/* still answers JSON', async () => {
    // Act
    const lookalike = await fetchRaw('/administrator');
    const api = await fetchRaw('/api/admin/audit');

    // Assess
    expect(lookalike.status).toBe(404);
    expect(lookalike.headers.get('x-robots-tag')).toBeNull();
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
