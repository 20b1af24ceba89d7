/**
 * Signing in to the console in a browser journey, the way an owner does the first time: the
 * emailed one-time link from the local inbox, then a passkey registered on Chromium's virtual
 * authenticator (docs/decisions/0070-console-sign-in.md). Also the screen helpers the console's
 * journeys share.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SIGN_IN_MESSAGES } from '#lambdas/console/sign-in-messages.ts';
import { DESKTOP, PHONE } from './browser';
import { emailsWithSubject, linksIn, waitForNextEmail } from './inbox';
import { visit } from './site';

/** The local stack's owner (infra/local: CONSOLE_OWNERS unset). */
export const OWNER = 'owner@console.test';
export const LINK_SUBJECT = 'Your sign-in link for the';

/** Chromium's virtual authenticator: a platform passkey with user verification, always present. */
export async function addPasskeyDevice(page: Page) {
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
export const screenTitled = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/**
 * Signs the owner in on this page: asks for the emailed link, follows it, registers a passkey
 * on a virtual authenticator added to the page, and waits for the signed-in frame.
 */
export async function signInAsOwner(page: Page) {
  await addPasskeyDevice(page);
  const linksBefore = (await emailsWithSubject(OWNER, LINK_SUBJECT)).length;
  await visit(page, '/admin');
  await screenTitled(page, 'Sign in to the console');
  await page.getByLabel('Your email address').fill(OWNER);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText(SIGN_IN_MESSAGES.linkOnItsWay).waitFor();
  const email = await waitForNextEmail(OWNER, LINK_SUBJECT, linksBefore);
  const link = new URL(linksIn(email).find((href) => href.includes('/admin/enrol#'))!);
  await visit(page, link.pathname + link.hash);
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await page.getByRole('banner').getByText(OWNER).waitFor();
}

/**
 * With CONSOLE_SCREENSHOTS=<dir>, photographs the page at both widths for a person to look at
 * before calling a screen done; nothing compares them.
 */
export async function screenshots(page: Page, name: string) {
  const dir = process.env.CONSOLE_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
