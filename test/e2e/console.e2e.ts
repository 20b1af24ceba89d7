/**
 * The owners' console in a real browser (docs/decisions/0070-console-sign-in.md): enrolment
 * through the emailed link, a passkey registered on Chromium's virtual authenticator, sign-out,
 * sign-in with that passkey, the audit log's entries, the Security screen's list of passkeys, axe
 * on every screen (the Security screen at 1280 and 390 px), and a console that is closed after the
 * last sign-out (the API answers 401, the sign-in screen shows).
 */
import type { Page } from 'playwright-core';
import { SIGN_IN_MESSAGES } from '#lambdas/console/sign-in/sign-in-messages.ts';
import { axeViolations } from './support/axe';
import { DESKTOP, pagesForFile, PHONE, scrollsSideways } from './support/browser';
import {
  addPasskeyDevice,
  askForSignInLink,
  enrolPathIn,
  LINK_SUBJECT,
  navLinksOutOfView,
  OWNER,
  screenshots,
  screenTitled,
} from './support/console';
import { emailsWithSubject } from './support/inbox';
import { fetchRaw, visit } from './support/site';

const openPage = pagesForFile();

describe('the console, from the emailed link to the audit log and out again', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openPage(DESKTOP));
    await addPasskeyDevice(page);
  });

  test('a stranger at /admin sees the sign-in screen, and asking for a link answers in plain words', async () => {
    // Act
    await visit(page, '/admin');

    // Assess
    await screenTitled(page, 'Sign in to the console');
    expect(await axeViolations(page, '/admin sign-in')).toEqual([]);
    await screenshots(page, 'sign-in');

    // Act, Assess: the link's email arrives after the screen says it is on its way
    await askForSignInLink(page);
  });

  test('the emailed link registers a passkey on this device and opens the leads inbox', async () => {
    // Prepare
    const enrolPath = enrolPathIn((await emailsWithSubject(OWNER, LINK_SUBJECT)).at(-1)!);
    expect(enrolPath.split('#')[0]).toBe('/admin/enrol');

    // Act
    await visit(page, enrolPath);

    // Assess: the token left the address bar; nothing registered before the button is pressed
    await screenTitled(page, 'Register a passkey on this device');
    expect(new URL(page.url()).hash).toBe('');
    expect(await axeViolations(page, '/admin/enrol')).toEqual([]);
    await screenshots(page, 'enrol');

    // Act
    await page.getByRole('button', { name: 'Register a passkey' }).click();

    // Assess: Leads is the console's first screen
    await screenTitled(page, 'Leads');
    expect(new URL(page.url()).pathname).toBe('/admin/leads');
    await expect(page.getByRole('banner').getByText(OWNER).isVisible()).resolves.toBe(true);
  });

  test('sign out, then sign in with the passkey: the audit log shows both, newest first', async () => {
    // Act
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();

    // Assess
    await screenTitled(page, 'Sign in to the console');
    await page.getByText(SIGN_IN_MESSAGES.signedOut).waitFor();

    // Act
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await screenTitled(page, 'Leads');
    await page.getByRole('link', { name: 'Audit log' }).click();

    // Assess
    await screenTitled(page, 'Audit log');
    const rows = page.getByRole('table').getByRole('row');
    await rows.nth(1).getByRole('cell', { name: 'Signed in' }).waitFor();
    const summaries = await page.locator('td[data-label="What happened"]').allTextContents();
    // The registration signed the owner in too (one entry each), then the sign-out and the passkey sign-in.
    // The link request itself is not logged: it came from a browser with no session of the owner's,
    // and anyone can type an owner's address (0070, amendment of 2026-11-28, part 3).
    expect(summaries.slice(0, 4)).toEqual(['Signed in', 'Signed out', 'Signed in', 'Registered a passkey']);
    const actors = await page.locator('td[data-label="Who"]').allTextContents();
    expect(actors.slice(0, 4)).toEqual(Array(4).fill(OWNER));
    expect(await axeViolations(page, '/admin/audit')).toEqual([]);
    await screenshots(page, 'audit');
  });

  test('the Security screen lists the passkey registered here, with axe clean at 1280 px and at 390 px, where nothing scrolls sideways', async () => {
    // Act
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Security' }).click();

    // Assess
    await screenTitled(page, 'Security');
    const passkeys = page.getByRole('list').filter({ hasText: '(you signed in with this one)' }).getByRole('listitem');
    await passkeys.first().waitFor();
    await expect(passkeys.count()).resolves.toBe(1);
    expect(await axeViolations(page, '/admin/security')).toEqual([]);
    await screenshots(page, 'security');

    // Act
    await page.setViewportSize(PHONE);

    // Assess: the last screen of the menu open, and every screen's link still in view
    expect(await navLinksOutOfView(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page, '/admin/security at 390 px')).toEqual([]);

    // Act: the rename form open
    await page.getByRole('button', { name: 'Rename' }).click();

    // Assess
    await page.getByLabel('New name').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page, '/admin/security (renaming) at 390 px')).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize(DESKTOP);
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
